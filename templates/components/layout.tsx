import type { ReactNode } from 'react';
import type { PageContext } from '../../src/index.ts';
import { NOTICE_REGION_ID } from '../client/notices.ts';
import type { SiteData } from '../collections.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/** Where "Back to top" lands: focusable by script only, so the skip link after it stays out of sight. */
const PAGE_TOP_ID = 'top';

/** The frame of every page: page top, skip link, sticky header, main content, footer, the notices' live region. */
export function Layout({ context, children }: { context: PageContext<SiteData, unknown>; children: ReactNode }) {
  return (
    <>
      <span className="page-top sr-only" id={PAGE_TOP_ID} tabIndex={-1}>
        Top of page
      </span>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header data={context.data} path={context.path} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer data={context.data} year={context.site.time.getFullYear()} />
      <div id={NOTICE_REGION_ID} className="notices" aria-live="polite" />
    </>
  );
}
