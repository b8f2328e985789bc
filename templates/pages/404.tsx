import type { PageContext, PageMeta } from '../../src/index.ts';
import { Layout } from '../components/layout.tsx';
import { pageMeta } from '../lib/page-meta.ts';
import { locationNames, serviceLocations } from '../lib/landing-data.ts';
import { landingGrid } from '../lib/landing-grid.ts';
import type { SiteData } from '../collections.ts';

type Context = PageContext<SiteData>;

export function meta(context: Context): PageMeta {
  return pageMeta(context, {
    title: `Page Not Found | ${context.data.business.name}`,
    description: "Oops! The page you're looking for doesn't exist. Find our services, projects and contact details from the home page.",
    robots: 'noindex',
    scripts: ['scripts/not-found-diagnostics.ts'],
  });
}

// The hint's examples: two real service pages, named the way their headings name them.
const EXAMPLE_SLUGS = ['adu-contractor-palo-alto', 'room-addition-contractor-sunnyvale'];

export default function NotFound(context: Context) {
  const { data } = context;
  const locations = serviceLocations(data);
  const examples = EXAMPLE_SLUGS.flatMap((slug) => locations.filter((location) => location.slug === slug))
    .map((location) => {
      const { service, city } = locationNames(data, location);
      return { href: `/${location.slug}`, label: service && city ? `${service.title} in ${city.name}` : location.slug };
    });
  return (
    <Layout context={context}>
      <div className="container not-found">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>Oops! The page you're looking for doesn't exist.</h1>
        <p>
          Looking for one of our services in your city? Those pages are named after the service and the city, for example{' '}
          {examples.map((example, index) => (
            <span key={example.href}>
              {index > 0 ? ' or ' : null}
              <a href={example.href}>{example.label}</a>
            </span>
          ))}
          . If you typed the address, check it for a typo, or pick one of these:
        </p>
        <ul className="chips not-found-links">
          {data.site.navigation.services.map((item) => (
            <li key={item.href}>
              <a className="chip" href={item.href}>
                {item.label}
              </a>
            </li>
          ))}
          <li>
            <a className="chip" href="/contact">
              Contact us
            </a>
          </li>
        </ul>
        <a className="button button-primary" href="/">
          Return to Home
        </a>
      </div>
      <script
        type="application/json"
        id="landing-index"
        dangerouslySetInnerHTML={{
          __html: JSON.stringify(landingGrid(locations.map((location) => location.slug))),
        }}
      />
    </Layout>
  );
}
