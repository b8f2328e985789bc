import { mkdir, mkdtemp, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { KEPT_RECORDS } from '../../src/collections/folder-on-demand.ts';
import { loadData } from '../../src/collections/load-data.ts';
import { SiteError, SiteErrorList } from '../../src/core/errors.ts';
import {
  type DataIssue,
  defineSite,
  jsonFile,
  jsonFolderOnDemand,
  type JsonFolderRecord,
} from '../../src/core/site-definition.ts';

const citySchema = z.strictObject({
  name: z.string().min(1),
  pages: z.array(z.strictObject({ service: z.string(), text: z.string() })),
});
type City = JsonFolderRecord<z.output<typeof citySchema>>;

/** A site whose cities are read on demand, keeping each one's name and services; `checkRecord` as given. */
function site(
  options: { check?: (city: City, data: { names: string[] }) => DataIssue[]; schema?: typeof citySchema } = {},
) {
  return defineSite({
    lang: 'en',
    collections: {
      names: jsonFile('names.json', z.array(z.string())),
      cities: jsonFolderOnDemand('cities', options.schema ?? citySchema, (city) => ({
        name: city.name,
        services: city.pages.map((page) => page.service),
      })),
    },
    siteUrl: () => 'https://example.com',
    siteName: () => 'x',
    styles: [],
    ...(options.check ? { checkRecord: { cities: options.check } } : {}),
  });
}

async function dataFolder(
  cities: Record<string, unknown>,
  names: string[] = ['San Jose', 'Atherton'],
): Promise<{ root: string; dataDir: string; write(slug: string, value: unknown): Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'site-on-demand-'));
  const dataDir = path.join(root, 'data');
  await mkdir(path.join(dataDir, 'cities'), { recursive: true });
  await writeFile(path.join(dataDir, 'names.json'), JSON.stringify(names));
  const write = (slug: string, value: unknown) =>
    writeFile(
      path.join(dataDir, 'cities', `${slug}.json`),
      typeof value === 'string' ? value : JSON.stringify(value, null, 2),
    );
  for (const [slug, value] of Object.entries(cities)) await write(slug, value);
  return { root, dataDir, write };
}

const SAN_JOSE = { name: 'San Jose', pages: [{ service: 'kitchen', text: 'Kitchens in San Jose.' }] };
const ATHERTON = {
  name: 'Atherton',
  pages: [
    { service: 'adu', text: 'ADUs in Atherton.' },
    { service: 'kitchen', text: 'Kitchens in Atherton.' },
  ],
};

