import { cp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadData } from '../../src/collections/load-data.ts';
import type { SiteData } from '../../templates/collections.ts';
import { LoadingServiceInformation } from '../../templates/components/landing/landing-sections.tsx';
import { relatedKeywords } from '../../templates/lib/landing-content.ts';
import { cityLandingHref, serviceLocations } from '../../templates/lib/landing-data.ts';
import { landingSlug, parseLandingSlug } from '../../templates/lib/landing-slug.ts';
import site from '../../templates/site.config.ts';
import { build, siteErrorsOf } from '../helpers/engine.ts';
import { PROJECT_ROOT, tempDir, testEnv } from '../helpers/fixture.ts';

const KEYWORDS = [
  'addition-contractor',
  'room-addition-contractor',
  'room-addition-builder',
  'new-construction-home-contractor',
  'full-home-remodeling',
  'bathroom-remodel-contractor',
  'adu-contractor',
  'eichler-home-contractor',
  'design-and-build-contractor',
];
const CITIES = [
  'sunnyvale',
  'san-jose',
  'santa-clara',
  'palo-alto',
  'menlo-park',
  'atherton',
  'fremont',
  'milpitas',
  'saratoga',
  'los-altos',
  'los-gatos',
];

let data: SiteData;
beforeAll(async () => {
  data = (await loadData(site, path.join(PROJECT_ROOT, 'data'), PROJECT_ROOT)) as unknown as SiteData;
});

describe('the landing routing rule', () => {
  it('reads every one of the 99 slugs back to its keyword and city', () => {
    let count = 0;
    for (const keyword of KEYWORDS) {
      for (const city of CITIES) {
        expect(parseLandingSlug(landingSlug(keyword, city))).toEqual({ keyword, city });
        count++;
      }
    }
    expect(count).toBe(99);
  });

  it.each([
    ['adu-contractor-san-jose', 'adu-contractor', 'san-jose'],
    ['room-addition-builder-los-gatos', 'room-addition-builder', 'los-gatos'],
    ['full-home-remodeling-santa-clara', 'full-home-remodeling', 'santa-clara'],
    ['adu-contractor-oakland', 'adu-contractor', 'oakland'],
    ['eichler-home-contractor-jose', 'eichler-home-contractor', 'jose'],
    ['design-and-build-contractor-menlo-park', 'design-and-build-contractor', 'menlo-park'],
  ])('%s → %s in %s (multi-word cities first, else the last word)', (slug, keyword, city) => {
    expect(parseLandingSlug(slug)).toEqual({ keyword, city });
  });

  it('returns nothing for a slug with no keyword part', () => {
    expect(parseLandingSlug('sunnyvale')).toBeUndefined();
    expect(parseLandingSlug('san-jose')).toBeUndefined();
  });
});

describe('related services', () => {
  it('picks exactly three other services, and links every page of a city from its siblings', () => {
    for (let cityIndex = 0; cityIndex < CITIES.length; cityIndex++) {
      const inbound = new Map<string, number>();
      for (const keyword of KEYWORDS) {
        const related = relatedKeywords(KEYWORDS, keyword, cityIndex);
        expect(related).toHaveLength(3);
        expect(new Set(related).size).toBe(3);
        expect(related).not.toContain(keyword);
        for (const target of related) inbound.set(target, (inbound.get(target) ?? 0) + 1);
      }
      expect([...inbound.keys()].sort()).toEqual([...KEYWORDS].sort());
    }
  });

  it('varies the choice between cities', () => {
    const choices = new Set(CITIES.map((_, i) => relatedKeywords(KEYWORDS, 'adu-contractor', i).join()));
    expect(choices.size).toBeGreaterThan(1);
  });
});

