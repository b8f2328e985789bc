import { compilePathPattern, matchPathPattern } from './path-pattern.ts';
import type { PathPattern } from './path-pattern.ts';
import { encodePath } from './url-paths.ts';

/** One `_redirects` line: `from to [status]`; a status ending in `!` (Netlify's force) applies even over files. */
export interface RedirectRule {
  from: PathPattern;
  to: string;
  status: number;
  force: boolean;
  line: number;
}

/** The rules of a `_redirects` file and one warning per line that was ignored. */
export interface ParsedRedirectsFile {
  rules: RedirectRule[];
  warnings: string[];
}

/** A rule that matched a request, with its target's placeholders filled in (percent-encoded). */
export interface RedirectMatch {
  rule: RedirectRule;
  target: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const STATUS = /^(\d{3})(!?)$/;

/** True for the statuses that answer with a Location header rather than a file. */
export function isRedirectStatus(status: number): boolean {
  return REDIRECT_STATUSES.has(status);
}

/** Parses `_redirects` (Netlify syntax); blank lines and `#` comments are skipped, malformed lines become warnings. */
export function parseRedirectsFile(text: string): ParsedRedirectsFile {
  const rules: RedirectRule[] = [];
  const warnings: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    // A `#` after whitespace starts a comment; inside a token it may be a URL fragment.
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line === '') return;
    const rule = parseRule(line.split(/\s+/), index + 1);
    if (typeof rule === 'string') warnings.push(`_redirects line ${index + 1}: ${rule}, got "${raw.trim()}"; line ignored.`);
    else rules.push(rule);
  });
  return { rules, warnings };
}

function parseRule(tokens: string[], line: number): RedirectRule | string {
  const [from, to, statusToken = '301'] = tokens;
  if (from === undefined || to === undefined || tokens.length > 3) return 'expected "from to [status]"';
  if (!from.startsWith('/')) return 'the "from" path must start with "/"';
  const status = STATUS.exec(statusToken);
  const code = Number(status?.[1]);
  const isRewrite = code === 200 || (code >= 400 && code < 500);
  if (!status || (!isRedirectStatus(code) && !isRewrite)) return 'the status must be 200, 301, 302, 303, 307, 308 or 4xx';
  if (isRewrite && !to.startsWith('/')) return 'a 200 or 4xx rule must point at a path on this site';
  if (!to.startsWith('/') && !/^https?:\/\//i.test(to)) return 'the target must be a path or an http(s) URL';
  return { from: compilePathPattern(from), to, status: code, force: status[2] === '!', line };
}

/** The first rule (in file order) whose `from` matches the decoded path, with `:splat` and `:name` filled in. */
export function matchRedirect(rules: readonly RedirectRule[], path: string): RedirectMatch | undefined {
  for (const rule of rules) {
    const params = matchPathPattern(rule.from, path);
    if (!params) continue;
    const target = rule.to.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) => {
      const value = params[name];
      return value === undefined ? whole : encodePath(value);
    });
    return { rule, target };
  }
  return undefined;
}
