/** A `_headers` or `_redirects` path pattern, compiled once: `/*`, `/assets/*`, `/blog/:slug`. */
export interface PathPattern {
  source: string;
  regex: RegExp;
  names: string[];
}

/**
 * Compiles a pattern as Cloudflare Pages does (workers-sdk, rules-engine.ts): `*` matches anything, slashes
 * included, as `splat`; `:name` matches one segment; the rest matches exactly, letter case and trailing slash too.
 */
export function compilePathPattern(source: string): PathPattern {
  const names: string[] = [];
  const regex = source.replace(/\*|:([A-Za-z]\w*)|[^*:]+|:/g, (token: string, name: string | undefined) => {
    if (token === '*') {
      names.push('splat');
      return '(.*)';
    }
    if (name) {
      names.push(name);
      return '([^/]+)';
    }
    return token.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  });
  return { source, regex: new RegExp(`^${regex}$`), names };
}

/** Matches a request path, percent-encoded as the URL has it, against a pattern; returns its placeholders (and `splat`), or undefined. */
export function matchPathPattern(pattern: PathPattern, path: string): Record<string, string> | undefined {
  const match = pattern.regex.exec(path);
  if (!match) return undefined;
  const params: Record<string, string> = {};
  pattern.names.forEach((name, index) => {
    params[name] ??= match[index + 1] ?? '';
  });
  return params;
}
