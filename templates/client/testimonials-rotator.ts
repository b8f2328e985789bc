// The testimonials rotator (spec section 4): the active testimonial advances every 10 s over the three; below
// 768 px only the active one shows, with dot buttons to pick one. It holds still while the pointer or the
// focus is on it, after the visitor presses pause, and under reduced motion.
import { TESTIMONIAL_ROTATION_MS } from '../constants.ts';
import { prefersReducedMotion } from './motion.ts';

export function startTestimonialsRotator(root: HTMLElement): void {
  const items = [...root.querySelectorAll<HTMLElement>('[data-testimonial]')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-show-testimonial]')];
  const pause = root.querySelector<HTMLButtonElement>('[data-rotator-pause]');
  const controls = root.querySelector<HTMLElement>('.rotator-controls');
  if (items.length < 2) return;
  let active = 0;
  let hovered = false;
  let focused = false;
  let stopped = prefersReducedMotion();

  const show = (index: number) => {
    active = (index + items.length) % items.length;
    items.forEach((item, i) => item.classList.toggle('is-active', i === active));
    dots.forEach((dot, i) => (i === active ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current')));
  };
  root.dataset.enhanced = '';
  if (controls) controls.hidden = false;
  show(0);
  dots.forEach((dot, i) => dot.addEventListener('click', () => show(i)));
  root.addEventListener('pointerenter', () => (hovered = true));
  root.addEventListener('pointerleave', () => (hovered = false));
  root.addEventListener('focusin', () => (focused = true));
  root.addEventListener('focusout', (event) => (focused = root.contains(event.relatedTarget as Node | null)));
  if (pause) {
    pause.hidden = stopped;
    pause.addEventListener('click', () => {
      stopped = !stopped;
      pause.setAttribute('aria-pressed', String(stopped));
    });
  }
  setInterval(() => {
    if (!stopped && !hovered && !focused) show(active + 1);
  }, TESTIMONIAL_ROTATION_MS);
}
