import { HEADER_SCROLL_THRESHOLD_PX } from '../constants.ts';

/** The header's scrolled state (spec section 4): a more opaque background once the page is scrolled more than 10 px. */
export function trackHeaderScroll(header: HTMLElement): void {
  const update = () => header.classList.toggle('is-scrolled', window.scrollY > HEADER_SCROLL_THRESHOLD_PX);
  update();
  window.addEventListener('scroll', update, { passive: true });
}
