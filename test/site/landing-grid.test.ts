import { describe, expect, it } from 'vitest';
import { gridPages, inGrid, landingGrid } from '../../templates/lib/landing-grid.ts';

describe('landing grid', () => {
  const slugs = [
    'room-addition-builder-los-gatos',
    'adu-contractor-palo-alto',
    'adu-contractor-sunnyvale',
    'eichler-home-contractor-los-gatos',
    'adu-contractor-los-gatos',
  ];

  it('gives back exactly the slugs it was made of, in path order, with the routing rule’s keyword and city', () => {
    const grid = landingGrid(slugs);
    expect(gridPages(grid).map((page) => page.slug)).toEqual([...slugs].sort());
    expect(gridPages(grid).find((page) => page.slug === 'room-addition-builder-los-gatos')).toEqual({
      slug: 'room-addition-builder-los-gatos',
      keyword: 'room-addition-builder',
      city: 'los-gatos',
    });
    // Three keywords by three cities, five of the nine present.
    expect(grid.cells.length).toBe(9);
    expect([...grid.cells].filter((cell) => cell === '1')).toHaveLength(5);
  });

  it('knows a slug of the grid, and no other pairing of its keywords and cities', () => {
    const grid = landingGrid(slugs);
    for (const slug of slugs) expect(inGrid(grid, slug), slug).toBe(true);
    for (const slug of [
      'eichler-home-contractor-sunnyvale',
      'room-addition-builder-palo-alto',
      'adu-contractor-oakland',
      'kitchen-remodel-sunnyvale',
      'about',
      'blog/adu',
      '',
    ]) {
      expect(inGrid(grid, slug), slug).toBe(false);
    }
  });

  it('leaves out a slug the routing rule cannot read', () => {
    expect(gridPages(landingGrid(['palo-alto', 'about', 'adu-contractor-fremont'])).map((page) => page.slug)).toEqual([
      'adu-contractor-fremont',
    ]);
  });
});
