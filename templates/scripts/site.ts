// The script of every page: header behaviour, back to top, the service worker. Plain DOM, no React, so a
// page without a stateful widget stays a few kilobytes of JavaScript.
import { enhanceBackToTop } from '../client/back-to-top.ts';
import { trackHeaderScroll } from '../client/header-scroll.ts';
import { enhanceMobileMenu } from '../client/mobile-menu.ts';
import { enhanceDropdown } from '../client/nav-dropdown.ts';
import { registerServiceWorker } from '../client/service-worker-registration.ts';

const header = document.querySelector<HTMLElement>('.site-header');
if (header) {
  trackHeaderScroll(header);
  for (const dropdown of header.querySelectorAll<HTMLElement>('[data-nav-dropdown]')) enhanceDropdown(dropdown);
  const mobileMenu = header.querySelector<HTMLDetailsElement>('details.nav-mobile');
  if (mobileMenu) enhanceMobileMenu(mobileMenu);
}
for (const link of document.querySelectorAll<HTMLAnchorElement>('a.back-to-top')) enhanceBackToTop(link);
void registerServiceWorker();
