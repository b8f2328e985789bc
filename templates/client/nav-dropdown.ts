// The desktop Services dropdown: a disclosure button and its list of links (the WAI-ARIA disclosure navigation
// pattern), with the spec's pointer delays: open 200 ms after the pointer arrives, at once when it comes back
// within 300 ms of closing, close 150 ms after it leaves.
import { NAV_CLOSE_DELAY_MS, NAV_OPEN_DELAY_MS, NAV_SKIP_DELAY_MS } from '../constants.ts';

export function enhanceDropdown(root: HTMLElement): void {
  const trigger = root.querySelector<HTMLButtonElement>('.nav-trigger');
  const list = root.querySelector<HTMLElement>('.nav-submenu');
  if (!trigger || !list) return;
  // From here the list's visibility follows aria-expanded instead of CSS :hover and :focus-within.
  root.dataset.enhanced = '';
  const links = () => [...list.querySelectorAll<HTMLAnchorElement>('a[href]')];
  let openTimer: ReturnType<typeof setTimeout> | undefined;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  let closedAt = Number.NEGATIVE_INFINITY;
  let openedByHover = false;

  const isOpen = () => trigger.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean, byHover = false) => {
    clearTimeout(openTimer);
    clearTimeout(closeTimer);
    openedByHover = open && byHover;
    if (open === isOpen()) return;
    trigger.setAttribute('aria-expanded', String(open));
    if (!open) closedAt = Date.now();
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.focus();
  };

  root.addEventListener('pointerenter', (event) => {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(closeTimer);
    if (isOpen()) return;
    if (Date.now() - closedAt < NAV_SKIP_DELAY_MS) setOpen(true, true);
    else openTimer = setTimeout(() => setOpen(true, true), NAV_OPEN_DELAY_MS);
  });
  root.addEventListener('pointerleave', (event) => {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(openTimer);
    if (isOpen()) closeTimer = setTimeout(() => setOpen(false), NAV_CLOSE_DELAY_MS);
  });
  trigger.addEventListener('click', () => {
    // A click on a list the pointer has just opened keeps it open rather than snapping it shut.
    if (isOpen() && openedByHover) openedByHover = false;
    else setOpen(!isOpen());
  });
  trigger.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(true);
    const all = links();
    (event.key === 'ArrowDown' ? all[0] : all.at(-1))?.focus();
  });
  list.addEventListener('keydown', (event) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const to: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 };
    if (!(event.key in to)) return;
    event.preventDefault();
    all[(to[event.key]! + all.length) % all.length]?.focus();
  });
  // Escape anywhere closes it, and brings focus back to the button when focus was inside.
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) close(root.contains(document.activeElement));
  });
  root.addEventListener('focusout', (event) => {
    if (isOpen() && !root.contains(event.relatedTarget as Node | null)) setOpen(false);
  });
  document.addEventListener('pointerdown', (event) => {
    if (isOpen() && !root.contains(event.target as Node)) setOpen(false);
  });
}
