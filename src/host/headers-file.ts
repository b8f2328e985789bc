import { compilePathPattern, matchPathPattern } from './path-pattern.ts';
import type { PathPattern } from './path-pattern.ts';

/** One `_headers` block: a path pattern, the headers it detaches (`! Name`) and the headers listed under it. */
export interface ParsedHeaderRule {
  pattern: PathPattern;
  headers: Array<[name: string, value: string]>;
  /** Lowercased names of the headers this rule takes away from the other rules that match a path. */
  detach: string[];
  line: number;
}

/** The rules of a `_headers` file and one warning per line that was ignored. */
export interface ParsedHeadersFile {
  rules: ParsedHeaderRule[];
  warnings: string[];
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Node refuses to send a header value with control characters, so such a line must not reach setHeader.
const BAD_VALUE_CHAR = /[\0-\x08\x0a-\x1f\x7f]/;

/** Parses `_headers` (Netlify / Cloudflare Pages syntax): a path at column 0, then indented `Name: value` lines. */
export function parseHeadersFile(text: string): ParsedHeadersFile {
  const rules: ParsedHeaderRule[] = [];
  const warnings: string[] = [];
  let current: ParsedHeaderRule | undefined;
  text.split(/\r?\n/).forEach((line, index) => {
    const lineNumber = index + 1;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const warn = (why: string): void => {
      warnings.push(`_headers line ${lineNumber}: ${why}; line ignored.`);
    };
    if (!/^\s/.test(line)) {
      current = undefined;
      if (!trimmed.startsWith('/')) return warn(`expected a path starting with "/", got "${trimmed}"`);
      current = { pattern: compilePathPattern(trimmed), headers: [], detach: [], line: lineNumber };
      rules.push(current);
      return;
    }
    if (!current) return warn('a header line must follow a path line');
    if (trimmed.startsWith('!')) {
      const name = trimmed.slice(1).trim();
      if (!HEADER_NAME.test(name)) return warn(`expected "! Name", got "${trimmed}"`);
      current.detach.push(name.toLowerCase());
      return;
    }
    const colon = trimmed.indexOf(':');
    const name = colon === -1 ? '' : trimmed.slice(0, colon).trim();
    const value = trimmed.slice(colon + 1).trim();
    if (!HEADER_NAME.test(name)) return warn(`expected "Name: value", got "${trimmed}"`);
    if (BAD_VALUE_CHAR.test(value)) return warn(`the value of ${name} has control characters`);
    current.headers.push([name, value]);
  });
  return { rules, warnings };
}

/**
 * The headers every matching rule sets for a path, in file order; a header set twice has its values joined with `, `.
 * A rule's `! Name` drops that header from the other matching rules, so its own value stands alone (as on Cloudflare
 * Pages, checked against `wrangler pages dev`).
 */
export function headersForPath(rules: readonly ParsedHeaderRule[], path: string): Array<[string, string]> {
  const matching = rules.filter((rule) => matchPathPattern(rule.pattern, path));
  const byName = new Map<string, { name: string; values: string[] }>();
  for (const rule of matching) {
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      if (matching.some((other) => other !== rule && other.detach.includes(key))) continue;
      const entry = byName.get(key);
      if (entry) entry.values.push(value);
      else byName.set(key, { name, values: [value] });
    }
  }
  return [...byName.values()].map(({ name, values }) => [name, values.join(', ')]);
}