describe('jsonFolderOnDemand', () => {
  it('holds each record’s summary, in name order with its slug and file, and reads a whole record by slug, frozen', async () => {
    const { root, dataDir } = await dataFolder({ 'san-jose': SAN_JOSE, atherton: ATHERTON });
    const data = await loadData(site(), dataDir, root);
    expect(data.cities.summaries).toEqual([
      { name: 'Atherton', services: ['adu', 'kitchen'], slug: 'atherton', file: 'data/cities/atherton.json' },
      { name: 'San Jose', services: ['kitchen'], slug: 'san-jose', file: 'data/cities/san-jose.json' },
    ]);
    const atherton = data.cities.get('atherton');
    expect(atherton).toEqual({ ...ATHERTON, slug: 'atherton', file: 'data/cities/atherton.json' });
    expect(Object.isFrozen(atherton) && Object.isFrozen(atherton!.pages[0])).toBe(true);
    expect(data.cities.get('palo-alto')).toBeUndefined();
    expect(Object.isFrozen(data.cities.summaries[0])).toBe(true);
  });

  it('reads a record again only once it is no longer among the last few read', async () => {
    const { root, dataDir, write } = await dataFolder(
      Object.fromEntries(
        Array.from({ length: KEPT_RECORDS + 1 }, (_, i) => [`city-${i}`, { ...SAN_JOSE, name: `City ${i}` }]),
      ),
    );
    const data = await loadData(site(), dataDir, root);
    const first = data.cities.get('city-0');
    // A change after loading is not seen while the record is kept (a page reads its record twice)...
    await write('city-0', { ...SAN_JOSE, name: 'Renamed' });
    expect(data.cities.get('city-0')).toBe(first);
    // ...and is read, and validated, once others have taken its place.
    for (let i = 1; i <= KEPT_RECORDS; i++) data.cities.get(`city-${i}`);
    const again = data.cities.get('city-0');
    expect(again).not.toBe(first);
    expect(again?.name).toBe('Renamed');
  });

  it('gives a record as its schema made it, also when read again', async () => {
    const withDefault = z.strictObject({
      name: z.string().min(1),
      pages: z.array(z.strictObject({ service: z.string(), text: z.string().default('To be written.') })),
    });
    const { root, dataDir } = await dataFolder({ 'san-jose': { name: 'San Jose', pages: [{ service: 'kitchen' }] } });
    // The schema's output type is the same as citySchema's: the default fills the only difference.
    const data = await loadData(site({ schema: withDefault as unknown as typeof citySchema }), dataDir, root);
    expect(data.cities.get('san-jose')?.pages).toEqual([{ service: 'kitchen', text: 'To be written.' }]);
  });

  it('refuses a file changed into a bad one after loading, by name and field, when a page reads it', async () => {
    const { root, dataDir, write } = await dataFolder({ 'san-jose': SAN_JOSE, atherton: ATHERTON });
    const data = await loadData(site(), dataDir, root);
    await write('atherton', { name: '', pages: [] });
    let error: unknown;
    try {
      data.cities.get('atherton');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SiteErrorList);
    expect((error as SiteErrorList).errors.map((e) => [e.code, e.file, e.field])).toEqual([
      ['DATA_SCHEMA', 'data/cities/atherton.json', 'name'],
    ]);
  });

  it('reports every bad file by name and field, also while another collection is bad', async () => {
    const { root, dataDir } = await dataFolder({ a: { name: '', pages: [] }, b: '{"name":"B",}', c: SAN_JOSE });
    await writeFile(path.join(dataDir, 'names.json'), '{}');
    const error = await loadData(site({ check: () => [{ file: 'never', message: 'never' }] }), dataDir, root).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SiteErrorList);
    expect((error as SiteErrorList).errors.map((e) => [e.code, e.file])).toEqual([
      ['DATA_SCHEMA', 'data/names.json'],
      ['DATA_SCHEMA', 'data/cities/a.json'],
      ['DATA_JSON_INVALID', 'data/cities/b.json'],
    ]);
  });

  it('checks each whole record against the other collections as it loads, reported with the site’s own check', async () => {
    const { root, dataDir } = await dataFolder(
      { 'san-jose': SAN_JOSE, atherton: { ...ATHERTON, pages: [{ service: 'adu', text: 'ADUs somewhere.' }] } },
      ['San Jose', 'Atherton'],
    );
    const seen: string[] = [];
    const check = (city: City, data: { names: string[] }): DataIssue[] => {
      seen.push(city.slug);
      expect(data.names).toEqual(['San Jose', 'Atherton']);
      return city.pages.flatMap((page, index) =>
        page.text.includes(city.name)
          ? []
          : [{ file: city.file, field: `pages[${index}].text`, message: `never names ${city.name}.` }],
      );
    };
    const definition = {
      ...site({ check }),
      check: () => [{ file: 'data/names.json', message: 'the site check runs too.' }],
    };
    const error = await loadData(definition, dataDir, root).catch((caught: unknown) => caught);
    expect(seen).toEqual(['atherton', 'san-jose']);
    expect(error).toBeInstanceOf(SiteErrorList);
    const errors = (error as SiteErrorList).errors;
    expect(errors.map((e) => [e.code, e.file, e.field])).toEqual([
      ['DATA_CHECK', 'data/cities/atherton.json', 'pages[0].text'],
      ['DATA_CHECK', 'data/names.json', undefined],
    ]);
    expect(errors[0]).toBeInstanceOf(SiteError);
    expect(errors[0]!.message).toBe('data/cities/atherton.json: never names Atherton.');
  });

  it('lets a record check read the on-demand folders declared before its own, and leaves them out when one failed', async () => {
    const { root, dataDir, write } = await dataFolder({ 'san-jose': SAN_JOSE, atherton: ATHERTON });
    await mkdir(path.join(dataDir, 'notes'));
    await writeFile(
      path.join(dataDir, 'notes', 'atherton.json'),
      JSON.stringify({ city: 'atherton', text: 'A note on San Jose.' }),
    );
    const noteSchema = z.strictObject({ city: z.string(), text: z.string() });
    const cityNames: Array<string[] | undefined> = [];
    const definition = defineSite({
      lang: 'en',
      collections: {
        names: jsonFile('names.json', z.array(z.string())),
        cities: jsonFolderOnDemand('cities', citySchema, (city) => ({ name: city.name })),
        notes: jsonFolderOnDemand('notes', noteSchema, (note) => ({ city: note.city })),
      },
      siteUrl: () => 'https://example.com',
      siteName: () => 'x',
      styles: [],
      checkRecord: {
        notes: (note, data) => {
          cityNames.push(data.cities?.summaries.map((city) => city.name));
          const name = data.cities?.summaries.find((city) => city.slug === note.city)?.name;
          return name === undefined || note.text.includes(name)
            ? []
            : [{ file: note.file, field: 'text', message: `never names ${name}.` }];
        },
      },
    });
    const error = await loadData(definition, dataDir, root).catch((caught: unknown) => caught);
    expect(cityNames).toEqual([['Atherton', 'San Jose']]);
    expect((error as SiteErrorList).errors.map((e) => e.message)).toEqual([
      'data/notes/atherton.json: never names Atherton.',
    ]);

    // A city file that fails its schema is reported as such; the notes are still validated, without the cities.
    await write('san-jose', { name: '', pages: [] });
    const failed = await loadData(definition, dataDir, root).catch((caught: unknown) => caught);
    expect(cityNames.at(-1)).toBeUndefined();
    expect((failed as SiteErrorList).errors.map((e) => [e.code, e.file])).toEqual([
      ['DATA_SCHEMA', 'data/cities/san-jose.json'],
    ]);
  });
});

