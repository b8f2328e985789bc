import type { PageContext, PageMeta } from '../../src/index.ts';
import { PhoneLink } from '../components/footer.tsx';
import { Mail, Phone } from '../components/icons.tsx';
import { Layout } from '../components/layout.tsx';
import { pageMeta } from '../lib/page-meta.ts';
import type { SiteData } from '../collections.ts';

type Context = PageContext<SiteData>;

/** The service worker shows this page for a page that is neither reachable nor cached. */
export function meta(context: Context): PageMeta {
  return pageMeta(context, {
    title: `You're Offline | ${context.data.business.name}`,
    description: 'This page is not available offline. Pages you have visited still open, and you can reach us by phone or email.',
    robots: 'noindex',
    sitemap: false,
  });
}

export default function Offline(context: Context) {
  const { business } = context.data;
  return (
    <Layout context={context}>
      <div className="container not-found">
        <h1>You're offline</h1>
        <p>This page hasn't been saved on your device yet. The pages you have already visited still open; this one will load once you're back online.</p>
        <p>
          <Phone aria-hidden="true" width={18} height={18} /> Call us at <PhoneLink phone={business.phone} /> or email{' '}
          <Mail aria-hidden="true" width={18} height={18} /> <a href={`mailto:${business.email}`}>{business.email}</a>.
        </p>
        <a className="button button-primary" href="/">
          Go to the Home Page
        </a>
      </div>
    </Layout>
  );
}
