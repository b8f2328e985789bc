import type { PageLink, PageScan } from '../../src/check/scan-html.ts';

/** A scan as plain lists, to compare a kept scan (whose links are read from shared blocks) with a fresh one. */
export function scanLists(scan: PageScan): { ids: string[]; links: PageLink[]; renderBlockingScripts: string[]; blockedInline: string[] } {
  return { ids: [...scan.ids], links: [...scan.links], renderBlockingScripts: [...scan.renderBlockingScripts], blockedInline: [...scan.blockedInline] };
}
