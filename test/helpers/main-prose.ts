import type { CheerioAPI } from 'cheerio';

/**
 * What a reader reads as the page's own words: the text blocks of `<main>`, without the parts every page or every
 * form repeats by design (navigation and breadcrumb, forms with their islands and notes, dialogs, scripts).
 */
export function mainProseBlocks($: CheerioAPI): string[] {
  const main = $('main').clone();
  main.find('nav, form, site-island, .form-note, dialog, script, style, template').remove();
  const blocks: string[] = [];
  main.find('p, li, h1, h2, h3, h4, dt, dd, figcaption, blockquote, td, th').each((_, element) => {
    const node = $(element);
    // A block that holds other blocks is read through them.
    if (node.find('p, li, h1, h2, h3, h4, dt, dd, figcaption, blockquote, td, th').length > 0) return;
    const text = node.text().replace(/\s+/g, ' ').trim();
    if (text) blocks.push(text);
  });
  return blocks;
}

/** A text's words as a reader compares them: lower case, without the punctuation around them. */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}$%][\p{L}\p{N}'’.,$%&+/-]*/gu) ?? [])
    .map((word) => word.replace(/[.,'’]+$/, '').replace(/’/g, "'"))
    .filter(Boolean);
}

/**
 * The runs of `length` or more words that a page says twice or more (within one block or across blocks), each
 * given once, longest first. Runs that are parts of a longer repeated run are folded into it.
 */
export function repeatedRuns(blocks: readonly string[], length = 8): string[] {
  const words = blocks.map(wordsOf);
  const seen = new Map<string, number>();
  for (const block of words) {
    for (let i = 0; i + length <= block.length; i++) {
      const run = block.slice(i, i + length).join(' ');
      seen.set(run, (seen.get(run) ?? 0) + 1);
    }
  }
  const repeated = new Set([...seen].filter(([, count]) => count > 1).map(([run]) => run));
  // Join overlapping repeated windows of one block into the longest phrase they form, for a readable report.
  const phrases = new Set<string>();
  for (const block of words) {
    let start = -1;
    for (let i = 0; i + length <= block.length + 1; i++) {
      const hit = i + length <= block.length && repeated.has(block.slice(i, i + length).join(' '));
      if (hit && start < 0) start = i;
      if (!hit && start >= 0) {
        phrases.add(block.slice(start, i - 1 + length).join(' '));
        start = -1;
      }
    }
  }
  const list = [...phrases].sort((a, b) => b.length - a.length);
  return list.filter((phrase, index) => !list.slice(0, index).some((longer) => longer.includes(phrase)));
}

/** How many times a page's main prose says who does the structural engineering. */
export function engineerMentions(blocks: readonly string[]): number {
  return blocks.reduce((sum, block) => sum + (block.match(/\bstructural engineers?\b/gi)?.length ?? 0), 0);
}
