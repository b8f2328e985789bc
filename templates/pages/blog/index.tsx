import type { PageContext, PageMeta } from '../../../src/index.ts';
import { PostCard } from '../../components/cards.tsx';
import { Layout } from '../../components/layout.tsx';
import { CallToAction, PageHero } from '../../components/sections.tsx';
import { BLOG_LIST_SIZE } from '../../constants.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import type { SiteData } from '../../collections.ts';

type Context = PageContext<SiteData>;

/** Newest first, at most the spec's list size. (YYYY-MM-DD dates sort as plain strings.) */
export function blogList(data: SiteData): SiteData['posts'] {
  return [...data.posts].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)).slice(0, BLOG_LIST_SIZE);
}

export function meta(context: Context): PageMeta {
  return pageMeta(context, {
    title: `Design & Build Insights | ${context.data.business.name} Blog`,
    description: 'Expert advice, inspiration, and industry knowledge from our team: additions, ADUs, kitchens, permits, sustainable building and small-space design.',
  });
}

export default function Blog(context: Context) {
  return (
    <Layout context={context}>
      <PageHero title="Design & Build Insights" subtitle="Expert advice, inspiration, and industry knowledge from our team." />
      <section className="section" aria-label="Articles">
        <div className="container">
          <ul className="card-grid card-grid-3 blog-grid">
            {blogList(context.data).map((post, index) => (
              <li key={post.slug}>
                <PostCard post={post} priority={index === 0} />
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CallToAction id="blog-cta" title="Ready to Start Your Project?" text="Talk with our team about your home; the first consultation is free." label="Book Your Consultation" />
    </Layout>
  );
}
