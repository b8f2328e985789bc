import { isExternalUrl, pageLinkTest, PLAIN_FRAGMENT, PLAIN_PATH, plainPathOf, SAME_ON_EVERY_PAGE } from './link-check.ts';
import { BlockArray } from '../block-array.ts';
import type { HtmlScan, PageLink, PageScan } from './scan-tag.ts';
import { keptScan, ScanTable, type EncodedScan, type KeptScan, type ScanDecoding } from './shared-scans.ts';

/** A page as the tally names it: by its index among the build's pages, which are in path order. */
export interface TalliedPage {
  path: string;
  /** Its page module, named in an error. */
  source: string;
}

/**
 * Where a finished page's scan goes: the main thread's LinkTally, or a render worker's list of the scans it
 * sends back whole. A page's scan comes as the scanner made it, or as numbers into a write thread's entries.
 */
export interface ScanSink {
  own(index: number, scan: HtmlScan): KeptScan;
  encoded(index: number, scan: EncodedScan, entries: ScanDecoding): KeptScan;
}

/** A distinct link whose verdict waits for the whole output, and the pages that use it. */
export interface LaterLink {
  link: PageLink;
  /** How many times pages use it. */
  uses: number;
  /** The indexes of the pages of its first three uses in path order (a page twice if it links twice). */
  firsts: readonly number[];
  /** When its first use in path order was counted: among one page's links, their order on the page. */
  firstSeen: number;
}

/** A link whose target depends on the page it is on, judged with that page: one a page, each time. */
export interface PageDependentLink {
  page: number;
  link: PageLink;
  seen: number;
}

/** What the link check reads of a build's links once every page is counted. */
export interface LinkUses {
  /** Links already known to arrive: to a page of the build, to a place on their own page, to the page itself. */
  fine: number;
  later: Iterable<LaterLink>;
  pageDependent: Iterable<PageDependentLink>;
}

// What a distinct link is, once first seen (see classify).
const UNSEEN = 0;
const EXTERNAL = 1;
const LATER = 2;
const ON_PAGE = 3;
const RELATIVE = 4;
type LinkKind = typeof UNSEEN | typeof EXTERNAL | typeof LATER | typeof ON_PAGE | typeof RELATIVE;

/** A page index no page has: an empty place among a link's first three uses. */
const NO_PAGE = 0x7fffffff;

/**
 * Counts a build's links as each page is finished, so that no page keeps its list of links to the checks: at
 * 100,026 pages those lists were 30 MB of the 100 MB that stayed live through rendering, and the link check
 * read them again page by page. A path to a page of the build arrives, and is counted as the page is scanned
 * (see ScanTable). Each other distinct link is classified once, when first seen: an address on another origin
 * is not the check's, and the rest are
 * counted, with the first three pages that use them, to be judged once the whole output is known. A link whose
 * target depends on its page (`#faq`, `photo.jpg`) is judged on its own page: a place on the page at once,
 * against the page's ids, when it is there; otherwise kept with its page, which is rare.
 *
 * Links arrive as numbers into a table of distinct links: the tally's own, for scans made on this thread, or a
 * write thread's mirror. Each table has its own counts.
 */
export class LinkTally implements ScanSink {
  private readonly origin: string;
  private readonly table: ScanTable;
  private readonly counts = new Map<ScanDecoding, TableCounts>();
  private fine = 0;
  private seen = 0;
  private readonly dependentPages: number[] = [];
  private readonly dependentLinks: PageLink[] = [];
  private readonly dependentSeen: number[] = [];

  /** `pages`: the build's pages in path order; `pagePaths`: whether a path is one of theirs. */
  constructor(
    siteUrl: string,
    private readonly pages: readonly TalliedPage[],
    pagePaths: { has(path: string): boolean },
  ) {
    this.origin = new URL(siteUrl).origin;
    this.table = new ScanTable(pageLinkTest(siteUrl, pagePaths));
  }

  own(index: number, scan: HtmlScan | PageScan): KeptScan {
    return this.encoded(index, this.table.encode(scan), this.table);
  }

  encoded(index: number, scan: EncodedScan, entries: ScanDecoding): KeptScan {
    const kept = keptScan(scan, entries);
    const counts = this.countsOf(entries);
    const pagePath = this.pages[index]!.path;
    this.fine += scan.selfLinks + scan.pageLinks;
    for (const number of scan.links) {
      const link = entries.links[number]!;
      const seen = this.seen++;
      switch (counts.kindOf(number, link, this)) {
        case LATER:
          counts.use(number, index, seen);
          break;
        case ON_PAGE:
          if (onOwnPageArrives(link.url, pagePath, kept.ids)) this.fine++;
          else this.dependsOnPage(index, link, seen);
          break;
        case RELATIVE:
          this.dependsOnPage(index, link, seen);
          break;
      }
    }
    return kept;
  }

