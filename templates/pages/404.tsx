import type { PageContext, PageMeta } from '../../src/index.ts';
import { Layout } from '../components/layout.tsx';
import { pageMeta } from '../lib/page-meta.ts';
import { serviceLocations } from '../lib/landing-data.ts';
import type { SiteData } from '../site.config.ts';

type Context = PageContext<SiteData>;

export function meta(context: Context): PageMeta {
  return pageMeta(context, {
    title: `Page Not Found | ${context.data.business.name}`,
    description: "Oops! The page you're looking for doesn't exist. Find our services, projects and contact details from the home page.",
    robots: 'noindex',
    scripts: ['scripts/not-found-diagnostics.ts'],
  });
}

export default function NotFound(context: Context) {
  return (
    <Layout context={context}>
      <div className="container not-found">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>Oops! The page you're looking for doesn't exist.</h1>
        <p>
          Looking for a service in your city? Service pages have addresses made of the service and the city, such as{' '}
          <code>/adu-contractor-palo-alto</code> or <code>/room-addition-contractor-sunnyvale</code>. Check the address for a typo, or start from
          our <a href="/services">services</a>.
        </p>
        <a className="button button-primary" href="/">
          Return to Home
        </a>
      </div>
      <script
        type="application/json"
        id="landing-index"
        dangerouslySetInnerHTML={{
          __html: JSON.stringify({ slugs: serviceLocations(context.data).map((l) => l.slug), keywords: context.data.landingPages.keywords }),
        }}
      />
    </Layout>
  );
}
