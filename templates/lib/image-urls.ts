import type { PictureSet } from '../../src/index.ts';

/**
 * Widths the image host renders on request; the browser picks one through srcset. Chromium takes the
 * narrowest file at least as dense as the screen, so the small steps matter on phones: a card 380 px wide
 * on a 1.75x screen needs 665 px and, with 600 and 800 on offer, downloads the 800 (30% more pixels than the
 * 700 it now takes).
 */
export const IMAGE_WIDTHS = [400, 600, 700, 800, 1000, 1200, 1600] as const;

/**
 * Widths the build encodes the owner's own photos at, in AVIF and WebP: fewer steps than the host's, since each
 * costs an encode, and each a slot's file at 1x or 2x. A phone's tile is capped at PHONE_TILE_WIDTH (so 600 on
 * phones), a desktop tile (a quarter or third of 1,200 px) takes 400 or 800, the project and post photos 800 or
 * 1200, the hero 1600.
 */
export const LOCAL_PHOTO_WIDTHS = [400, 600, 800, 1200, 1600] as const;

/** Screens up to this width (CSS px) are phones held upright, for images capped on phones. */
export const PHONE_SCREEN_MAX = 480;

/**
 * The widest preview a phone fetches (see ResponsiveImage's phoneMaxWidth): about 1.5 times a phone-wide
 * slot. A backdrop under a dark overlay or a thumbnail leading to the full photo loses little against the
 * 1.75 or 3 times a phone's screen asks for, and takes 44% fewer pixels than the 800 px file a 1.75x phone
 * would download for the hero.
 */
export const PHONE_PREVIEW_WIDTH = 600;

/**
 * The widest file a phone may fetch for a gallery tile: twice the tile (a phone's screen less its margins, 343 px
 * at 375, 380 at 412) rounded to a width the host offers. The owner's photos, encoded at LOCAL_PHOTO_WIDTHS, then
 * stop at 600.
 */
export const PHONE_TILE_WIDTH = 700;

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

/**
 * A photo the build encodes itself: a file under data/images/, named from data/ (`images/kitchen-1.jpg`). Any
 * other image is an https:// URL of a host that resizes it.
 */
export const LOCAL_PHOTO = /^images\/[^?#\s]+\.(?:jpe?g|png|webp|avif|hei[cf])$/i;

/** A local photo's path inside data/images/, as the engine names it: images/kitchen-1.jpg → kitchen-1.jpg. */
export const photoName = (src: string): string => src.slice('images/'.length);

/** The address to share an image by (Open Graph, JSON-LD): a local photo's fallback file, a remote one 1200 px wide. */
export function shareImage(src: string, picture: (name: string) => PictureSet): string {
  return LOCAL_PHOTO.test(src) ? picture(photoName(src)).src : imageAt(src, 1200);
}
