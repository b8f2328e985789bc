import type { ReactNode } from 'react';
import type { PageContext } from '../../src/index.ts';
import type { SiteData } from '../site.config.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/** The frame of every page: skip link, sticky header, main content, footer. */
export function Layout({ context, children }: { context: PageContext<SiteData, unknown>; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main" id="top">
        Skip to content
      </a>
      <Header data={context.data} path={context.path} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer data={context.data} year={context.site.time.getFullYear()} />
    </>
  );
}
