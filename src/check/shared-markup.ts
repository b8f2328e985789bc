import type { SharedMarkup } from '../render/render-once.tsx';
import { scanSharedMarkup, type MarkupSkip } from './scan-fast.ts';
import type { PageScan } from './scan-tag.ts';
import { madeOnce } from '../made-once.ts';

/** Where a document holds a shared markup, with the markup. */
export interface SharedMarkupSkip extends MarkupSkip {
  markup: SharedMarkup;
}

// Each shared markup's scan, made once on each thread that scans pages holding it; null when it cannot be taken.
const scans = new WeakMap<SharedMarkup, PageScan | null>();

/** A shared markup and where a document holds it: the index of its first character. */
export interface MarkupPlace {
  markup: SharedMarkup;
  start: number;
}

/**
 * Where the document `html` holds each shared markup of `placed` (what <RenderOnce> placed, in order, such as the
 * header and footer) that a scan could take: markup held by an element it names, and not empty.
 */
export function markupPlaces(html: string, placed: readonly SharedMarkup[]): MarkupPlace[] {
  const places: MarkupPlace[] = [];
  let from = 0;
  for (const markup of placed) {
    if (markup.tag === undefined || markup.html === '') continue;
    const start = html.indexOf(markup.html, from);
    if (start < 0) continue;
    from = start + markup.html.length;
    places.push({ markup, start });
  }
  return places;
}

/**
 * The places of shared markup whose scan can be taken, with that scan, made once: a page's scan takes it there
 * instead of reading the markup again. At 10,000 pages the header and footer were four of every ten elements
 * scanned. Markup whose scan could depend on the page around it is left out, and is read as the rest of the page.
 */
export function skipsAt(places: readonly MarkupPlace[]): SharedMarkupSkip[] {
  const skips: SharedMarkupSkip[] = [];
  for (const { markup, start } of places) {
    const parent = markup.tag;
    if (parent === undefined) continue;
    const scan = madeOnce(scans, markup, () => scanSharedMarkup(markup.html, parent) ?? null);
    // The scan takes the markup's scan only where it stands just inside the markup's element.
    if (scan) skips.push({ start, end: start + markup.html.length, parent, scan, markup });
  }
  return skips;
}
