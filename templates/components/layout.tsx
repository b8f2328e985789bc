import type { ReactNode } from 'react';
import type { SiteData } from '../site.config.ts';

/** The frame of every page: skip link, header, main content and footer. */
export function Layout({ data, year, children }: { data: SiteData; year: number; children: ReactNode }) {
  const { business } = data;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <a className="brand" href="/">
          {business.name}
        </a>
        <nav aria-label="Main">
          <a href="/">Home</a> <a href="/contact">Contact</a>
        </nav>
      </header>
      <main id="main">{children}</main>
      <footer className="site-footer">
        <p>{business.tagline}</p>
        <p>
          <a href={`tel:${business.phone.replace(/\D/g, '')}`}>{business.phone}</a> ·{' '}
          <a href={`mailto:${business.email}`}>{business.email}</a>
        </p>
        <p>
          © {year} {business.name}. {business.licenseLine}
        </p>
      </footer>
    </>
  );
}
