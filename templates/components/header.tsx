import { RenderOnce } from '../../src/index.ts';
import type { SiteData } from '../collections.ts';
import { telHref } from '../lib/phone.ts';
import { ChevronDown, Menu, Phone } from './icons.tsx';

/** Active by path prefix: `/services/additions` marks Services; Home only on `/`. */
export function isActive(href: string, path: string): boolean {
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}

/**
 * All the header takes of a page's path: the `aria-current` of each main and Services link that has one, and
 * whether the page is under /services. The header is rendered once for each, so it reads nothing else per page.
 */
interface LinkMarks {
  current: Record<string, 'page' | 'true'>;
  inServices: boolean;
}

function linkMarks(data: SiteData, path: string): LinkMarks {
  const current: Record<string, 'page' | 'true'> = {};
  for (const { href } of data.site.navigation.main) if (isActive(href, path)) current[href] = path === href ? 'page' : 'true';
  for (const { href } of data.site.navigation.services) if (path === href) current[href] = 'page';
  return { current, inServices: path.startsWith('/services') };
}

/**
 * The Services group. On wide screens a disclosure button (the site script adds the spec's hover delays and
 * keyboard support; without it, CSS opens the list on hover and focus). In the small-screen menu a native
 * <details>, which opens without any script.
 */
function ServicesGroup({ data, marks, variant }: { data: SiteData; marks: LinkMarks; variant: 'desktop' | 'mobile' }) {
  const listId = `${variant}-services`;
  const label = (
    <>
      Services <ChevronDown aria-hidden="true" width={16} height={16} />
    </>
  );
  const list = (
    <ul id={listId} className="nav-submenu">
      {data.site.navigation.services.map((item) => (
        <li key={item.href}>
          <a href={item.href} aria-current={marks.current[item.href]}>
            {item.label}
          </a>
        </li>
      ))}
    </ul>
  );
  const active = marks.inServices ? 'is-active' : undefined;
  if (variant === 'mobile') {
    return (
      <details className="nav-services">
        <summary className={active}>{label}</summary>
        {list}
      </details>
    );
  }
  return (
    <div className="nav-dropdown" data-nav-dropdown="">
      <button type="button" className={`nav-trigger ${active ?? ''}`.trim()} aria-expanded="false" aria-controls={listId}>
        {label}
      </button>
      {list}
    </div>
  );
}

function NavLinks({ data, marks, variant }: { data: SiteData; marks: LinkMarks; variant: 'desktop' | 'mobile' }) {
  const [home, about, ...rest] = data.site.navigation.main;
  const link = (item: { href: string; label: string }) => (
    <li key={item.href}>
      <a href={item.href} aria-current={marks.current[item.href]}>
        {item.label}
      </a>
    </li>
  );
  return (
    <ul className="nav-list">
      {home ? link(home) : null}
      {about ? link(about) : null}
      <li className="nav-group">
        <ServicesGroup data={data} marks={marks} variant={variant} />
      </li>
      {rest.map(link)}
    </ul>
  );
}

/**
 * The sticky header. The small-screen menu is a native <details>, so it opens without JavaScript. Rendered once
 * per build for each set of link marks: most pages (every city page) mark no link.
 */
export function Header({ data, path }: { data: SiteData; path: string }) {
  const marks = linkMarks(data, path);
  return (
    <RenderOnce as="header" className="site-header" cacheKey={`header ${JSON.stringify(marks)}`}>
      <HeaderContent data={data} marks={marks} />
    </RenderOnce>
  );
}

function HeaderContent({ data, marks }: { data: SiteData; marks: LinkMarks }) {
  return (
    <>
      <div className="header-inner">
        <a className="brand" href="/" aria-label={`${data.business.name}, home`}>
          <Logo />
          <span className="brand-name">{data.business.name}</span>
          <span className="brand-short">{data.business.shortName}</span>
        </a>
        <nav className="nav-desktop" aria-label="Main">
          <NavLinks data={data} marks={marks} variant="desktop" />
        </nav>
        {/* Booking is one tap away at every width, without opening the menu: on phones a call button too. */}
        <a className="header-call" href={telHref(data.business.phone)} aria-label={`Call ${data.business.phone}`}>
          <Phone aria-hidden="true" width={20} height={20} />
        </a>
        <a className="button button-primary header-cta" href="/contact">
          <span className="cta-long">Get a Consultation</span>
          <span className="cta-short">Book</span>
        </a>
        <details className="nav-mobile">
          <summary aria-label="Menu">
            <Menu aria-hidden="true" width={24} height={24} />
          </summary>
          <nav aria-label="Main (small screens)">
            <NavLinks data={data} marks={marks} variant="mobile" />
            <a className="button button-primary" href="/contact">
              Get a Consultation
            </a>
          </nav>
        </details>
      </div>
    </>
  );
}

/** The company mark: a roof line over a house outline. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="8" fill="#2e6b45" />
      <path d="M8 20 20 9l12 11" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M12 18v13h16V18" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
      <path d="M18 31v-7h4v7" fill="none" stroke="#fff" strokeWidth="2.5" />
    </svg>
  );
}
