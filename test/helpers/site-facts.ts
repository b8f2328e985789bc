import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './fixture.ts';

// The site's own facts as data/ holds them now. Tests of the real site compare its pages with these rather than with
// the sample's, so the suite still passes once the owner has put in the business's real address, phone and photos.

const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'data', file), 'utf8')) as T;

/** data/business.json, the facts every page shows. */
export const BUSINESS = read<{
  name: string;
  shortName: string;
  url: string;
  phone: string;
  email: string;
  licenseLine: string;
  address: { street: string; city: string; region: string; postalCode: string };
}>('business.json');

/** The site's address without a trailing slash: `https://www.example.com`. */
export const SITE_URL = BUSINESS.url.replace(/\/$/, '');

/** The phone as a `tel:` link writes it: +1 and the digits. */
export const TEL_HREF = `tel:+1${BUSINESS.phone.replace(/\D/g, '')}`;

/** How many projects the gallery shows, and how many posts the blog lists. */
export const PROJECT_COUNT = read<{ projects: unknown[] }>('projects.json').projects.length;
export const POST_COUNT = readdirSync(path.join(PROJECT_ROOT, 'data/blog')).filter((name) =>
  name.endsWith('.md'),
).length;
