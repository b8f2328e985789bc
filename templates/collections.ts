import { jsonFile, jsonFolderOnDemand, markdownFolder, type DataOf, type JsonFolderRecord, type RecordCheckData } from '../src/index.ts';
import * as z from 'zod';
import { businessSchema } from './schema/business.ts';
import { homeSchema, postSchema, projectSchema, servicePageSchema, siteContentSchema } from './schema/content.ts';
import { cityServicesSchema } from './schema/city-services.ts';
import { cityInfoSchema, landingPagesSchema, serviceInfoSchema } from './schema/landing.ts';
import { placeholdersSchema } from './schema/placeholders.ts';

// The site's data: every collection in data/, the schema that validates it, and what pages receive of it.

/**
 * A file that holds a list under one key, `{ "projects": [...] }`: the editor (Decap CMS) edits an object's fields but
 * shows no entries for a list at the top of a file. Pages receive the list.
 */
/** The key each such file holds its list under, by collection: the editor, and data/placeholders.json, name fields as the file does. */
export const LIST_KEYS = { projects: 'projects', servicePages: 'pages' } as const;

function listUnder<K extends string, L extends z.ZodType>(key: K, list: L) {
  return z.strictObject({ [key]: list } as Record<K, L>).transform((file) => (file as Record<K, z.output<L>>)[key]);
}

/** What is kept of each city file for the whole build (data/cities is read on demand). */
export function summariseCity(city: JsonFolderRecord<z.output<typeof cityInfoSchema>>): { id: string; name: string } {
  return { id: city.id, name: city.name };
}

/**
 * What is kept of each city's file of city-service records (data/city-services is read on demand): each record's
 * service, and the reason a thin one is kept out of search, for the data checks and the admin listing.
 */
export function summariseCityServices(file: JsonFolderRecord<z.output<typeof cityServicesSchema>>) {
  return { city: file.city, pairs: file.pairs.map(({ service, noindex }) => (noindex ? { service, noindex } : { service })) };
}

export const collections = {
  business: jsonFile('business.json', businessSchema),
  site: jsonFile('site.json', siteContentSchema),
  home: jsonFile('home.json', homeSchema),
  // The two lists are held under one key each ({ "projects": [...] }), as the editor can edit them; pages get the list.
  projects: jsonFile('projects.json', listUnder(LIST_KEYS.projects, z.array(projectSchema).min(4)), { key: 'id' }),
  servicePages: jsonFile('service-pages.json', listUnder(LIST_KEYS.servicePages, z.array(servicePageSchema).length(5)), { key: 'slug' }),
  // Each post's HTML is made as the data loads and kept between builds; the parser loads only for a changed post.
  posts: markdownFolder('blog', postSchema, { html: async (body) => (await import('./lib/markdown.ts')).markdownToHtml(body) }),
  services: jsonFile('services.json', z.array(serviceInfoSchema).min(1), { key: 'id' }),
  landingPages: jsonFile('landing-pages.json', landingPagesSchema),
  /** The sample facts still to replace before launch: each is a build warning, and an error under --strict. */
  placeholders: jsonFile('placeholders.json', placeholdersSchema),
  /**
   * One file per city: its facts for the landing pages, read on demand as its pages render. A generated site of
   * 11,111 cities held 69 MB of them for the whole build. Declared before cityServices, whose record check names
   * each file's city.
   */
  cities: jsonFolderOnDemand('cities', cityInfoSchema, summariseCity),
  /**
   * One file per city: what is true of each service there (issue 10). Read on demand: a generated site of 11,111
   * cities has 220 MB of them, which each render thread held whole.
   */
  cityServices: jsonFolderOnDemand('city-services', cityServicesSchema, summariseCityServices),
};

/** The data every page receives, typed from the schemas. */
export type SiteData = DataOf<typeof collections>;

/** The data an on-demand record is checked against as it loads: the other collections, and the on-demand folders before it. */
export type RecordCheckSiteData = RecordCheckData<typeof collections>;
