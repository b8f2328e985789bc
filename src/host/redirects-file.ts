import { compilePathPattern, matchPathPattern } from './path-pattern.ts';
import type { PathPattern } from './path-pattern.ts';

/** One `_redirects` line: `from to [status]`. */
export interface ParsedRedirectRule {
  from: PathPattern;
  to: string;
  status: number;
  line: number;
}

/** The rules of a `_redirects` file and one warning per line that was ignored. */
export interface ParsedRedirectsFile {
  rules: ParsedRedirectRule[];
  warnings: string[];
}

/** A rule that matched a request, with its target's placeholders filled in. */
export interface RedirectMatch {
  rule: ParsedRedirectRule;
  target: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** True for the statuses that answer with a Location header rather than a file (200 is the other one: a rewrite). */
export function isRedirectStatus(status: number): boolean {
  return REDIRECT_STATUSES.has(status);
}

/**
 * Parses `_redirects` as Cloudflare Pages does (workers-sdk, parseRedirects.ts): blank lines and `#` comments are
 * skipped; the status is 200, 301, 302 (the default), 303, 307 or 308; a path named twice keeps its first rule.
 * Lines it would ignore become warnings.
 */
export function parseRedirectsFile(text: string): ParsedRedirectsFile {
  const rules: ParsedRedirectRule[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim().startsWith('#') ? '' : raw.replace(/\s+#.*$/, '').trim();
    if (line === '') return;
    const rule = parseRule(line.split(/\s+/), index + 1, seen);
    if (typeof rule === 'string') {
      warnings.push(`_redirects line ${index + 1}: ${rule}, got "${raw.trim()}"; line ignored.`);
    } else rules.push(rule);
  });
  return { rules, warnings };
}

function parseRule(tokens: string[], line: number, seen: Set<string>): ParsedRedirectRule | string {
  const [from, to, statusToken = '302'] = tokens;
  if (from === undefined || to === undefined || tokens.length > 3) return 'expected "from to [status]"';
  if (!from.startsWith('/')) return 'the "from" path must start with "/"';
  const status = /^\d{3}$/.test(statusToken) ? Number(statusToken) : NaN;
  if (status !== 200 && !isRedirectStatus(status)) return 'the status must be 200, 301, 302, 303, 307 or 308';
  if (status === 200 && !to.startsWith('/')) return 'a 200 rule must point at a path on this site';
  if (!to.startsWith('/') && !/^https?:\/\//i.test(to)) return 'the target must be a path or an http(s) URL';
  if (seen.has(from)) return `an earlier line already redirects ${from}`;
  seen.add(from);
  return { from: compilePathPattern(from), to, status, line };
}

/**
 * The first rule (in file order) whose `from` matches the path, percent-encoded as the request has it, with `:splat`
 * and `:name` filled in as they were matched.
 */
export function matchRedirect(rules: readonly ParsedRedirectRule[], path: string): RedirectMatch | undefined {
  for (const rule of rules) {
    const params = matchPathPattern(rule.from, path);
    if (!params) continue;
    const target = rule.to.replace(/:([A-Za-z]\w*)/g, (whole, name: string) => params[name] ?? whole);
    return { rule, target };
  }
  return undefined;
}
