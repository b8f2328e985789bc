/**
 * The article as plain text, for descriptions: headings dropped, links reduced to their words, and only the
 * Markdown marks removed (list markers at a line's start, quote marks, emphasis), so 'self-contained' keeps its hyphen.
 */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/^#+\s.*$/gm, '')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/(\*\*|__|\*|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
