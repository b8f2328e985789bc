import * as z from 'zod';

const text = z.string().trim().min(1);
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lowercase words joined by dashes');

/** Words in a text, counted the way a reader would: runs of letters, digits, apostrophes and inner dashes. */
export function countWords(value: string): number {
  return value.match(/[\p{L}\p{N}][\p{L}\p{N}'’.,$%-]*/gu)?.length ?? 0;
}

/** The section's bounds: long enough to say something of its own, short enough to stay a section. */
export const SECTION_MIN_WORDS = 150;
export const SECTION_MAX_WORDS = 300;

/** The local question; its sentence case is checked by test/site/city-services.test.ts, which knows the names. */
const sentenceCaseQuestion = text.refine((value) => value.endsWith('?'), 'a question ending with "?"');

/**
 * What is true of one service in one city: the section '{service} in {city}', its own meta description and the
 * local question answered for that kind of work. `noindex` marks a thin pair and says why.
 */
export const cityServiceSchema = z.strictObject({
  service: slug,
  noindex: text.optional(),
  description: z.string().trim().min(100).max(160),
  section: z
    .array(text)
    .min(1)
    .max(4)
    // Counted once for both bounds: a generated site of 10,000 pages has 10,000 sections to count.
    .superRefine((paragraphs, context) => {
      const words = countWords(paragraphs.join(' '));
      if (words < SECTION_MIN_WORDS) context.addIssue({ code: 'custom', message: `at least ${SECTION_MIN_WORDS} words in all` });
      if (words > SECTION_MAX_WORDS) context.addIssue({ code: 'custom', message: `at most ${SECTION_MAX_WORDS} words in all` });
    }),
  localFaq: z.strictObject({ question: sentenceCaseQuestion, answer: text }),
});

/** One file per city in data/city-services/: the nine pairs of that city. */
export const cityServicesSchema = z.strictObject({
  city: slug,
  pairs: z.array(cityServiceSchema).min(1),
});
