import { describe, expect, it } from 'vitest';
import { filterPages, type ListedPage, serviceLabel } from '../../templates/lib/admin-filters.ts';

const page = (keyword: string, city: string): ListedPage => ({
  slug: `${keyword}-${city}`,
  keyword,
  city,
  path: `/${keyword}-${city}`,
});
const PAGES = [
  page('adu-contractor', 'palo-alto'),
  page('adu-contractor', 'san-jose'),
  page('full-home-remodeling', 'palo-alto'),
  page('eichler-home-contractor', 'los-altos'),
];

describe('admin filters', () => {
  it('searches slug, city and keyword without regard to case', () => {
    expect(filterPages(PAGES, { search: 'PALO', service: '', city: '' })).toHaveLength(2);
    expect(filterPages(PAGES, { search: 'eichler', service: '', city: '' })).toHaveLength(1);
    expect(filterPages(PAGES, { search: '  ', service: '', city: '' })).toHaveLength(4);
  });

  it('requires all three filters to hold', () => {
    expect(filterPages(PAGES, { search: 'palo', service: 'adu-contractor', city: '' }).map((p) => p.slug)).toEqual([
      'adu-contractor-palo-alto',
    ]);
    expect(filterPages(PAGES, { search: 'palo', service: 'adu-contractor', city: 'san-jose' })).toEqual([]);
  });

  it('matches the city exactly, not as a part', () => {
    expect(filterPages(PAGES, { search: '', service: '', city: 'palo' })).toEqual([]);
    expect(filterPages(PAGES, { search: '', service: '', city: 'los-altos' })).toHaveLength(1);
  });

  it('shows a service keyword with dashes as spaces', () => {
    expect(serviceLabel('new-construction-home-contractor')).toBe('new construction home contractor');
  });
});
