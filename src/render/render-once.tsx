import { createContext, createElement, useContext, type ComponentPropsWithoutRef, type ElementType, type ReactElement, type ReactNode } from 'react';
import { RecentlyUsed } from '../recently-used.ts';
import { renderToStaticMarkup } from './react-dom-server.ts';

/** Markup <RenderOnce> rendered once in a build, as every page that holds it gets it. */
export interface SharedMarkup {
  /** Numbers the markup on its render thread, in the order first rendered. */
  id: number;
  html: string;
  /** The element that holds it, when it is one by name (a component's element is not known). */
  tag: string | undefined;
}

/**
 * How many markups a render thread keeps, the least recently placed let go first: enough for what every page or
 * every template's page holds (the header in each of its states, the footer, drawings, a section per service),
 * and for markup of one record, such as a city, whose pages render one after the other (see renderOrder). A
 * markup let go and asked for again is rendered again, the same. Without a bound, a section per city kept 5 MB
 * of markup at 1,111 cities, on this thread and again on the write thread, and ten times that at 11,111.
 */
export const KEPT_MARKUP = 256;

/**
 * Markup a build has rendered once, by the key its <RenderOnce> gave: one per render thread and build, keeping
 * the KEPT_MARKUP placed most recently. It also records which of it the page now rendering holds, in order, so
 * that page's scan can take the markup's scan, made once, rather than read the same header and footer on every
 * page (see check/shared-markup.ts).
 */
export class MarkupCache {
  private readonly kept = new RecentlyUsed<string, SharedMarkup>(KEPT_MARKUP);
  private made = 0;
  /** The shared markup placed in the page being rendered, in document order. */
  placed: SharedMarkup[] = [];

  get(key: string): SharedMarkup | undefined {
    return this.kept.use(key);
  }

  add(key: string, html: string, tag: string | undefined): SharedMarkup {
    // Numbered by a count, not the number kept: a markup made again after it was let go is a new one.
    const markup = { id: this.made++, html, tag };
    this.kept.add(key, markup);
    return markup;
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
 * Markup many pages share byte for byte, such as a site's header and footer: its children are rendered once
 * per build for each `cacheKey` and the HTML reused inside the `as` element on every page that gives the same
 * key, so a 10,000-page build does not render the same footer 10,000 times. The key must name everything the
 * children depend on that differs between pages (the header's current link, say); the data and the build's
 * facts are the same for every page of a build.
 *
 * The children are their own React root: they see no React context from the page around them and cannot hold an
 * <Island> (whose props and hydration are per page). useId is prefixed from the key, so ids stay the same on
 * every render thread and never collide with the page's.
 */
export function RenderOnce<T extends ElementType>({ as, cacheKey, children, ...attributes }: RenderOnceProps<T>): ReactElement {
  const cache = useContext(MarkupCacheContext);
  // A nested render: React's server renderer saves and restores its own state around it.
  const render = () => renderToStaticMarkup(children, { identifierPrefix: `${keyPrefix(cacheKey)}-` });
  if (!cache) return createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: render() } });
  const markup = cache.get(cacheKey) ?? cache.add(cacheKey, render(), typeof as === 'string' ? as.toLowerCase() : undefined);
  cache.placed.push(markup);
  return createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: markup.html } });
}

/** A short letter-led prefix from the key (FNV-1a), valid in an HTML id whatever the key holds. */
function keyPrefix(key: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193);
  return `o${(hash >>> 0).toString(36)}`;
}
