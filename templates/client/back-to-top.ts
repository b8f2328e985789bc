import { prefersReducedMotion } from './motion.ts';

/**
 * "Back to top": scrolls smoothly (at once under reduced motion) and moves focus to the page top, which
 * is focusable by script only, so the skip link right after it does not pop into view.
 */
export function enhanceBackToTop(link: HTMLAnchorElement): void {
  link.addEventListener('click', (event) => {
    const target = document.getElementById(link.hash.slice(1));
    if (!target) return;
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    target.focus({ preventScroll: true });
  });
}
