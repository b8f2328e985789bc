// The home page's widgets: hero motion, testimonials rotator, service-area highlight, the popup consultation.
import { enhanceAreaHighlight } from '../client/area-highlight.ts';
import { startHeroMotion } from '../client/hero-motion.ts';
import { setUpPopup } from '../client/popup-dialog.ts';
import { startTestimonialsRotator } from '../client/testimonials-rotator.ts';

const line = document.querySelector<HTMLElement>('.hero-rotating');
if (line) {
  startHeroMotion({
    line,
    lines: JSON.parse(line.dataset.lines ?? '[]') as string[],
    video: document.querySelector<HTMLVideoElement>('.hero-video'),
    pause: document.querySelector<HTMLButtonElement>('.hero-pause'),
  });
}
const rotator = document.querySelector<HTMLElement>('[data-rotator]');
if (rotator) startTestimonialsRotator(rotator);
const areas = document.querySelector<HTMLElement>('[data-area-highlight]');
if (areas) enhanceAreaHighlight(areas);
const trigger = document.querySelector<HTMLButtonElement>('.popup-trigger');
const dialog = document.querySelector<HTMLDialogElement>('dialog.popup-dialog');
if (trigger && dialog) setUpPopup(trigger, dialog);
