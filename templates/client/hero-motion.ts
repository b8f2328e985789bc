// The home hero's motion (spec section 4): the line under the sub-headline fades out, moves to the next of
// the six services 500 ms later (wrapping), fades back in 100 ms after that, every 4 s; the background video
// tries to autoplay and a refusal is only logged. A pause button stops both (WCAG 2.2.2); under reduced
// motion nothing moves and the button stays hidden.
//
// The video is megabytes where the still it covers is tens of kilobytes, so it starts only once the page has
// loaded: on a phone's connection it would otherwise share the bandwidth with the still (the largest paint),
// the font and the scripts. A visitor who asked to save data keeps the still.
import { HERO_FADE_MS, HERO_REVEAL_DELAY_MS, HERO_ROTATION_MS } from '../constants.ts';
import { prefersReducedMotion } from './motion.ts';

export interface HeroParts {
  line: HTMLElement;
  lines: readonly string[];
  video: HTMLVideoElement | null;
  pause: HTMLButtonElement | null;
}

export function startHeroMotion({ line, lines, video, pause }: HeroParts): void {
  if (prefersReducedMotion() || lines.length < 2) return;
  let index = Math.max(0, lines.indexOf(line.textContent ?? ''));
  let interval: ReturnType<typeof setInterval> | undefined;
  const steps: ReturnType<typeof setTimeout>[] = [];

  const advance = () => {
    line.classList.add('is-hidden');
    steps.push(
      setTimeout(() => {
        index = (index + 1) % lines.length;
        line.textContent = lines[index] ?? '';
        steps.push(setTimeout(() => line.classList.remove('is-hidden'), HERO_REVEAL_DELAY_MS));
      }, HERO_FADE_MS),
    );
  };
  let playing = false;
  const playVideo = () => {
    if (!playing || !video || savesData()) return;
    video.play().catch((error: unknown) => console.info('[hero] the background video did not autoplay:', error));
  };
  const play = () => {
    playing = true;
    interval = setInterval(advance, HERO_ROTATION_MS);
    afterLoad(playVideo);
  };
  const stop = () => {
    playing = false;
    clearInterval(interval);
    for (const step of steps.splice(0)) clearTimeout(step);
    line.classList.remove('is-hidden');
    video?.pause();
  };

  play();
  if (!pause) return;
  pause.hidden = false;
  pause.addEventListener('click', () => {
    const paused = pause.getAttribute('aria-pressed') === 'true';
    pause.setAttribute('aria-pressed', String(!paused));
    if (paused) play();
    else stop();
  });
}

/** Runs `run` once the window's load event has fired (at once if it already has). */
function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

/** The Save-Data preference (Network Information API; Chromium-based browsers only). */
function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}
