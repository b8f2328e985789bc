/** The small-screen menu (a native <details>): it closes on navigation, on Escape and on a tap outside it. */
export function enhanceMobileMenu(menu: HTMLDetailsElement): void {
  const summary = menu.querySelector('summary');
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a[href]')) menu.open = false;
  });
  menu.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !menu.open) return;
    menu.open = false;
    summary?.focus();
  });
  document.addEventListener('pointerdown', (event) => {
    if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  });
  // Coming back with the browser's Back button shows the page as it was left: closed.
  window.addEventListener('pageshow', () => {
    menu.open = false;
  });
}
