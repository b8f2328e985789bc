import { Marked } from 'marked';

const marked = new Marked({ gfm: true, async: false });

/**
 * Renders an article's Markdown (our own data/ files, so trusted) to HTML. Imported only by the posts' html renderer
 * in site.config.ts, so a build whose posts are all in the cache never loads the parser.
 */
export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown) as string;
}
