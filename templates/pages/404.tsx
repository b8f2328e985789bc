import type { PageContext, PageMeta } from '../../src/index.ts';
import { Layout } from '../components/layout.tsx';
import type { SiteData } from '../site.config.ts';

type Context = PageContext<SiteData>;

export function meta({ data }: Context): PageMeta {
  return { title: `Page not found | ${data.business.name}`, description: 'The page you are looking for does not exist.', robots: 'noindex' };
}

export default function NotFound({ data, site }: Context) {
  return (
    <Layout data={data} year={site.time.getFullYear()}>
      <section className="not-found">
        <h1>404</h1>
        <p>Oops! The page you're looking for doesn't exist.</p>
        <p>Looking for a service in your city? Service pages have addresses like /adu-contractor-palo-alto.</p>
        <a href="/">Return to Home</a>
      </section>
    </Layout>
  );
}
