/** robots.txt: everything allowed but the listed paths, and where the sitemap is. */
export function buildRobots(siteUrl: string, disallow: readonly string[]): string {
  const lines = ['User-agent: *', 'Allow: /', ...disallow.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''];
  return lines.join('\n');
}
