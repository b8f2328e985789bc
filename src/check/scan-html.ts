import { createRequire } from 'node:module';
import { scanHtmlFast, type MarkupSkip } from './scan-fast.ts';
import { inlineScriptFound, scanTag, type HtmlScan } from './scan-tag.ts';

export type { FetchKind, HtmlScan, PageLink, PageScan } from './scan-tag.ts';
export { srcsetUrls } from './scan-tag.ts';
export { scanHtmlFast };

/**
 * Parses a built HTML page once, collecting what the link check, the CSP and the budgets need. Markup as React
 * writes it takes a fast path (a tenth of the time of a full tokenizer, which matters at thousands of pages);
 * anything that path does not know for certain is parsed by htmlparser2, so the result is the same either way.
 * `skips` name shared markup whose scan is known (see shared-markup.ts): the fast path takes it as it is.
 */
export function scanHtml(html: string, skips?: readonly MarkupSkip[]): HtmlScan {
  return scanHtmlFast(html, skips) ?? scanHtmlFull(html);
}

// Loaded on first use: markup as React writes it never needs it, and loading it cost 25 ms of every build.
let htmlparser2: typeof import('htmlparser2') | undefined;
const loadHtmlparser2 = (): typeof import('htmlparser2') => (htmlparser2 ??= createRequire(import.meta.url)('htmlparser2') as typeof import('htmlparser2'));

/** The full HTML tokenizer, for markup the fast path does not take. */
export function scanHtmlFull(html: string): HtmlScan {
  const { Parser } = loadHtmlparser2();
  const scan: HtmlScan = { ids: new Set(), links: [], renderBlockingScripts: [], blockedInline: [] };
  const open: string[] = [];
  let inlineScript: { text: string } | undefined;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = open.at(-1);
        open.push(name);
        const names = Object.keys(attributes);
        if (scanTag(scan, name, { names, count: names.length, value: (index) => attributes[names[index]!]! }, parent, open.includes('head'))) inlineScript = { text: '' };
      },
      ontext(text) {
        if (inlineScript) inlineScript.text += text;
      },
      onclosetag(name) {
        open.pop();
        if (name === 'script' && inlineScript) {
          inlineScriptFound(scan, inlineScript.text);
          inlineScript = undefined;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return scan;
}
