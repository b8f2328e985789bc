import { Island, type PageContext, type PageMeta } from '../../src/index.ts';
import AdminSeoPages from '../islands/admin-seo-pages.tsx';
import { Layout } from '../components/layout.tsx';
import type { AdminListing } from '../lib/admin-filters.ts';
import { landingGrid } from '../lib/landing-grid.ts';
import { parseLandingSlug } from '../lib/landing-slug.ts';
import { cityServiceSummaryFor } from '../lib/city-services.ts';
import { siteEnv } from '../site-env.ts';
import { pageMeta } from '../lib/page-meta.ts';
import type { SiteData } from '../collections.ts';

type Context = PageContext<SiteData>;

const LANDING_SOURCE = 'templates/pages/[landing].tsx';

/**
 * The landing pages this build really renders, read from its route list: as a grid of the routing rule's
 * keywords and cities (see landing-grid.ts), and the reason of each one kept out of search.
 */
export function listing(context: Context): AdminListing {
  const slugs = context.routes.filter((route) => route.source === LANDING_SOURCE).map((route) => route.path.slice(1));
  const noindex: Record<string, string> = {};
  for (const slug of slugs) {
    const parsed = parseLandingSlug(slug);
    const reason = parsed && cityServiceSummaryFor(context.data, parsed)?.noindex;
    if (reason) noindex[slug] = reason;
  }
  return { grid: landingGrid(slugs), noindex };
}

export function meta(context: Context): PageMeta {
  return pageMeta(context, {
    title: `Admin: SEO Landing Pages | ${context.data.business.name}`,
    description: 'The list of generated city-service landing pages, for the site owner. Not for search engines.',
    robots: 'noindex, nofollow',
    sitemap: false,
  });
}

export default function AdminPage(context: Context) {
  const { salt, digest } = siteEnv(context.site.env).admin;
  return (
    <Layout context={context}>
      <div className="container admin">
        <Island component={AdminSeoPages} props={{ salt, digest, listing: listing(context) }} hydrate="load" />
        <noscript>
          <p>The admin listing needs JavaScript.</p>
        </noscript>
      </div>
    </Layout>
  );
}
