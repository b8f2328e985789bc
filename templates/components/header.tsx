import type { SiteData } from '../site.config.ts';
import { ChevronDown, Menu } from './icons.tsx';

/** Active by path prefix: `/services/additions` marks Services; Home only on `/`. */
export function isActive(href: string, path: string): boolean {
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}

const current = (href: string, path: string) => (path === href ? 'page' : isActive(href, path) ? 'true' : undefined);

function NavLinks({ data, path, idPrefix }: { data: SiteData; path: string; idPrefix: string }) {
  const { main, services } = data.site.navigation;
  const servicesActive = path.startsWith('/services');
  const [home, ...rest] = main;
  return (
    <ul className="nav-list">
      {home ? (
        <li>
          <a href={home.href} aria-current={current(home.href, path)}>
            {home.label}
          </a>
        </li>
      ) : null}
      {rest.slice(0, 1).map((item) => (
        <li key={item.href}>
          <a href={item.href} aria-current={current(item.href, path)}>
            {item.label}
          </a>
        </li>
      ))}
      <li className="nav-group">
        <details className="nav-services">
          <summary className={servicesActive ? 'is-active' : undefined} aria-controls={`${idPrefix}-services`}>
            Services <ChevronDown aria-hidden="true" width={16} height={16} />
          </summary>
          <ul id={`${idPrefix}-services`} className="nav-submenu">
            {services.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-current={path === item.href ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </details>
      </li>
      {rest.slice(1).map((item) => (
        <li key={item.href}>
          <a href={item.href} aria-current={current(item.href, path)}>
            {item.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The sticky header. Without JavaScript the Services group and the small-screen menu open as native <details>. */
export function Header({ data, path }: { data: SiteData; path: string }) {
  return (
    <header className="site-header">
      <div className="header-inner">
        <a className="brand" href="/" aria-label={`${data.business.name}, home`}>
          <Logo />
          <span className="brand-name">{data.business.name}</span>
        </a>
        <nav className="nav-desktop" aria-label="Main">
          <NavLinks data={data} path={path} idPrefix="desktop" />
        </nav>
        <a className="button button-primary header-cta" href="/contact">
          Get a Consultation
        </a>
        <details className="nav-mobile">
          <summary aria-label="Menu">
            <Menu aria-hidden="true" width={24} height={24} />
          </summary>
          <nav aria-label="Main (small screens)">
            <NavLinks data={data} path={path} idPrefix="mobile" />
            <a className="button button-primary" href="/contact">
              Get a Consultation
            </a>
          </nav>
        </details>
      </div>
    </header>
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
