import { Marked } from 'marked';

const marked = new Marked({ gfm: true, async: false });

/** Renders an article's Markdown (our own data/ files, so trusted) to HTML. */
export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown) as string;
}

/** The article as plain text, for descriptions. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/^#+\s.*$/gm, '')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/[*_`>#-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