describe('landing data', () => {
  it('derives the 99 records from the two lists', () => {
    const records = serviceLocations(data);
    expect(records).toHaveLength(99);
    expect(new Set(records.map((r) => r.slug)).size).toBe(99);
    expect(data.landingPages.keywords).toEqual(KEYWORDS);
    expect(data.landingPages.cities).toEqual(CITIES);
  });

  it('gives every city one to five neighbourhoods, each with a fact, and every service three FAQs and five common projects', () => {
    const cities = data.cities.summaries.map((summary) => data.cities.get(summary.slug)!);
    expect(cities.map((c) => c.id).sort()).toEqual([...CITIES].sort());
    expect(data.services.map((s) => s.id).sort()).toEqual([...KEYWORDS].sort());
    for (const city of cities) {
      expect(city.neighborhoods.length, city.id).toBeGreaterThanOrEqual(1);
      expect(city.neighborhoods.length, city.id).toBeLessThanOrEqual(5);
    }
    for (const service of data.services) {
      expect(service.faqs, service.id).toHaveLength(3);
      expect(service.commonProjects, service.id).toHaveLength(5);
    }
  });

  it('keeps permit times to the two the spec gives', () => {
    const times = Object.fromEntries(
      data.cities.summaries.map((c) => [c.id, data.cities.get(c.slug)!.buildingDepartment.permitTime]),
    );
    expect(times['santa-clara']).toBe('4-6 weeks');
    expect(times.milpitas).toBe('3-4 weeks');
    expect(Object.entries(times).filter(([id, t]) => t && !['santa-clara', 'milpitas'].includes(id))).toEqual([]);
  });

  it('links a city chip to its landing page only where the city has one', () => {
    expect(cityLandingHref(data, 'Palo Alto')).toBe('/design-and-build-contractor-palo-alto');
    expect(cityLandingHref(data, 'Mountain View')).toBeUndefined();
  });

  it('fails the build naming the record when a location has no service info', async () => {
    const tmp = await tempDir('data');
    try {
      await cp(path.join(PROJECT_ROOT, 'data'), tmp.dir, { recursive: true });
      const file = path.join(tmp.dir, 'services.json');
      const services = JSON.parse(await readFile(file, 'utf8')) as { id: string }[];
      await writeFile(file, JSON.stringify(services.filter((s) => s.id !== 'adu-contractor')));
      const errors = await build({ root: PROJECT_ROOT, data: tmp.dir, write: false, env: testEnv() }).then(
        () => [],
        (error: unknown) => siteErrorsOf(error) ?? [],
      );
      expect(errors).toHaveLength(11);
      expect(errors[0]?.code).toBe('DATA_CHECK');
      expect(errors[0]?.message).toBe(
        'data/services.json: the landing page "adu-contractor-sunnyvale" needs service info for "adu-contractor", and there is none.',
      );
    } finally {
      await tmp.remove();
    }
  });

  it('fails the build naming the file when a city has no file of facts, or its file is named after another id', async () => {
    const tmp = await tempDir('data');
    try {
      await cp(path.join(PROJECT_ROOT, 'data'), tmp.dir, { recursive: true });
      await rm(path.join(tmp.dir, 'cities/fremont.json'));
      await rename(path.join(tmp.dir, 'cities/milpitas.json'), path.join(tmp.dir, 'cities/milpitas-ca.json'));
      const errors = await build({ root: PROJECT_ROOT, data: tmp.dir, write: false, env: testEnv() }).then(
        () => [],
        (error: unknown) => siteErrorsOf(error) ?? [],
      );
      const shown = (file: string) => path.relative(PROJECT_ROOT, path.join(tmp.dir, file));
      expect(errors.map((error) => [error.code, error.file, error.field])).toEqual([
        ['DATA_CHECK', shown('cities/milpitas-ca.json'), 'id'],
        ...KEYWORDS.map(() => ['DATA_CHECK', 'data/cities/fremont.json', undefined]),
      ]);
      expect(errors[0]?.message).toBe(
        `${shown('cities/milpitas-ca.json')}: the file is named "milpitas-ca" but its id is "milpitas".`,
      );
      expect(errors[1]?.message).toBe(
        'data/cities/fremont.json: the landing page "addition-contractor-fremont" needs city info for "fremont", and there is none.',
      );
      expect(errors[1]?.hint).toBe(
        'Add data/cities/fremont.json with "id": "fremont", or remove the city from data/landing-pages.json.',
      );
    } finally {
      await tmp.remove();
    }
  });
});

describe('city-service records', () => {
  it('fail the build naming the file and the page when a pair has no record', async () => {
    const tmp = await tempDir('data');
    try {
      await cp(path.join(PROJECT_ROOT, 'data'), tmp.dir, { recursive: true });
      const file = path.join(tmp.dir, 'city-services/palo-alto.json');
      const record = JSON.parse(await readFile(file, 'utf8')) as { pairs: { service: string }[] };
      await writeFile(
        file,
        JSON.stringify({ ...record, pairs: record.pairs.filter((pair) => pair.service !== 'adu-contractor') }),
      );
      const errors = await build({ root: PROJECT_ROOT, data: tmp.dir, write: false, env: testEnv() }).then(
        () => [],
        (error: unknown) => siteErrorsOf(error) ?? [],
      );
      const shown = path.relative(PROJECT_ROOT, file);
      expect(errors.map((error) => [error.code, error.file, error.message])).toEqual([
        [
          'DATA_CHECK',
          shown,
          `${shown}: needs exactly one record for the service "adu-contractor" (page /adu-contractor-palo-alto); it has 0.`,
        ],
      ]);
    } finally {
      await tmp.remove();
    }
  });
});

describe('the fallback for unresolved info', () => {
  it("shows the spec's loading sentences", () => {
    const html = renderToStaticMarkup(createElement(LoadingServiceInformation));
    expect(html).toContain('<p>Loading service information...</p>');
    expect(html).toContain('<p>If this persists, please try refreshing the page.</p>');
    expect(html).toContain('role="status"');
  });
});
