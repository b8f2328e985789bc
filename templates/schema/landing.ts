import * as z from 'zod';
import { ILLUSTRATIONS } from '../lib/visual-names.ts';
import { priceKey, withoutPrice } from './content.ts';

const text = z.string().trim().min(1);
/** Service copy: text without a price of its own (the prices live in site.json). */
const copy = withoutPrice(z.string().trim().min(1));
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lowercase words joined by dashes');

/** Service info for the city-service landing pages, keyed by the spec's service keyword. */
export const serviceInfoSchema = z.strictObject({
  id: slug,
  title: copy,
  keywordLabel: copy,
  illustration: z.enum(ILLUSTRATIONS),
  /**
   * For a service whose name is close to another's (Home Additions, Room Additions, Room Addition Construction): one
   * line, shown above its common projects, on what this service is and how the others differ.
   */
  scopeNote: copy.optional(),
  highlights: z.array(z.strictObject({ title: copy, text: copy })).length(6),
  commonProjects: z.array(copy).length(5),
  /** A question or answer may name the page's city as {city}; the page puts the city's name in its place. */
  faqs: z.array(z.strictObject({ question: copy, answer: copy })).length(3),
  /**
   * What a city-service page says of cost: the prices of site.json it shows (with their year) and a note on what
   * sets a project's cost, without figures of its own. Services without one say nothing of cost.
   */
  cost: z.strictObject({ prices: z.array(priceKey).min(1), note: copy }).optional(),
  timelineNote: withoutPrice(z.string()),
});

/** City info for the landing pages, keyed by the spec's city slug. */
export const cityInfoSchema = z.strictObject({
  id: slug,
  name: text,
  fullName: text,
  kind: z.enum(['city', 'town']),
  county: text,
  description: text,
  /** Only neighbourhoods with a checked fact to tell; a city may have as few as one. */
  neighborhoods: z.array(z.strictObject({ name: text, note: text })).min(1).max(5),
  buildingDepartment: z.strictObject({
    name: text,
    reviews: text,
    planCheckSteps: z.array(text).min(3),
    permitTime: z.string(),
    /** The services the permit time describes (remodels and additions); other pages leave it out. */
    permitTimeServices: z.array(slug),
  }),
  localConsiderations: z.array(text).min(1),
  eichlerNote: z.string(),
});

/** Which keywords and cities get landing pages: every pair is one page. */
export const landingPagesSchema = z.strictObject({
  // The spec's 9 x 11 is a fact of this site's data (test/site/landing-rules.test.ts), not a limit: generated data may hold more.
  keywords: z.array(slug).min(1),
  cities: z.array(slug).min(1),
  areaServedAlways: z.array(text).min(1),
});
