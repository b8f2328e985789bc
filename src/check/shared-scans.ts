import type { PageLink, PageScan } from './scan-tag.ts';
import { madeOnce } from '../made-once.ts';
import { RecentlyUsed } from '../recently-used.ts';

/**
 * A page's scan as numbers into a ScanTable: how a scan made on the write thread crosses to the main thread
 * (a few hundred small numbers rather than a copy of every link object), and how pages share what they have in
 * common.
 */
export interface EncodedScan {
  links: number[];
  ids: number[];
  renderBlockingScripts: readonly string[];
  blockedInline: readonly string[];
  selfLinks: number;
  /** Links to pages of the build, counted rather than numbered (see ScanTable). */
  pageLinks: number;
}

/** The distinct links and ids of a build's scans, each kept once, numbered in the order first seen. */
export interface ScanEntries {
  links: PageLink[];
  ids: string[];
}

/** Entries a scan is decoded against, with the id sets of the scans decoded so far. */
export interface ScanDecoding extends ScanEntries {
  readonly idSets: IdSets;
}

/**
 * What a build keeps of a page's scan until the checks: its links are counted as it arrives (see link-tally.ts),
 * and kept with no page.
 */
export type KeptScan = Pick<PageScan, 'ids' | 'renderBlockingScripts' | 'blockedInline'>;

/**
 * One set per distinct list of id numbers. Pages made from one template mostly hold the same ids (its sections,
 * its form's fields), and a set of 20 ids takes about 650 bytes: at 10,026 pages, 6.5 MB kept to the checks. So
 * scans decoded against the same entries share equal sets, which are never changed once made.
 */
export class IdSets {
  private readonly byNumbers = new Map<string, Set<string>>();

  of(numbers: readonly number[], ids: readonly string[]): ReadonlySet<string> {
    return madeOnce(this.byNumbers, numbers.join(','), () => new Set(numbers.map((number) => ids[number]!)));
  }
}

/**
 * Numbers the links and ids of scans, keeping each distinct one once. Most of a page's links (navigation, footer,
 * the same photos) are on every page: a 10,000-page build holds one object per distinct link instead of half a
 * million, and the checks can judge each distinct link once.
 */
export class ScanTable implements ScanDecoding {
  readonly links: PageLink[] = [];
  readonly ids: string[] = [];
  readonly idSets = new IdSets();
  // By URL: the number of the link seen with it, or the numbers, one per element, attribute and fetch kind. Most
  // URLs come in one kind: a number alone, not an array for each (at 100,026 pages, 200,000 of them).
  private readonly linksByUrl = new Map<string, number | number[]>();
  private readonly idNumbers = new Map<string, number>();
  private sent = { links: 0, ids: 0 };

  /**
   * Links that `isPageLink` says name a page of the build are counted, not numbered: they arrive wherever they
   * are (see LinkTally), and each page of a large site is the target of its own few links, its siblings' (at
   * 100,026 pages, 100,000 of the distinct links, which both threads kept as objects with their URLs).
   */
  constructor(private readonly isPageLink?: (url: string) => boolean) {}

  // The URLs found to name pages most recently: the links a page shares with the few pages rendered beside it.
  private readonly recentPageLinks = new RecentlyUsed<string, true>(RECENT_PAGE_LINKS);

  encode(scan: PageScan): EncodedScan {
    const links: number[] = [];
    let pageLinks = 0;
    for (const link of scan.links) {
      const number = this.link(link);
      if (number === PAGE_LINK) pageLinks++;
      else links.push(number);
    }
    return {
      links,
      ids: Array.from(scan.ids, (id) => this.id(id)),
      renderBlockingScripts: scan.renderBlockingScripts,
      blockedInline: scan.blockedInline,
      selfLinks: scan.selfLinks ?? 0,
      pageLinks,
    };
  }

