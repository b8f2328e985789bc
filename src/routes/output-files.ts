// Pages are written in file format: clean URLs without a trailing slash on every common static host.

/** `/` is index.html, `/about` is about.html, `/blog/post` is blog/post.html. */
export function outputFileFor(routePath: string): string {
  return routePath === '/' ? 'index.html' : `${routePath.slice(1)}.html`;
}
