import type { PageLink, PageScan } from '../../src/check/scan-html.ts';
import type { EncodedScan, ScanEntries } from '../../src/check/shared-scans.ts';

/** A scan as plain lists, to compare a kept scan (whose links are read from shared blocks) with a fresh one. */
export function scanLists(scan: PageScan): { ids: string[]; links: PageLink[]; renderBlockingScripts: string[]; blockedInline: string[] } {
  return { ids: [...scan.ids], links: [...scan.links], renderBlockingScripts: [...scan.renderBlockingScripts], blockedInline: [...scan.blockedInline] };
}

/** A scan that crossed from a write thread as numbers into its entries, with its links and ids again. */
export function decodedScan(scan: EncodedScan, entries: ScanEntries): PageScan & { selfLinks: number } {
  return {
    ids: new Set(scan.ids.map((number) => entries.ids[number]!)),
    links: scan.links.map((number) => entries.links[number]!),
    renderBlockingScripts: scan.renderBlockingScripts,
    blockedInline: scan.blockedInline,
    selfLinks: scan.selfLinks,
  };
}
