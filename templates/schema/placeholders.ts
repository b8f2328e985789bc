import * as z from 'zod';

/** A data file's path inside data/, such as `business.json` or `blog/adu-planning-guide.md`. */
const dataFile = z.string().regex(/^(?:[a-z0-9-]+\/)*[a-z0-9-]+\.(?:json|md)$/, 'a file inside data/, such as business.json or blog/kitchen-design-tips.md');

/**
 * A field path inside a file: names joined by dots, `[]` for every item of a list and `[2]` for one, such as
 * `licenseLine`, `social.facebook`, `testimonials` or `projects[].image`.
 */
const fieldPath = z.string().regex(/^(?:\[\d*\]|[A-Za-z][A-Za-z0-9]*(?:\[\d*\])*)(?:\.[A-Za-z][A-Za-z0-9]*(?:\[\d*\])*|\[\d*\])*$/, 'a field path such as licenseLine, social.facebook or projects[].image');

/**
 * data/placeholders.json: the sample facts still in data/, by file and field, each with what it holds ("the
 * placeholder CSLB number"). The build warns for each; `site build --strict` refuses to publish them.
 */
export const placeholdersSchema = z.record(dataFile, z.record(fieldPath, z.string().min(3)));

export type Placeholders = z.infer<typeof placeholdersSchema>;
