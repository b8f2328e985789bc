import type { HtmlScan, PageLink } from '../../src/check/scan-html.ts';

/** A scan as plain lists (its ids as a list in document order), to compare two scans or print one. */
export function scanLists(scan: HtmlScan): {
  ids: string[];
  links: PageLink[];
  renderBlockingScripts: string[];
  blockedInline: string[];
} {
  return {
    ids: [...scan.ids],
    links: [...scan.links],
    renderBlockingScripts: [...scan.renderBlockingScripts],
    blockedInline: [...scan.blockedInline],
  };
}
