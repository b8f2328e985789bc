import type { PageLink, PageScan } from './scan-tag.ts';

/**
 * A page's scan as numbers into a ScanTable: how a scan made on the write thread crosses to the main thread
 * (a few hundred small numbers rather than a copy of every link object), and how pages share what they have in
 * common.
 */
export interface EncodedScan {
  links: number[];
  ids: number[];
  renderBlockingScripts: string[];
  blockedInline: string[];
}

/** The distinct links and ids of a build's scans, each kept once, numbered in the order first seen. */
export interface ScanEntries {
  links: PageLink[];
  ids: string[];
}

/** Entries a scan is decoded against, with the id sets scans decoded so far have made. */
export interface ScanDecoding extends ScanEntries {
  readonly idSets: IdSets;
}

/**
 * One set per distinct list of id numbers. Pages made from one template mostly hold the same ids (its sections,
 * its form's fields), and a set of 20 ids takes about 650 bytes: at 10,026 pages, 6.5 MB kept to the checks. So
 * scans decoded against the same entries share equal sets, which are never changed once made.
 */
export class IdSets {
  private readonly byNumbers = new Map<string, Set<string>>();

  of(numbers: readonly number[], ids: readonly string[]): Set<string> {
    const key = numbers.join(',');
    let set = this.byNumbers.get(key);
    if (!set) this.byNumbers.set(key, (set = new Set(numbers.map((number) => ids[number]!))));
    return set;
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
  // By URL: the numbers of the links seen with it, one per element, attribute and fetch kind.
  private readonly linksByUrl = new Map<string, number[]>();
  private readonly idNumbers = new Map<string, number>();
  private sent = { links: 0, ids: 0 };

  encode(scan: PageScan): EncodedScan {
    return {
      links: scan.links.map((link) => this.link(link)),
      ids: Array.from(scan.ids, (id) => this.id(id)),
      renderBlockingScripts: scan.renderBlockingScripts,
      blockedInline: scan.blockedInline,
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
    if (seen) {
      for (const number of seen) {
        const other = this.links[number]!;
        if (other.tag === link.tag && other.attr === link.attr && other.fetch === link.fetch) return number;
      }
    }
    const number = this.links.push(link) - 1;
    if (seen) seen.push(number);
    else this.linksByUrl.set(link.url, [number]);
    return number;
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

/** A scan again from its numbers, its links and ids the entries' own (shared) objects, its id set shared too. */
export function decodeScan(scan: EncodedScan, entries: ScanDecoding): PageScan {
  return {
    ids: entries.idSets.of(scan.ids, entries.ids),
    links: scan.links.map((number) => entries.links[number]!),
    renderBlockingScripts: scan.renderBlockingScripts,
    blockedInline: scan.blockedInline,
  };
}

/** Makes the scans of a build's pages share what they have in common (see ScanTable), as each arrives. */
export class ScanSharing {
  private readonly table = new ScanTable();

  share(scan: PageScan): PageScan {
    return decodeScan(this.table.encode(scan), this.table);
  }
}

/**
 * The main thread's copy of a ScanTable kept on another thread: the entries that table added since it last sent
 * any come with each batch of scans, and are learnt before the scans are decoded.
 */
export class ScanMirror implements ScanDecoding {
  readonly links: PageLink[] = [];
  readonly ids: string[] = [];
  readonly idSets = new IdSets();

  learn(added: ScanEntries): void {
    for (const link of added.links) this.links.push(link);
    for (const id of added.ids) this.ids.push(id);
  }
}
