import { type ComponentType, createContext, createElement, Fragment, type ReactElement, useContext } from 'react';
import { SiteError } from '../core/errors.ts';
import type { IslandEntry } from '../load/import-templates.ts';
import { findUnserialisable, jsonForScript } from './json-script.ts';

/** When an island hydrates: at once, when the browser is idle, when scrolled into view, on first use, or while a media query matches. */
export type HydrateOn = 'load' | 'idle' | 'visible' | 'interaction' | { media: string };

/** One island placed on a page, collected while the page renders. */
export interface IslandUse {
  uid: string;
  when: 'load' | 'idle' | 'visible' | 'interaction' | 'media';
  entry: IslandEntry;
  component: ComponentType<object>;
  props: object;
}

/** Per-page render state: the islands known to the build and those this page used. */
export interface IslandCollector {
  registry: ReadonlyMap<ComponentType<never>, IslandEntry>;
  used: IslandUse[];
}

export const IslandContext = createContext<IslandCollector | null>(null);

/** The HTML comment the page renderer replaces with the island's own server-rendered markup. */
export const islandSlot = (uid: string): string => `<!--site-island:${uid}-->`;

export interface IslandProps<P extends object> {
  component: ComponentType<P>;
  props: P;
  hydrate: HydrateOn;
}

/**
 * Marks an interactive widget. The server renders it as its own React root (own identifierPrefix, so useId
 * matches on both sides) inside a <site-island> marker; its props travel in a JSON script block, never in
 * executable script, so a strict Content-Security-Policy holds.
 */
export function Island<P extends object>({ component, props, hydrate }: IslandProps<P>): ReactElement {
  const collector = useContext(IslandContext);
  if (!collector) {
    throw new Error(
      '<Island> rendered outside a page of the site build, or inside <RenderOnce>, whose markup is shared by many pages.',
    );
  }
  const entry = collector.registry.get(component as ComponentType<never>);
  const label = component.displayName ?? component.name ?? 'anonymous';
  if (!entry) {
    throw new SiteError(
      'ISLAND_UNKNOWN',
      `<Island component={${label}}> is not the default export of a file in templates/islands/.`,
    );
  }
  const bad = findUnserialisable(props);
  if (bad) {
    throw new SiteError(
      'ISLAND_PROPS_UNSERIALIZABLE',
      `Island "${entry.name}": ${bad.path} is ${bad.reason}, which JSON cannot carry.`,
      {
        file: entry.source,
        field: bad.path,
      },
    );
  }
  const uid = `s${collector.used.length}`;
  const when = typeof hydrate === 'string' ? hydrate : 'media';
  collector.used.push({ uid, when, entry, component: component as ComponentType<object>, props });
  return createElement(
    Fragment,
    null,
    createElement('script', {
      type: 'application/json',
      id: `site-island-props-${uid}`,
      dangerouslySetInnerHTML: { __html: jsonForScript(props) },
    }),
    createElement('site-island', {
      'data-island': entry.name,
      'data-uid': uid,
      'data-when': when,
      'data-media': typeof hydrate === 'object' ? hydrate.media : undefined,
      dangerouslySetInnerHTML: { __html: islandSlot(uid) },
    }),
  );
}
