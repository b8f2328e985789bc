import { load } from 'cheerio';

/**
 * The main text of a page as a reader meets it: each sentence of a paragraph, and each list item, heading,
 * definition and caption as one unit, lower-cased with spacing collapsed. The units are what near-copy pages share.
 */
export function mainTextUnits(html: string): string[] {
  const $ = load(html);
  const units: string[] = [];
  $('main')
    .find('p, li, h1, h2, h3, dt, dd, figcaption')
    .each((_, element) => {
      const node = $(element);
      // A list item or caption that holds paragraphs is counted through them.
      if (node.find('p, li').length > 0) return;
      const text = node.text().replace(/\s+/g, ' ').trim().toLowerCase();
      if (!text) return;
      const parts = element.tagName === 'p' ? text.split(/(?<=[.!?])\s+(?=[a-z0-9"'(])/) : [text];
      units.push(...parts.map((part) => part.trim()).filter(Boolean));
    });
  return units;
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export interface UniquenessReport {
  /** Words of each page that sit in units found on no other page. */
  ownWords: Map<string, number>;
  /** For two pages, the words of the units they share over the words of the shorter page. */
  share(a: string, b: string): number;
}

/** Compares the main text of pages against every page of the site. */
export function uniqueness(pages: ReadonlyMap<string, readonly string[]>): UniquenessReport {
  const pagesWith = new Map<string, Set<string>>();
  for (const [page, units] of pages) {
    for (const unit of units) {
      const holders = pagesWith.get(unit) ?? new Set<string>();
      holders.add(page);
      pagesWith.set(unit, holders);
    }
  }
  const ownWords = new Map<string, number>();
  for (const [page, units] of pages) {
    const own = new Set(units.filter((unit) => pagesWith.get(unit)!.size === 1));
    ownWords.set(
      page,
      [...own].reduce((sum, unit) => sum + wordCount(unit), 0),
    );
  }
  const totalWords = (page: string) =>
    [...new Set(pages.get(page) ?? [])].reduce((sum, unit) => sum + wordCount(unit), 0);
  return {
    ownWords,
    share(a, b) {
      const inB = new Set(pages.get(b) ?? []);
      const shared = [...new Set(pages.get(a) ?? [])].filter((unit) => inB.has(unit));
      return shared.reduce((sum, unit) => sum + wordCount(unit), 0) / Math.min(totalWords(a), totalWords(b));
    },
  };
}
