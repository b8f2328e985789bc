// The site's data as our engine hands it to pages, made from the same files: the collections that
// templates/site.config.ts declares (file, zod schema, summary), each file parsed and validated by its schema, as
// Astro's content collections would. The site's cross-record checks (`check`, `checkRecord`) are left out: they
// are our engine's, not something an Astro site would run. Written here rather than imported from src/data, which
// is the engine's own. Plain JavaScript, like engine-shim.mjs.
import site from '@site-templates/site.config.ts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { deepFreeze } from './engine-shim.mjs';

/** The repository whose templates are rendered (set by astro.config.mjs), and the data folder. */
export const repoRoot = process.env.BENCH_REPO ?? path.resolve('../../../..');
export const dataDir = path.resolve(process.env.BENCH_DATA ?? path.join(repoRoot, 'data'));

/** Records an on-demand folder keeps after reading them, as the engine's. */
const KEPT_RECORDS = 4;

/** An on-demand folder as the engine's: the summaries held, each whole record read and validated again on `get`. */
class FolderOnDemand {
  #files;
  #schema;
  #kept = new Map();
  constructor(summaries, files, schema) {
    this.summaries = summaries;
    this.#files = files;
    this.#schema = schema;
  }
  get(slug) {
    const kept = this.#kept.get(slug);
    if (kept) return kept;
    const file = this.#files.get(slug);
    if (file === undefined) return undefined;
    const record = deepFreeze(readRecord(file, this.#schema));
    if (this.#kept.size >= KEPT_RECORDS) this.#kept.delete(this.#kept.keys().next().value);
    this.#kept.set(slug, record);
    return record;
  }
}

/** A record file, validated, with its slug (the file name) and its file (relative to the repository). */
function readRecord(absolute, schema) {
  const value = schema.parse(JSON.parse(readFileSync(absolute, 'utf8')));
  return { ...value, slug: path.basename(absolute, path.extname(absolute)), file: path.relative(repoRoot, absolute) };
}

function filesIn(dir, extension) {
  const folder = path.join(dataDir, dir);
  return readdirSync(folder)
    .filter((name) => name.endsWith(extension))
    .sort()
    .map((name) => path.join(folder, name));
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

async function loadCollection(collection) {
  switch (collection.kind) {
    case 'json':
      return collection.schema.parse(JSON.parse(readFileSync(path.join(dataDir, collection.file), 'utf8')));
    case 'json-folder':
      return filesIn(collection.dir, '.json').map((file) => readRecord(file, collection.schema));
    case 'json-folder-on-demand': {
      const files = new Map();
      const summaries = filesIn(collection.dir, '.json').map((file) => {
        const record = readRecord(file, collection.schema);
        files.set(record.slug, file);
        return { ...collection.summary(record), slug: record.slug, file: record.file };
      });
      return new FolderOnDemand(summaries, files, collection.schema);
    }
    case 'markdown': {
      const records = [];
      for (const file of filesIn(collection.dir, '.md')) {
        const text = readFileSync(file, 'utf8');
        const match = FRONT_MATTER.exec(text);
        if (!match) throw new Error(`${file}: no front matter`);
        const fields = collection.schema.parse(parseYaml(match[1] ?? '') ?? {});
        const body = text.slice(match[0].length).trim();
        const record = { ...fields, slug: path.basename(file, '.md'), body, file: path.relative(repoRoot, file) };
        if (collection.html) record.html = await collection.html(body);
        records.push(record);
      }
      return records;
    }
    default:
      throw new Error(`unknown collection kind ${collection.kind}`);
  }
}

/** The site's environment as the engine derives it: each declared variable or its default, through `derive`. */
function siteEnv(siteUrl) {
  const definition = site.env;
  if (!definition) return {};
  const values = {};
  for (const [name, field] of Object.entries(definition.fields)) {
    values[name] = process.env[name] || field.default || '';
  }
  const publicValues = Object.fromEntries(
    Object.entries(values).filter(([name]) => definition.fields[name].access === 'public'),
  );
  return Object.freeze(definition.derive ? definition.derive(values, { siteUrl }) : publicValues);
}

let loading;
/**
 * The data and the build's facts, loaded once a process (Astro calls getStaticPaths and renders every page in
 * one process): `{ data, info: { url, time, env }, lang, siteName, headMeta }`.
 */
export function siteData() {
  loading ??= (async () => {
    const data = {};
    for (const [name, collection] of Object.entries(site.collections)) data[name] = await loadCollection(collection);
    deepFreeze(data);
    const url = (process.env.SITE_URL || site.siteUrl(data)).replace(/\/$/, '');
    const epoch = process.env.SOURCE_DATE_EPOCH;
    const time = epoch ? new Date(Number(epoch) * 1000) : new Date();
    return {
      data,
      info: { url, time, env: siteEnv(url) },
      lang: site.lang,
      siteName: site.siteName(data),
      headMeta: site.headMeta?.(data) ?? [],
    };
  })();
  return loading;
}

let routes;
/** The landing pages' routes as pages see them (RouteInfo), made once a process from getStaticPaths' list. */
export function landingRoutes(paths) {
  routes ??= Object.freeze(
    paths.map(({ params }) =>
      Object.freeze({
        path: `/${params.landing}`,
        source: 'templates/pages/[landing].tsx',
        params: Object.freeze(params),
      }),
    ),
  );
  return routes;
}

/** What a page of our engine receives (PageContext), for the page at `/{param}`. */
export function pageContext(site, param, routes) {
  const pagePath = `/${param}`;
  return {
    data: site.data,
    params: { landing: param },
    props: {},
    path: pagePath,
    url: site.info.url + pagePath,
    site: site.info,
    routes,
  };
}

/** JSON for a script element as our engine writes it: `<`, `>`, `&` and the line separators escaped. */
export function jsonForScript(value) {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