  /** Every distinct link of the build's pages (once per table: a link may come twice). */
  *distinctLinks(): Iterable<PageLink> {
    for (const entries of this.counts.keys()) yield* entries.links;
  }

  uses(): LinkUses {
    const { dependentPages, dependentLinks, dependentSeen } = this;
    return {
      fine: this.fine,
      later: [...this.counts.values()].flatMap((counts) => counts.later()),
      pageDependent: dependentPages.map((page, i) => ({ page, link: dependentLinks[i]!, seen: dependentSeen[i]! })),
    };
  }

  /** What a link first seen is: see the class. Links to pages never come here: the scan tables count them. */
  classify(url: string): LinkKind {
    if (!SAME_ON_EVERY_PAGE.test(url)) return PLAIN_FRAGMENT.test(url) ? ON_PAGE : RELATIVE;
    return plainPathOf(url, this.origin) === undefined && isExternalUrl(url, this.origin) ? EXTERNAL : LATER;
  }

  private dependsOnPage(page: number, link: PageLink, seen: number): void {
    this.dependentPages.push(page);
    this.dependentLinks.push(link);
    this.dependentSeen.push(seen);
  }

  private countsOf(entries: ScanDecoding): TableCounts {
    let counts = this.counts.get(entries);
    if (!counts) this.counts.set(entries, (counts = new TableCounts(entries)));
    return counts;
  }
}

/**
 * Whether `#fragment` on page `pagePath` arrives, known from the page alone: `#` and `#top` (the top of any page),
 * or an id the page has. The page's own path answers with its own document, since the page is built: a path
 * from the root that the URL parser keeps as it is, and no folder (see problemAt in link-check.ts).
 */
function onOwnPageArrives(url: string, pagePath: string, ids: ReadonlySet<string>): boolean {
  if (!PLAIN_PATH.test(pagePath) || (pagePath !== '/' && pagePath.endsWith('/'))) return false;
  const fragment = url.slice(1);
  return fragment === '' || fragment === 'top' || ids.has(fragment);
}

/**
 * One table's distinct links: what each is, in an array by link number (a byte each: at 100,026 pages most are the
 * 100,000 paths to pages), and for the few judged later their uses, in arrays by their own slot.
 */
class TableCounts {
  private readonly kinds = new BlockArray(1);
  // By link number: its slot among the links judged later, plus one (0: none yet).
  private readonly slots = new BlockArray(4);
  private readonly numbers: number[] = [];
  private readonly useCounts: number[] = [];
  // Three a slot: the pages of its first three uses, smallest first.
  private readonly firsts: number[] = [];
  private readonly firstSeen: number[] = [];

  constructor(private readonly entries: ScanDecoding) {}

  kindOf(number: number, link: PageLink, tally: LinkTally): LinkKind {
    let kind = this.kinds.get(number) as LinkKind;
    if (kind === UNSEEN) this.kinds.set(number, (kind = tally.classify(link.url)));
    return kind;
  }

  use(number: number, page: number, seen: number): void {
    let slot = this.slots.get(number) - 1;
    if (slot < 0) {
      slot = this.numbers.push(number) - 1;
      this.slots.set(number, slot + 1);
      this.useCounts.push(0);
      this.firsts.push(NO_PAGE, NO_PAGE, NO_PAGE);
      this.firstSeen.push(0);
    }
    this.useCounts[slot]!++;
    const firsts = this.firsts;
    const at = slot * 3;
    // Kept sorted; a page no smaller than the third is not among the first three.
    if (page >= firsts[at + 2]!) return;
    if (page < firsts[at]!) {
      firsts[at + 2] = firsts[at + 1]!;
      firsts[at + 1] = firsts[at]!;
      firsts[at] = page;
      this.firstSeen[slot] = seen;
    } else if (page < firsts[at + 1]!) {
      firsts[at + 2] = firsts[at + 1]!;
      firsts[at + 1] = page;
    } else {
      firsts[at + 2] = page;
    }
  }

  /** The links judged later, with their uses. */
  later(): LaterLink[] {
    return this.numbers.map((number, slot) => ({
      link: this.entries.links[number]!,
      uses: this.useCounts[slot]!,
      firsts: this.firsts.slice(slot * 3, slot * 3 + 3).filter((page) => page !== NO_PAGE),
      firstSeen: this.firstSeen[slot]!,
    }));
  }
}
