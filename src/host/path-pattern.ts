/** A `_headers` or `_redirects` path pattern, compiled once: `/*`, `/assets/*`, `/blog/:slug`. */
export interface PathPattern {
  source: string;
  regex: RegExp;
  names: string[];
}

const PLACEHOLDER = /^:([A-Za-z_][A-Za-z0-9_]*)$/;

/** Compiles a pattern: `:name` matches one segment, `*` matches the rest (slashes included) as `splat`. */
export function compilePathPattern(source: string): PathPattern {
  const segments = withoutTrailingSlash(source).split('/').slice(1);
  const names: string[] = [];
  let regex = '';
  segments.forEach((segment, index) => {
    const placeholder = PLACEHOLDER.exec(segment);
    if (segment === '*' && index === segments.length - 1) {
      // `/assets/*` also matches `/assets` itself, as on Netlify.
      regex += '(?:/(.*))?';
      names.push('splat');
    } else if (placeholder?.[1] !== undefined) {
      regex += '/([^/]+)';
      names.push(placeholder[1]);
    } else {
      regex += '/' + segment.split('*').map(escapeRegex).join('(.*)');
      for (let stars = segment.split('*').length - 1; stars > 0; stars -= 1) names.push('splat');
    }
  });
  // Paths are lowercased before rules run, so rules written with capitals must still match.
  return { source, regex: new RegExp(`^${regex || '/'}$`, 'i'), names };
}

/** Matches a decoded path against a pattern; returns the placeholder values (and `splat`), or undefined. */
export function matchPathPattern(pattern: PathPattern, path: string): Record<string, string> | undefined {
  const match = pattern.regex.exec(withoutTrailingSlash(path));
  if (!match) return undefined;
  const params: Record<string, string> = {};
  pattern.names.forEach((name, index) => {
    params[name] = match[index + 1] ?? '';
  });
  return params;
}

function withoutTrailingSlash(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
