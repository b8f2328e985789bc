/** Widths the image host renders on request; the browser picks one through srcset. */
export const IMAGE_WIDTHS = [400, 800, 1200, 1600] as const;

/**
 * The URL of an image at a given width: Unsplash resizes and converts by query parameters. With `aspect`
 * (height over width) it also crops to that shape, around the picture's centre.
 */
export function imageAt(url: string, width: number, aspect?: number): string {
  if (!url.startsWith('https://images.unsplash.com/')) return url;
  const height = aspect ? `&h=${Math.round(width * aspect)}` : '';
  return `${url}?auto=format&fit=crop&w=${width}${height}&q=75`;
}

/** A srcset over IMAGE_WIDTHS up to `maxWidth` (cropped to `aspect` if given), or undefined when the host cannot resize. */
export function srcSetFor(url: string, maxWidth = 1600, aspect?: number): string | undefined {
  if (!url.startsWith('https://images.unsplash.com/')) return undefined;
  return IMAGE_WIDTHS.filter((w) => w <= maxWidth)
    .map((w) => `${imageAt(url, w, aspect)} ${w}w`)
    .join(', ');
}
