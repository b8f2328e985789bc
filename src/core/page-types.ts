import type { ReactNode } from 'react';

/** A meta tag of the document head. */
export interface MetaTag {
  name?: string;
  property?: string;
  httpEquiv?: string;
  content: string;
}

/** Site-wide facts of this build. */
export interface BuildInfo {
  /** Canonical origin without a trailing slash, such as `https://www.example.com`. */
  url: string;
  /** The build's date (SOURCE_DATE_EPOCH when set), for copyright years and default lastmod. */
  time: Date;
  /** What the site's env definition derives from its declared variables (never a secret); {} without one. */
  env: Readonly<Record<string, unknown>>;
}

/** A route the build renders, as pages see it (a page that lists other pages reads these). */
export interface RouteInfo {
  path: string;
  /** The page module's file, relative to the project root. */
  source: string;
  params: Readonly<Record<string, string>>;
}

/** What a page component, its meta() and its head receive. */
export interface PageContext<D, P = Record<string, never>> {
  data: D;
  params: Readonly<Record<string, string>>;
  props: P;
  /** The route path, such as `/blog/first-post`. */
  path: string;
  /** The absolute canonical URL of the page. */
  url: string;
  /** The files of a photo of the site's images folder, by its path there; one it lacks fails the build (IMAGE_MISSING). */
  picture(name: string): PictureSet;
  site: BuildInfo;
  /** Every route of this build, so a page can list pages that really exist. */
  routes: readonly RouteInfo[];
}

export interface LinkTag {
  rel: string;
  href: string;
  type?: string;
  title?: string;
  /** Icon sizes, such as `32x32`. */
  sizes?: string;
  /** What a `preload` fetches (`font`, `image`...). */
  as?: string;
  /** `anonymous` for a preloaded font, which browsers fetch in CORS mode. */
  crossOrigin?: 'anonymous';
  /** For a preloaded image: when it applies, its candidates and sizes (as on the image), and `high` for the largest paint. */
  media?: string;
  imageSrcSet?: string;
  imageSizes?: string;
  fetchPriority?: 'high';
}

/** The head and host metadata a page declares. */
export interface PageMeta {
  title: string;
  description: string;
  /** Defaults to `index, follow`; a value containing `noindex` also keeps the page out of the sitemap. */
  robots?: string;
  /** Absolute or root-relative URL of the Open Graph image. */
  image?: string;
  ogType?: string;
  jsonLd?: object[];
  meta?: MetaTag[];
  links?: LinkTag[];
  /** `false` leaves the page out of the sitemap; lastmod is YYYY-MM-DD. */
  sitemap?: false | { lastmod?: string; changefreq?: 'daily' | 'weekly' | 'monthly' | 'yearly'; priority?: number };
  /** Plain module scripts this page loads (paths relative to the templates folder), bundled like islands. */
  scripts?: readonly string[];
  /** HTTP headers for this page in `_headers` (a Cache-Control here replaces the HTML default). */
  headers?: Readonly<Record<string, string>>;
}

/** The site's photos (SiteDefinition.images): every file under `dir`, relative to the project root, is encoded at each of `widths`. */
export type ImageOptions = { dir: string; widths: number[] };

/**
 * A photo's files: the upright photo's size (for the image's width and height), the fallback for `<img src>` (a JPEG,
 * or a PNG for a photo with transparency) at the widest width, and the AVIF then the WebP files by width, narrowest first.
 */
export type PictureSet = {
  width: number;
  height: number;
  src: string;
  sources: ReadonlyArray<{ type: string; files: ReadonlyArray<{ url: string; width: number }> }>;
};

/** One path of a data-driven page, with the props it renders with. */
export interface StaticPath<P> {
  params: Record<string, string>;
  props?: P;
}

/** A non-HTML file a site generates, such as `feed.xml.ts` → `/feed.xml`: its default export returns the text. */
export interface EndpointModule<D = unknown> {
  default: (context: { data: D; site: BuildInfo }) => string;
}

/** The shape of a module under templates/pages/. */
export interface PageModule<D = unknown, P = unknown> {
  default: (context: PageContext<D, P>) => ReactNode;
  meta: (context: PageContext<D, P>) => PageMeta;
  /**
   * The scripts a page's meta() names, said ahead: the build bundles every page's scripts before it renders any,
   * and asks this rather than making each page's meta() twice. A page whose meta() names other scripts fails.
   */
  scripts?: (context: PageContext<D, P>) => readonly string[];
  getStaticPaths?: (context: { data: D; site: BuildInfo }) => StaticPath<P>[];
}
