// Pages are written in file format: clean URLs without a trailing slash on every common static host.

/** `/` is index.html, `/about` is about.html, `/blog/post` is blog/post.html. */
export function outputFileFor(routePath: string): string {
  return routePath === '/' ? 'index.html' : `${routePath.slice(1)}.html`;
}

/** The route path of a page's output file, the inverse of outputFileFor; undefined for a file no route writes. */
export function routePathOf(outputFile: string): string | undefined {
  if (outputFile === 'index.html') return '/';
  return outputFile.endsWith('.html') ? `/${outputFile.slice(0, -'.html'.length)}` : undefined;
}
