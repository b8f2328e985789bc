import { defineSite, jsonFile, type DataOf } from '../src/index.ts';
import { businessSchema } from './schema/business.ts';

const collections = {
  business: jsonFile('business.json', businessSchema),
};

/** The data every page receives, typed from the schemas. */
export type SiteData = DataOf<typeof collections>;

export default defineSite({
  lang: 'en-US',
  collections,
  siteUrl: (data) => data.business.url,
  siteName: (data) => data.business.name,
  styles: ['styles/main.css'],
  headMeta: () => [
    { name: 'theme-color', content: '#e8f5e9' },
    { name: 'format-detection', content: 'telephone=no' },
  ],
  robotsDisallow: ['/admin-seo-pages'],
});
