import type { DataIssue, JsonFolderRecord } from '../../src/index.ts';
import type * as z from 'zod';
import type { cityServicesSchema } from '../schema/city-services.ts';
import type { RecordCheckSiteData, SiteData } from '../collections.ts';
import { citySummary, positionOf, type CityInfo, type ServiceInfo, type ServiceLocation } from './landing-data.ts';

/** One city's file of city-service records, as a page reads it. */
export type CityServicesFile = JsonFolderRecord<z.output<typeof cityServicesSchema>>;
export type CityService = CityServicesFile['pairs'][number];

/** At most this many pages may be kept out of search as too thin to say something of their own. */
export const MAX_THIN_PAIRS = 12;

/** What the build holds of each record: its service, and the reason a thin one is kept out of search. */
export type CityServiceSummary = Pick<CityService, 'service' | 'noindex'>;

type CityServicesSummary = SiteData['cityServices']['summaries'][number];

/**
 * The record of one service in one city, if the data has it. The file is named after its city (the build's check
 * makes sure), and read through the folder, which keeps the last few a page rendering read.
 */
export function cityServiceFor(data: SiteData, location: Pick<ServiceLocation, 'keyword' | 'city'>): CityService | undefined {
  return data.cityServices.get(location.city)?.pairs.find((pair) => pair.service === location.keyword);
}

/** The summary of the record of one service in one city, if the data has it, without reading a file. */
export function cityServiceSummaryFor(data: SiteData, location: Pick<ServiceLocation, 'keyword' | 'city'>): CityServiceSummary | undefined {
  return summaryOf(data, location.city)?.pairs.find((pair) => pair.service === location.keyword);
}

/** Summaries by city, the first file of each city, built once per data object (a generated site has thousands). */
const summariesByCity = new WeakMap<SiteData['cityServices'], Map<string, CityServicesSummary>>();
function summaryOf(data: SiteData, cityId: string): CityServicesSummary | undefined {
  let index = summariesByCity.get(data.cityServices);
  if (!index) {
    index = new Map();
    for (const summary of data.cityServices.summaries) if (!index.has(summary.city)) index.set(summary.city, summary);
    summariesByCity.set(data.cityServices, index);
  }
  return index.get(cityId);
}

/** The lists a page shows of its service that a pair may give its own of. */
export type ServiceList = 'highlights' | 'commonProjects';

/**
 * One list a page shows of its service: the pair's own where it has one, else the service's. `scope` names whose
 * list it is, so shared markup is keyed by the city only when the list is the city's.
 */
export function serviceListFor<K extends ServiceList>(service: ServiceInfo, pair: Partial<Pick<ServiceInfo, ServiceList>>, cityId: string, list: K): { items: ServiceInfo[K]; scope: string } {
  const own: ServiceInfo[K] | undefined = pair[list];
  return own ? { items: own, scope: `${service.id} ${cityId}` } : { items: service[list], scope: service.id };
}

/** The permit time of a city, only on the pages of the work it describes. */
export function permitTimeFor(service: ServiceInfo, city: CityInfo): string | undefined {
  const department = city.buildingDepartment;
  return department.permitTime && department.permitTimeServices.includes(service.id) ? department.permitTime : undefined;
}

/**
 * Every landing page needs its record: one file per city named after it, one pair per service, and no more than
 * MAX_THIN_PAIRS marked thin. Read from the summaries; what only the whole record can show is checkCityServicesFile's.
 */
export function checkCityServices(data: SiteData): DataIssue[] {
  const issues: DataIssue[] = [];
  const landingCities = new Set(data.landingPages.cities);
  const keywords = new Set(data.landingPages.keywords);
  for (const cityId of data.landingPages.cities) {
    const file = summaryOf(data, cityId);
    if (!file) {
      issues.push({ file: `data/city-services/${cityId}.json`, message: `the city "${cityId}" has landing pages but no file of city-service sections.`, hint: `Add data/city-services/${cityId}.json with one record per service.` });
      continue;
    }
    for (const keyword of data.landingPages.keywords) {
      const matches = file.pairs.filter((pair) => pair.service === keyword).length;
      if (matches !== 1) {
        issues.push({ file: file.file, field: 'pairs', message: `needs exactly one record for the service "${keyword}" (page /${keyword}-${cityId}); it has ${matches}.`, hint: 'Write the section, description and local question for that service in this city.' });
      }
    }
    file.pairs.forEach(({ service }, index) => {
      // A keyword without service info is reported once, by checkLocations; here only records for no page at all.
      if (!keywords.has(service)) {
        issues.push({ file: file.file, field: `pairs[${index}].service`, message: `"${service}" is not one of the service keywords in data/landing-pages.json, so no page shows this record.` });
      }
    });
  }
  for (const file of data.cityServices.summaries) {
    if (file.slug !== file.city) {
      issues.push({ file: file.file, field: 'city', message: `the file is named "${file.slug}" but says it is for "${file.city}".`, hint: 'Name each file after its city id.' });
    }
    if (!landingCities.has(file.city)) {
      issues.push({ file: file.file, field: 'city', message: `"${file.city}" is not one of the landing-page cities in data/landing-pages.json.` });
    }
  }
  const thin = data.cityServices.summaries.flatMap((file) => file.pairs.filter((pair) => pair.noindex).map((pair) => `${pair.service}-${file.city}`));
  if (thin.length > MAX_THIN_PAIRS) {
    issues.push({ file: 'data/city-services', message: `${thin.length} pages are marked noindex (${thin.join(', ')}); at most ${MAX_THIN_PAIRS} may be.`, hint: 'Write something true and specific for the others instead of hiding them.' });
  }
  return issues;
}

/** Each section of a landing city's file names the city: a section true of this city and no other does. */
export function checkCityServicesFile(file: CityServicesFile, data: RecordCheckSiteData): DataIssue[] {
  // Without the cities (a city file failed to load), the check waits for a run that has them.
  const city = data.cities && positionOf(data.landingPages.cities, file.city) >= 0 ? citySummary(data.cities, file.city) : undefined;
  if (!city) return [];
  return file.pairs.flatMap((pair, index) =>
    pair.section.join(' ').includes(city.name) ? [] : [{ file: file.file, field: `pairs[${index}].section`, message: `the ${pair.service} section never names ${city.name}.`, hint: 'Say where: a section true of this city and no other names it.' }],
  );
}
