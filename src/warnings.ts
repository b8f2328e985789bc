import type { RenderedPage } from './render/render-page.ts';

/** Markup the strict Content-Security-Policy would block: inline style attributes and inline event handlers. */
export function htmlWarnings(pages: readonly RenderedPage[]): string[] {
  const warnings: string[] = [];
  for (const page of pages) {
    if (/\sstyle="/.test(page.body)) warnings.push(`${page.route.path}: a style="" attribute, which style-src 'self' blocks; use a class.`);
    if (/\son[a-z]+="/.test(page.body)) warnings.push(`${page.route.path}: an inline event handler attribute, which script-src 'self' blocks.`);
  }
  return warnings;
}
