import type { PageContext, PageMeta, StaticPath } from '../../../src/index.ts';
import { Layout } from '../../components/layout.tsx';
import { ArrowLeft } from '../../components/icons.tsx';
import { Breadcrumb, CallToAction, type TrailItem } from '../../components/sections.tsx';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { shareImage } from '../../lib/image-urls.ts';
import { pageMeta, truncate } from '../../lib/page-meta.ts';
import { breadcrumbJsonLd } from '../../lib/structured-data.ts';
import type { SiteData } from '../../collections.ts';

type Project = SiteData['projects'][number];
type Context = PageContext<SiteData, { project: Project }>;

export function getStaticPaths({ data }: { data: SiteData }): StaticPath<{ project: Project }>[] {
  return data.projects.map((project) => ({ params: { id: String(project.id) }, props: { project } }));
}

export function meta(context: Context): PageMeta {
  const { project } = context.props;
  return pageMeta(context, {
    title: `${project.title}, ${project.location} | ${context.data.business.name}`,
    description: truncate(`${project.category} in ${project.location}, completed ${project.completed}. ${project.summary}`),
    image: shareImage(project.image, context.picture),
    jsonLd: [
      breadcrumbJsonLd(trailOf(context), context.site.url),
    ],
  });
}

/** The page's breadcrumb trail, shown on the page and given to search engines. */
function trailOf(context: Context): TrailItem[] {
  return [
    { name: 'Home', path: '/' },
    { name: 'Gallery', path: '/gallery' },
    { name: context.props.project.title, path: context.path },
  ];
}

export default function ProjectPage(context: Context) {
  const { project } = context.props;
  return (
    <Layout context={context}>
      <article className="project">
        <div className="container">
          <Breadcrumb trail={trailOf(context)} />
          <h1>{project.title}</h1>
          <dl className="project-facts">
            <div>
              <dt>Location</dt>
              <dd>{project.location}</dd>
            </div>
            <div>
              <dt>Category</dt>
              <dd>{project.category}</dd>
            </div>
            <div>
              <dt>Completed</dt>
              <dd>{project.completed}</dd>
            </div>
          </dl>
          <ResponsiveImage className="project-photo" src={project.image} alt={project.imageAlt} width={1200} height={800} sizes="(min-width: 1200px) 1200px, 100vw" priority />
          {project.photos?.length ? (
            <ul className="project-photos">
              {project.photos.map((photo) => (
                <li key={photo.image}>
                  <ResponsiveImage src={photo.image} alt={photo.alt} width={800} height={600} sizes="(min-width: 1200px) 600px, (min-width: 768px) 50vw, 100vw" />
                </li>
              ))}
            </ul>
          ) : null}
          <div className="prose">
            {project.description.split('\n\n').map((paragraph) => (
              <p key={paragraph.slice(0, 24)}>{paragraph}</p>
            ))}
            <h2>Scope of Work</h2>
            <ul>
              {project.scope.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <p>
            <a className="back-link" href="/gallery">
              <ArrowLeft aria-hidden="true" width={16} height={16} />
              Back to the Gallery
            </a>
          </p>
        </div>
      </article>
      <CallToAction id="project-cta" title="Planning Something Similar?" text="Tell us about your home and what you would like to change." label="Get a Free Consultation" />
    </Layout>
  );
}
