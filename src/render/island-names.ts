import type { RenderedIsland } from './render-page.ts';
import { madeOnce } from '../made-once.ts';

/** The islands of a page by module name, each once: all of them, and those that hydrate as it loads or idles. */
export interface IslandNames {
  all: readonly string[];
  eager: readonly string[];
}

// By a page's list of islands: most pages of a large site share the empty one (see renderPage), and the lists
// made for each page of 100,026 were 400,000 arrays and sets.
const namesByIslands = new WeakMap<readonly RenderedIsland[], IslandNames>();

export function islandNames(islands: readonly RenderedIsland[]): IslandNames {
  return madeOnce(namesByIslands, islands, () => ({
    all: [...new Set(islands.map((island) => island.entry.name))],
    eager: [...new Set(islands.filter((island) => island.when === 'load' || island.when === 'idle').map((island) => island.entry.name))],
  }));
}
