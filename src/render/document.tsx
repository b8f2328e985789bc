import { renderToStaticMarkup } from 'react-dom/server';
import type { MetaTag } from '../core/page-types.ts';
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

/** The complete HTML5 document of a page around its already-rendered body, written by React. */
export function renderDocument(body: PageBody, assets: PageAssets, shell: DocumentShell): string {
  const { meta, route } = body;
  const robots = route.isNotFound ? 'noindex, follow' : (meta.robots ?? 'index, follow');
  const image = meta.image && (meta.image.startsWith('/') ? shell.siteUrl + meta.image : meta.image);
  const html = renderToStaticMarkup(
    <html lang={shell.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        <meta name="robots" content={robots} />
        {route.isNotFound ? null : <link rel="canonical" href={body.url} />}
        {[...shell.headMeta, ...(meta.meta ?? [])].map((tag, i) => (
          <meta key={i} name={tag.name} property={tag.property} httpEquiv={tag.httpEquiv} content={tag.content} />
        ))}
        <meta property="og:type" content={meta.ogType ?? 'website'} />
        <meta property="og:site_name" content={shell.siteName} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        {route.isNotFound ? null : <meta property="og:url" content={body.url} />}
        {image ? <meta property="og:image" content={image} /> : null}
        <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
        {(meta.links ?? []).map((link, i) => (
          <link
            key={i}
            rel={link.rel}
            href={link.href}
            type={link.type}
            title={link.title}
            sizes={link.sizes}
            as={link.as}
            crossOrigin={link.crossOrigin}
            media={link.media}
            imageSrcSet={link.imageSrcSet}
            imageSizes={link.imageSizes}
            fetchPriority={link.fetchPriority}
          />
        ))}
        {shell.fontPreloads.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {assets.runtime ? <script type="module" src={assets.runtime} /> : null}
        {assets.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
        {assets.runtime ? (
          <script
            type="application/json"
            id="site-islands"
            dangerouslySetInnerHTML={{ __html: jsonForScript(assets.islands) }}
          />
        ) : null}
        {(meta.jsonLd ?? []).map((block, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(block) }} />
        ))}
      </head>
      <body dangerouslySetInnerHTML={{ __html: body.html }} />
    </html>,
  );
  return `<!DOCTYPE html>${html}`;
}
