import { Parser } from 'htmlparser2';
import { scanHtmlFast } from './scan-fast.ts';
import { type HtmlScan, inlineScriptFound, scanTag } from './scan-tag.ts';

export type { FetchKind, HtmlScan, PageLink } from './scan-tag.ts';
export { srcsetUrls } from './scan-tag.ts';

/**
 * Parses a built page once, collecting what the link check, the CSP and the budgets need. Markup as React writes
 * it takes a fast path, a tenth of the time of a full tokenizer (scan-fast.ts); anything that path does not know
 * for certain is parsed by htmlparser2, so the result is the same either way.
 */
export function scanHtml(html: string): HtmlScan {
  return scanHtmlFast(html) ?? scanHtmlFull(html);
}

/** The full HTML tokenizer, for markup the fast path does not take. */
export function scanHtmlFull(html: string): HtmlScan {
  const scan: HtmlScan = { ids: new Set(), links: [], renderBlockingScripts: [], blockedInline: [] };
  const open: string[] = [];
  let inlineScript: { text: string } | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = open.at(-1);
        open.push(name);
        const names = Object.keys(attributes);
        if (
          scanTag(
            scan,
            name,
            { names, count: names.length, value: (index) => attributes[names[index]!]! },
            parent,
            open.includes('head'),
          )
        )
          inlineScript = { text: '' };
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
