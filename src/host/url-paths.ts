/** The raw path of a request target and its query string (including the `?`, or empty). */
export interface RequestTarget {
  rawPath: string;
  query: string;
}

/** Splits a request target such as `/blog?page=2` into its raw path and query string. */
export function splitTarget(url: string): RequestTarget {
  const mark = url.indexOf('?');
  return mark === -1 ? { rawPath: url, query: '' } : { rawPath: url.slice(0, mark), query: url.slice(mark) };
}

/** The clean URL of a page file's path: `/about.html` → `/about`, `/index.html` → `/`, `/blog/index.html` → `/blog`. */
export function cleanUrlOf(htmlPath: string): string {
  let clean = htmlPath.replace(/\.html$/, '');
  if (clean.endsWith('/index')) clean = clean.slice(0, -'index'.length);
  return clean.replace(/\/+$/, '') || '/';
}

/** Percent-encodes a decoded path for a Location header. */
export function encodePath(decodedPath: string): string {
  return encodeURI(decodedPath).replace(/[?#]/g, (char) => encodeURIComponent(char));
}

/** Collapses leading slashes, so that a path like `//evil.example` stays on this host instead of naming another. */
export function sameOriginPath(path: string): string {
  return path.replace(/^\/{2,}/, '/');
}
