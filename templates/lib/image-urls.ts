/**
 * Widths the image host renders on request; the browser picks one through srcset. Chromium takes the
 * narrowest file at least as dense as the screen, so the small steps matter on phones: a card 380 px wide
 * on a 1.75x screen needs 665 px and, with 600 and 800 on offer, downloads the 800 (30% more pixels than the
 * 700 it now takes).
 */
export const IMAGE_WIDTHS = [400, 600, 700, 800, 1000, 1200, 1600] as const;

/** Screens up to this width (CSS px) are phones held upright, for images capped on phones. */
export const PHONE_SCREEN_MAX = 480;

/**
 * The widest preview a phone fetches (see ResponsiveImage's phoneMaxWidth): about 1.5 times a phone-wide
 * slot. A backdrop under a dark overlay or a thumbnail leading to the full photo loses little against the
 * 1.75 or 3 times a phone's screen asks for, and takes 44% fewer pixels than the 800 px file a 1.75x phone
 * would download for the hero.
 */
export const PHONE_PREVIEW_WIDTH = 600;

/** The URL of an image at a given width: Unsplash resizes and converts by query parameters. */
export function imageAt(url: string, width: number): string {
  if (!url.startsWith('https://images.unsplash.com/')) return url;
  return `${url}?auto=format&fit=crop&w=${width}&q=75`;
}

/** A srcset over IMAGE_WIDTHS up to `maxWidth`, or undefined when the host cannot resize. */
export function srcSetFor(url: string, maxWidth = 1600): string | undefined {
  if (!url.startsWith('https://images.unsplash.com/')) return undefined;
  return IMAGE_WIDTHS.filter((w) => w <= maxWidth)
    .map((w) => `${imageAt(url, w)} ${w}w`)
    .join(', ');
}
