import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT, tempDir } from './fixture.ts';

/**
 * Fills `dir` with a copy of the real site's data folder and cities added up to `count`, each a copy of Palo Alto's
 * facts and city-service records under another one-word id and name: every city brings one landing page per
 * service, so 111 cities make 1,026 pages, 1,111 make 10,026. Used by the tests and by test/bench/run-bench.ts.
 */
export async function writeDataWithCities(dir: string, count: number): Promise<void> {
  await cp(path.join(PROJECT_ROOT, 'data'), dir, { recursive: true });
  const modelCity = await readFile(path.join(dir, 'cities/palo-alto.json'), 'utf8');
  const modelServices = await readFile(path.join(dir, 'city-services/palo-alto.json'), 'utf8');
  const landing = JSON.parse(await readFile(path.join(dir, 'landing-pages.json'), 'utf8')) as { cities: string[] };
  const added: string[] = [];
  for (let i = landing.cities.length; i < count; i++) {
    const id = `benchtown${i}`;
    // At most five characters longer than "Palo Alto", so every description stays within its 160 characters.
    const name = i < 10_000 ? `Benchtown ${i}` : `Bench ${i}`;
    const rename = (text: string) => text.replaceAll('Palo Alto', name).replaceAll('palo-alto', id);
    await writeFile(path.join(dir, `cities/${id}.json`), rename(modelCity));
    await writeFile(path.join(dir, `city-services/${id}.json`), rename(modelServices));
    added.push(id);
  }
  await writeFile(
    path.join(dir, 'landing-pages.json'),
    JSON.stringify({ ...landing, cities: [...landing.cities, ...added] }),
  );
}

/** Such a data folder under test/tmp, for a test. */
export async function dataWithCities(count: number): Promise<{ dir: string; remove(): Promise<void> }> {
  const data = await tempDir(`data-${count}-cities`);
  await writeDataWithCities(data.dir, count);
  return data;
}
