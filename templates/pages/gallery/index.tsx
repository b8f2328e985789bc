import type { PageContext, PageMeta } from '../../../src/index.ts';
import { ProjectCard } from '../../components/cards.tsx';
import { Layout } from '../../components/layout.tsx';
import { CallToAction, PageHero } from '../../components/sections.tsx';
import { pageMeta } from '../../lib/page-meta.ts';
import { projectCategories } from '../../schema/content.ts';
import type { SiteData } from '../../collections.ts';

type Context = PageContext<SiteData>;

export const GALLERY_EMPTY_TEXT = 'No projects found in this category. Please check back soon as we update our portfolio.';

export function meta(context: Context): PageMeta {
  return pageMeta(context, {
    title: `Project Gallery | ${context.data.business.name}`,
    description: 'Custom homes, additions, ADUs, full home remodels, kitchens and bathrooms we have designed and built across the Bay Area.',
    scripts: ['scripts/gallery.ts'],
  });
}

export default function Gallery(context: Context) {
  const { projects } = context.data;
  return (
    <Layout context={context}>
      <PageHero title="Project Gallery" subtitle="A selection of homes we have designed and built for families across the Bay Area." />
      <section className="section" aria-labelledby="gallery-title">
        <div className="container" data-gallery-filter="">
          <h2 id="gallery-title" className="sr-only">
            Projects
          </h2>
          <div className="filters" role="group" aria-label="Filter projects by category">
            {['All', ...projectCategories].map((category) => (
              <button key={category} type="button" className="filter-button" data-category={category} aria-pressed={category === 'All'}>
                {category}
              </button>
            ))}
          </div>
          <ul className="card-grid card-grid-3 gallery-grid">
            {projects.map((project, index) => (
              <li key={project.id} data-category={project.category}>
                <ProjectCard project={project} priority={index === 0} />
              </li>
            ))}
          </ul>
          <p className="gallery-empty" hidden>
            {GALLERY_EMPTY_TEXT}
          </p>
          <p className="gallery-status sr-only" role="status" />
        </div>
      </section>
      <CallToAction id="gallery-cta" title="Picture Your Project Here" text="Every one of these projects started with a free consultation." label="Get a Free Consultation" />
    </Layout>
  );
}
