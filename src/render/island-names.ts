import type { RenderedIsland } from './render-page.ts';

/** The islands of a page by module name, each once: all of them, and those that hydrate as it loads or idles. */
export interface IslandNames {
  all: readonly string[];
  eager: readonly string[];
}

// By a page's list of islands: most pages of a large site share the empty one (see renderPage), and the lists
// made for each page of 100,026 were 400,000 arrays and sets.
const namesByIslands = new WeakMap<readonly RenderedIsland[], IslandNames>();

export function islandNames(islands: readonly RenderedIsland[]): IslandNames {
  let names = namesByIslands.get(islands);
  if (!names) {
    const all = [...new Set(islands.map((island) => island.entry.name))];
    const eager = [...new Set(islands.filter((island) => island.when === 'load' || island.when === 'idle').map((island) => island.entry.name))];
    namesByIslands.set(islands, (names = { all, eager }));
  }
  return names;
}