describe('data between builds', () => {
  /** A city schema that counts the files it validates. */
  const counted = () => {
    const validated: string[] = [];
    const schema = citySchema.superRefine((city) => void validated.push(city.name)) as unknown as typeof citySchema;
    return { validated, schema };
  };

  it('validates every file on every load, so an edit is seen at once', async () => {
    const { root, dataDir, write } = await dataFolder({ 'san-jose': SAN_JOSE, atherton: ATHERTON });
    const first = counted();
    await loadData(site({ schema: first.schema }), dataDir, root);
    expect(first.validated).toEqual(['Atherton', 'San Jose']);
    await write('atherton', { ...ATHERTON, name: 'Atherton, edited' });
    const second = counted();
    const edited = await loadData(site({ schema: second.schema }), dataDir, root);
    expect(second.validated).toEqual(['Atherton, edited', 'San Jose']);
    expect(edited.cities.summaries.map((city) => city.name)).toEqual(['Atherton, edited', 'San Jose']);
  });

  it('never takes a bad file for a valid one: an edit that breaks it, or a file renamed to a bad slug, is refused by name', async () => {
    const { root, dataDir, write } = await dataFolder({ 'san-jose': SAN_JOSE, atherton: ATHERTON });
    await loadData(site(), dataDir, root);
    await write('atherton', { name: '', pages: [] });
    const broken = await loadData(site(), dataDir, root).catch((caught: unknown) => caught);
    expect((broken as SiteErrorList).errors.map((e) => [e.code, e.file, e.field])).toEqual([
      ['DATA_SCHEMA', 'data/cities/atherton.json', 'name'],
    ]);
    // The same text under a name that is not a slug: the name is checked too.
    await write('atherton', ATHERTON);
    await rename(path.join(dataDir, 'cities/san-jose.json'), path.join(dataDir, 'cities/San Jose.json'));
    const renamed = await loadData(site(), dataDir, root).catch((caught: unknown) => caught);
    expect((renamed as SiteErrorList).errors.map((e) => [e.code, e.file])).toEqual([
      ['DATA_SCHEMA', 'data/cities/San Jose.json'],
    ]);
  });

  it('checks the key of a single JSON file on every load', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'site-validated-json-'));
    const services = z.array(z.strictObject({ id: z.string() }));
    const servicesSite = defineSite({
      lang: 'en',
      collections: { services: jsonFile('services.json', services, { key: 'id' }) },
      siteUrl: () => 'https://example.com',
      siteName: () => 'x',
      styles: [],
    });
    const write = (ids: string[]) =>
      writeFile(path.join(root, 'services.json'), JSON.stringify(ids.map((id) => ({ id }))));
    await write(['adu', 'kitchen']);
    expect((await loadData(servicesSite, root, root)).services).toEqual([{ id: 'adu' }, { id: 'kitchen' }]);
    await write(['adu', 'adu']);
    for (let build = 0; build < 2; build++) {
      const duplicate = await loadData(servicesSite, root, root).catch((caught: unknown) => caught);
      expect((duplicate as SiteErrorList).errors.map((e) => [e.code, e.field])).toEqual([
        ['DATA_DUPLICATE_KEY', '[1].id'],
      ]);
    }
  });
});
