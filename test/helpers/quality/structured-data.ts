import type { CheerioAPI } from 'cheerio';
import { loadVocabulary } from '../schema-vocabulary.ts';

type Node = Record<string, unknown>;

const vocabulary = loadVocabulary();

// What Google's structured-data documentation requires (or the issue asks) for each type we publish.
const REQUIRED: Record<string, (node: Node) => string[]> = {
  GeneralContractor: (node) => [
    ...missing(node, ['name', 'telephone', 'url', 'address']),
    ...(isObject(node.address)
      ? missing(node.address, [
          'streetAddress',
          'addressLocality',
          'addressRegion',
          'postalCode',
          'addressCountry',
        ]).map((f) => `address.${f}`)
      : []),
  ],
  BreadcrumbList: (node) => {
    const items = Array.isArray(node.itemListElement) ? (node.itemListElement as unknown[]) : [];
    if (items.length < 2) return ['itemListElement (at least two ListItems)'];
    return items.flatMap((item, index) => {
      if (!isObject(item) || item['@type'] !== 'ListItem') return [`itemListElement[${index}] (a ListItem)`];
      const problems = missing(item, ['position', 'name']).map((f) => `itemListElement[${index}].${f}`);
      if (item.position !== index + 1) problems.push(`itemListElement[${index}].position (${index + 1})`);
      // Google allows the last crumb without item; ours all link, the last to the page itself.
      if (typeof item.item !== 'string' || !/^https:\/\//.test(item.item)) {
        problems.push(`itemListElement[${index}].item (an absolute URL)`);
      }
      return problems;
    });
  },
  Service: (node) => missing(node, ['name', 'provider', 'areaServed']),
  BlogPosting: (node) => [
    ...missing(node, ['headline', 'datePublished', 'image', 'author']),
    ...(isObject(node.author) ? missing(node.author, ['name']).map((f) => `author.${f}`) : []),
  ],
};

/**
 * Every problem with a page's JSON-LD: a block that does not parse, a type or property schema.org does
 * not have or does not allow on its type, or a field Google requires for the type that is missing.
 */
export function structuredDataProblems($: CheerioAPI, file: string): string[] {
  const problems: string[] = [];
  $('script[type="application/ld+json"]').each((index, element) => {
    const where = `${file} JSON-LD #${index + 1}`;
    let block: unknown;
    try {
      block = JSON.parse($(element).text());
    } catch (error) {
      problems.push(`${where}: does not parse (${(error as Error).message})`);
      return;
    }
    if (!isObject(block) || block['@context'] !== 'https://schema.org') {
      problems.push(`${where}: @context is not https://schema.org`);
    }
    problems.push(...vocabulary.problems(block, where));
    // Google's requirements apply to the thing a block describes, not to a Service named inside an offer catalog.
    const type = isObject(block) ? block['@type'] : undefined;
    const check = typeof type === 'string' ? REQUIRED[type] : undefined;
    for (const field of (isObject(block) && check?.(block)) || []) {
      problems.push(`${where}: ${String(type)} lacks ${field}`);
    }
  });
  return problems;
}

/** The types a page's JSON-LD declares at its top level. */
export function topLevelTypes($: CheerioAPI): string[] {
  return $('script[type="application/ld+json"]')
    .map((_, element) => String((JSON.parse($(element).text()) as Node)['@type']))
    .get();
}

function missing(node: Node, fields: string[]): string[] {
  return fields.filter((field) => {
    const value = node[field];
    return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  });
}

const isObject = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
