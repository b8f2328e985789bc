import {
  type ComponentPropsWithoutRef,
  createContext,
  createElement,
  type ElementType,
  type ReactElement,
  type ReactNode,
  useContext,
} from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { RecentValues } from '../core/recent-values.ts';

/**
 * How many markups a render thread keeps, the least recently placed let go first: enough for what every page of a
 * template holds (the header in each of its states, the footer, drawings, a section per service) and for markup of
 * one record, such as a city, whose pages render one after the other. A markup let go is rendered again, the same.
 */
export const KEPT_MARKUP = 256;

/**
 * Notes the data a render reads, for a watch session (see pages/page-memory.ts): what rendering a markup read is
 * kept with it and noted again for every page that takes the markup from the cache instead of rendering it.
 */
export interface ReadRecorder {
  record(render: () => string): { html: string; reads: readonly string[] };
  replay(reads: readonly string[]): void;
}

/** Markup <RenderOnce> rendered in this build on this thread, by its key. */
export class MarkupCache {
  readonly #byKey = new RecentValues<{ html: string; reads: readonly string[] }>(KEPT_MARKUP);
  readonly #recorder: ReadRecorder | undefined;

  constructor(recorder?: ReadRecorder) {
    this.#recorder = recorder;
  }

  /** The markup for `key`, rendered by `render` the first time it is asked for (or again, once let go). */
  html(key: string, render: () => string): string {
    let rendered = false;
    const entry = this.#byKey.get(key, () => {
      rendered = true;
      return this.#recorder ? this.#recorder.record(render) : { html: render(), reads: [] };
    });
    if (!rendered) this.#recorder?.replay(entry.reads);
    return entry.html;
  }
}

/** The build's cache; none outside a page render, where <RenderOnce> renders its children every time. */
export const MarkupCacheContext = createContext<MarkupCache | null>(null);

export type RenderOnceProps<T extends ElementType> = {
  /** The element that holds the markup; its own attributes are rendered on every page. */
  as: T;
  /** Names the markup: equal keys in one build must stand for byte-identical children. */
  cacheKey: string;
  children: ReactNode;
} & Omit<ComponentPropsWithoutRef<T>, 'children' | 'dangerouslySetInnerHTML'>;

/**
 * Markup many pages share byte for byte, such as a site's header and footer: its children are rendered once per
 * build for each `cacheKey` and the HTML reused inside the `as` element on every page that gives the same key, so
 * a 10,000-page build does not render the same footer 10,000 times. The key must name everything the children
 * depend on that differs between pages (the header's current link, say).
 *
 * The children are their own React root: they see no React context from the page around them and cannot hold an
 * <Island>. useId is prefixed from the key, so ids stay the same on every render thread and never collide with
 * the page's.
 */
export function RenderOnce<T extends ElementType>({
  as,
  cacheKey,
  children,
  ...attributes
}: RenderOnceProps<T>): ReactElement {
  const cache = useContext(MarkupCacheContext);
  // A nested render: React's server renderer saves and restores its own state around it.
  const render = () => renderToStaticMarkup(children, { identifierPrefix: `${keyPrefix(cacheKey)}-` });
  const html = cache ? cache.html(cacheKey, render) : render();
  return createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: html } });
}

/** A short letter-led prefix from the key (FNV-1a), valid in an HTML id whatever the key holds. */
function keyPrefix(key: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193);
  return `o${(hash >>> 0).toString(36)}`;
}
