import * as z from 'zod';
import { ILLUSTRATIONS } from '../lib/visual-names.ts';

const text = z.string().trim().min(1);
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lowercase words joined by dashes');

/** Service info for the city-service landing pages, keyed by the spec's service keyword. */
export const serviceInfoSchema = z.strictObject({
  id: slug,
  title: text,
  keywordLabel: text,
  summary: z.string().min(40).max(150),
  illustration: z.enum(ILLUSTRATIONS),
  description: text,
  highlights: z.array(z.strictObject({ title: text, text })).length(6),
  commonProjects: z.array(text).length(5),
  faqs: z.array(z.strictObject({ question: text, answer: text })).length(3),
  costNote: z.string(),
  timelineNote: z.string(),
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
