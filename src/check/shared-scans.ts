import type { PageLink, PageScan } from './scan-tag.ts';

/**
 * Makes the scans of a build's pages share what they have in common. Most of a page's links (navigation, footer,
 * the same photos) are on every page: kept once each, a 10,000-page build holds one object per distinct link
 * instead of half a million, and the checks can judge each distinct link once.
 */
export class ScanSharing {
  // By URL: the links seen with it, one per element, attribute and fetch kind.
  private readonly links = new Map<string, PageLink[]>();
  private readonly ids = new Map<string, string>();

  share(scan: PageScan): PageScan {
    return { ...scan, ids: new Set(Array.from(scan.ids, (id) => this.id(id))), links: scan.links.map((link) => this.link(link)) };
  }

  private link(link: PageLink): PageLink {
    const seen = this.links.get(link.url);
    if (!seen) {
      this.links.set(link.url, [link]);
      return link;
    }
    const same = seen.find((other) => other.tag === link.tag && other.attr === link.attr && other.fetch === link.fetch);
    if (same) return same;
    seen.push(link);
    return link;
  }

  private id(id: string): string {
    const same = this.ids.get(id);
    if (same !== undefined) return same;
    this.ids.set(id, id);
    return id;
  }
}
