import type { SharedMarkup } from '../render/render-once.tsx';
import { scanSharedMarkup, type MarkupSkip } from './scan-fast.ts';
import type { PageScan } from './scan-tag.ts';

/** Where a document holds a shared markup, with the markup. */
export interface SharedMarkupSkip extends MarkupSkip {
  markup: SharedMarkup;
}

// Each shared markup's scan, made once on each thread that scans pages holding it; null when it cannot be taken.
const scans = new WeakMap<SharedMarkup, PageScan | null>();

/**
 * Where the document `html` holds each shared markup of `placed` (what <RenderOnce> placed, in order, such as the
 * header and footer), with its scan, made once: a page's scan takes it there instead of reading the markup again.
 * At 10,000 pages the header and footer were four of every ten elements scanned. Markup that cannot be taken whole
 * (held by a component rather than an element, or whose scan could depend on the page) is left out, and is read
 * as the rest of the page is.
 */
export function sharedMarkupSkips(html: string, placed: readonly SharedMarkup[]): SharedMarkupSkip[] {
  const skips: SharedMarkupSkip[] = [];
  let from = 0;
  for (const markup of placed) {
    if (markup.tag === undefined || markup.html === '') continue;
    let scan = scans.get(markup);
    if (scan === undefined) scans.set(markup, (scan = scanSharedMarkup(markup.html, markup.tag) ?? null));
    if (!scan) continue;
    // The scan takes the markup's scan only where it stands just inside the markup's element.
    const start = html.indexOf(markup.html, from);
    if (start < 0) continue;
    from = start + markup.html.length;
    skips.push({ start, end: from, parent: markup.tag, scan, markup });
  }
  return skips;
}