  /** The entries added since the last call: what a ScanMirror of this table has yet to learn. */
  takeAdded(): ScanEntries {
    const added = { links: this.links.slice(this.sent.links), ids: this.ids.slice(this.sent.ids) };
    this.sent = { links: this.links.length, ids: this.ids.length };
    return added;
  }

  private link(link: PageLink): number {
    const seen = this.linksByUrl.get(link.url);
    if (typeof seen === 'number') {
      if (this.sameKind(seen, link)) return seen;
    } else if (seen) {
      for (const number of seen) if (this.sameKind(number, link)) return number;
    } else if (this.isPageLink) {
      if (this.recentPageLinks.use(link.url)) return PAGE_LINK;
      if (this.isPageLink(link.url)) {
        this.recentPageLinks.add(link.url, true);
        return PAGE_LINK;
      }
    }
    const number = this.links.push(link) - 1;
    if (seen === undefined) this.linksByUrl.set(link.url, number);
    else if (typeof seen === 'number') this.linksByUrl.set(link.url, [seen, number]);
    else seen.push(number);
    return number;
  }

  private sameKind(number: number, link: PageLink): boolean {
    const other = this.links[number]!;
    return other.tag === link.tag && other.attr === link.attr && other.fetch === link.fetch;
  }

  private id(id: string): number {
    let number = this.idNumbers.get(id);
    if (number === undefined) {
      number = this.ids.push(id) - 1;
      this.idNumbers.set(id, number);
    }
    return number;
  }
}

/** What is kept of a scan, from its numbers: its id set shared with the pages that have the same ids. */
export function keptScan(scan: EncodedScan, entries: ScanDecoding): KeptScan {
  const ids = entries.idSets.of(scan.ids, entries.ids);
  // Nearly every page: one kept scan for all the pages with its ids (at 100,026 pages, 4 MB of objects otherwise).
  if (!scan.renderBlockingScripts.length && !scan.blockedInline.length) return madeOnce(cleanScans, ids, () => Object.freeze({ ids, renderBlockingScripts: NONE, blockedInline: NONE }));
  return { ids, renderBlockingScripts: scan.renderBlockingScripts.length ? scan.renderBlockingScripts : NONE, blockedInline: scan.blockedInline.length ? scan.blockedInline : NONE };
}

/** The kept scan of the pages with an id set and nothing the checks refuse, by that set. */
const cleanScans = new WeakMap<ReadonlySet<string>, KeptScan>();

/** What ScanTable.link answers for a link to a page of the build, which it does not number. */
const PAGE_LINK = -1;

/** Page URLs a ScanTable remembers: a page's navigation and its siblings' links hit, as pages render in groups. */
const RECENT_PAGE_LINKS = 1024;

// Nearly every page has neither render-blocking scripts nor blocked inline code: one empty list stands for all of
// theirs (a scan that crossed from another thread brings its own empty arrays, 10,000 pairs at 10,000 pages).
const NONE: readonly string[] = Object.freeze([]);

/**
 * The main thread's copy of a ScanTable kept on another thread: the entries that table added since it last sent
 * any come with each batch of scans, and are learnt before the scans are decoded.
 */
export class ScanMirror implements ScanDecoding {
  readonly links: PageLink[] = [];
  readonly ids: string[] = [];
  readonly idSets = new IdSets();

  learn(added: ScanEntries): void {
    for (const link of added.links) this.links.push(this.named(link));
    for (const id of added.ids) this.ids.push(id);
  }

  // Element, attribute and fetch kind are a handful of names, but each link that crosses from the other thread
  // brings its own copy of them: 16,000 links at 10,026 pages, about 1 MB of the same few strings.
  private readonly names = new Map<string, string>();

  private named(link: PageLink): PageLink {
    link.tag = this.name(link.tag);
    link.attr = this.name(link.attr);
    link.fetch = this.name(link.fetch) as PageLink['fetch'];
    return link;
  }

  private name(text: string): string {
    return madeOnce(this.names, text, () => text);
  }
}
