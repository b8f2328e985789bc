import type { LinkTag, MetaTag } from '../core/page-types.ts';
import { attributes, escapeHtml, voidTag, type Attribute } from './html-markup.ts';
import { jsonForScript } from './json-script.ts';
import type { PageBody } from './render-body.ts';

/** The asset URLs one page links: stylesheets always, the island runtime only when the page has islands. */
export interface PageAssets {
  styles: string[];
  runtime?: string;
  /** Island name to module URL, for the islands on this page. */
  islands: Record<string, string>;
  /** Module URLs to preload: islands that hydrate at load. */
  preload: string[];
  /** The page's own module scripts. */
  scripts: string[];
}

/** Site-wide head facts. */
export interface DocumentShell {
  lang: string;
  siteName: string;
  siteUrl: string;
  headMeta: MetaTag[];
  /** Font files every page preloads, so text renders in the web font on the first paint where it can. */
  fontPreloads: string[];
}

/**
 * The complete HTML5 document of a page around its already-rendered body. Written as text: the page itself is
 * React's, but the shell around it is a few dozen tags, and with React writing them a rebuild of 9,999 pages took
 * 12-18 % longer on Node 24 and up to 13 % on Node 20 (interleaved runs, issue 53).
 *
 * The bytes are those React 19 writes for the same elements, in its order: the charset and viewport first, then
 * the title, meta and link tags (which React hoists to the top of the head), then what it leaves in place, the
 * stylesheets without a precedence and the scripts (test/unit/document.test.tsx compares the two).
 */
export function renderDocument(body: PageBody, assets: PageAssets, shell: DocumentShell): string {
  const { meta, route } = body;
  const robots = route.isNotFound ? 'noindex, follow' : (meta.robots ?? 'index, follow');
  const image = meta.image && (meta.image.startsWith('/') ? shell.siteUrl + meta.image : meta.image);
  let viewport = voidTag('meta', [
    ['name', 'viewport'],
    ['content', 'width=device-width, initial-scale=1'],
  ]);
  let hoisted = `<title>${escapeHtml(meta.title)}</title>`;
  hoisted += metaTag({ name: 'description', content: meta.description }) + metaTag({ name: 'robots', content: robots });
  if (!route.isNotFound)
    hoisted += voidTag('link', [
      ['rel', 'canonical'],
      ['href', body.url],
    ]);
  for (const tag of [...shell.headMeta, ...(meta.meta ?? [])]) {
    if (tag.name === 'viewport') viewport += metaTag(tag);
    else hoisted += metaTag(tag);
  }
  hoisted +=
    metaTag({ property: 'og:type', content: meta.ogType ?? 'website' }) +
    metaTag({ property: 'og:site_name', content: shell.siteName });
  hoisted +=
    metaTag({ property: 'og:title', content: meta.title }) +
    metaTag({ property: 'og:description', content: meta.description });
  if (!route.isNotFound) hoisted += metaTag({ property: 'og:url', content: body.url });
  if (image) hoisted += metaTag({ property: 'og:image', content: image });
  hoisted += metaTag({ name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' });
  let inPlace = '';
  const link = (tag: LinkTag) => {
    const markup = linkTag(tag);
    if (tag.rel === 'stylesheet' || tag.href === '') inPlace += markup;
    else hoisted += markup;
  };
  for (const tag of meta.links ?? []) link(tag);
  for (const href of shell.fontPreloads)
    hoisted += voidTag('link', [
      ['rel', 'preload'],
      ['href', href],
      ['as', 'font'],
      ['type', 'font/woff2'],
      ['crossorigin', 'anonymous'],
    ]);
  for (const href of assets.styles) link({ rel: 'stylesheet', href });
  for (const href of assets.preload) link({ rel: 'modulepreload', href });
  if (assets.runtime)
    inPlace += script(
      [
        ['type', 'module'],
        ['src', assets.runtime],
      ],
      '',
    );
  for (const src of assets.scripts)
    inPlace += script(
      [
        ['type', 'module'],
        ['src', src],
      ],
      '',
    );
  if (assets.runtime)
    inPlace += script(
      [
        ['type', 'application/json'],
        ['id', 'site-islands'],
      ],
      jsonForScript(assets.islands),
    );
  for (const block of meta.jsonLd ?? []) inPlace += script([['type', 'application/ld+json']], jsonForScript(block));
  const head = `<head>${voidTag('meta', [['charSet', 'utf-8']])}${viewport}${hoisted}${inPlace}</head>`;
  return `<!DOCTYPE html><html${attributes([['lang', shell.lang]])}>${head}<body>${body.html}</body></html>`;
}

const metaTag = (tag: MetaTag): string =>
  voidTag('meta', [
    ['name', tag.name],
    ['property', tag.property],
    ['http-equiv', tag.httpEquiv],
    ['content', tag.content],
  ]);

const linkTag = (tag: LinkTag): string =>
  voidTag('link', [
    ['rel', tag.rel],
    ['href', tag.href],
    ['type', tag.type],
    ['title', tag.title],
    ['sizes', tag.sizes],
    ['as', tag.as],
    ['crossorigin', tag.crossOrigin],
    ['media', tag.media],
    ['imagesrcset', tag.imageSrcSet],
    ['imagesizes', tag.imageSizes],
    ['fetchpriority', tag.fetchPriority],
  ]);

const script = (list: readonly Attribute[], text: string): string => `<script${attributes(list)}>${text}</script>`;
