import { defineSite, type DataIssue } from '../src/index.ts';
import { collections, type SiteData } from './collections.ts';
import { checkCityServices, checkCityServicesFile } from './lib/city-services.ts';
import { checkCityFiles, checkLocations } from './lib/landing-data.ts';
import { checkLocalPhotos } from './lib/local-photos.ts';
import { checkPlaceholders, placeholderWarnings } from './lib/placeholders.ts';
import { capitalisedRedirects } from './lib/capitalised-redirects.ts';
import { THEME_COLOR } from './constants.ts';
import { LOCAL_PHOTO_WIDTHS } from './lib/image-urls.ts';
import { siteEnv, siteEnvDefinition } from './site-env.ts';
import { editor } from './editor.ts';

/** Checks the schemas cannot express: links between records, and local photos that are not in data/images/. */
function checkData(data: SiteData, found: { images: ReadonlySet<string> }): DataIssue[] {
  const issues: DataIssue[] = [];
  const servicePaths = new Set(['/services', ...data.servicePages.map((page) => `/services/${page.slug}`)]);
  data.site.navigation.services.forEach((item, index) => {
    if (!servicePaths.has(item.href)) {
      issues.push({ file: 'data/site.json', field: `navigation.services[${index}].href`, message: `${item.href} is not a service page.`, hint: 'Link to /services or to a slug in data/service-pages.json.' });
    }
  });
  const projectIds = new Set(data.projects.map((project) => project.id));
  const testimonialIds = new Set(data.home.testimonials.map((testimonial) => testimonial.id));
  data.servicePages.forEach((page, index) => {
    if (page.projectId !== undefined && !projectIds.has(page.projectId)) {
      issues.push({ file: 'data/service-pages.json', field: `pages[${index}].projectId`, message: `no project has id ${page.projectId}.`, hint: 'Use an id from data/projects.json, or leave the field out.' });
    }
    if (page.testimonialId !== undefined && !testimonialIds.has(page.testimonialId)) {
      issues.push({ file: 'data/service-pages.json', field: `pages[${index}].testimonialId`, message: `no testimonial has id ${page.testimonialId}.`, hint: 'Use an id from home.json testimonials, or leave the field out.' });
    }
  });
  return [...issues, ...checkCityFiles(data), ...checkLocations(data), ...checkCityServices(data), ...checkPlaceholders(data), ...checkLocalPhotos(data, found.images)];
}

export default defineSite({
  lang: 'en-US',
  collections,
  siteUrl: (data) => data.business.url,
  siteName: (data) => data.business.name,
  styles: ['styles/index.css'],
  headMeta: () => [
    { name: 'theme-color', content: THEME_COLOR },
    { name: 'format-detection', content: 'telephone=no' },
  ],
  check: checkData,
  warn: placeholderWarnings,
  checkRecord: { cityServices: checkCityServicesFile },
  // The search-engine text block links to the first four paths; each is covered by a service page.
  redirects: (data) => [
    { from: '/services/home-additions', to: '/services/additions', status: 301 },
    { from: '/services/adu-construction', to: '/services/additions', status: 301 },
    { from: '/services/full-home-remodeling', to: '/services/remodeling', status: 301 },
    { from: '/services/kitchen-bathroom', to: '/services/remodeling', status: 301 },
    ...capitalisedRedirects(data),
  ],
  robotsDisallow: ['/admin-seo-pages'],
  env: siteEnvDefinition,
  // The forms post to EmailJS from the browser; its origin comes from the environment (tests use a fake).
  csp: (env) => ({ 'connect-src': [siteEnv(env).emailjs.origin] }),
  // Inter (templates/styles/fonts.css) is one Latin variable file, used on every page.
  preloadFonts: true,
  // The owner's own photos: AVIF and WebP at these widths (see lib/image-urls.ts for the slots they serve).
  images: { dir: 'data/images', widths: [...LOCAL_PHOTO_WIDTHS] },
  serviceWorker: { offlinePage: '/offline', precache: ['/'] },
  // The owner's editor at /admin (Decap CMS), its fields made from the schemas: see templates/editor.ts.
  editor,
  // Issue 8's performance budgets, in gzipped bytes (1 KB = 1,024 bytes).
  budgets: {
    scriptWithoutIslands: 3 * 1024,
    css: 12 * 1024,
    html: [{ pageFile: '[landing].tsx', maxBytes: 12 * 1024 }],
  },
});
