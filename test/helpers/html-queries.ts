import type { CheerioAPI } from 'cheerio';

/** The whitespace-folded text of each element the selector matches. */
export const texts = ($: CheerioAPI, selector: string): string[] =>
  $(selector)
    .map((_, el) => $(el).text().replace(/\s+/g, ' ').trim())
    .get();

/** The href of each element the selector matches. */
export const hrefs = ($: CheerioAPI, selector: string): string[] =>
  $(selector)
    .map((_, el) => $(el).attr('href'))
    .get();

/** Every JSON-LD block of a page, parsed. */
export const jsonLd = ($: CheerioAPI): Record<string, unknown>[] =>
  $('script[type="application/ld+json"]')
    .map((_, el) => JSON.parse($(el).text()))
    .get() as Record<string, unknown>[];
