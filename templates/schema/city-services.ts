import * as z from 'zod';
import { serviceInfoSchema } from './landing.ts';

const text = z.string().trim().min(1);
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lowercase words joined by dashes');

/**
 * Words in a text, counted the way a reader would: runs of letters, digits, apostrophes and inner dashes. The
 * matches of /[\p{L}\p{N}][\p{L}\p{N}'’.,$%-]*\/gu, counted in one pass without making them: a generated site of
 * 10,000 pages counts two and a half million words as it loads.
 */
export function countWords(value: string): number {
  let words = 0;
  let inWord = false;
  for (let index = 0; index < value.length; index++) {
    let code = value.charCodeAt(index);
    let kind = KINDS[code]!;
    if (kind === 0 && code >= 0xd800 && code <= 0xdbff) {
      // A character beyond the Basic Multilingual Plane: two code units, judged each time.
      code = value.codePointAt(index)!;
      if (code > 0xffff) index++;
    }
    if (kind === 0) {
      const char = String.fromCodePoint(code);
      kind = LETTER_OR_NUMBER.test(char) ? STARTS : WORD_INNER.includes(char) ? INNER : OTHER;
      if (code <= 0xffff) KINDS[code] = kind;
    }
    if (kind === STARTS) {
      if (!inWord) words++;
      inWord = true;
    } else if (kind === OTHER) inWord = false;
  }
  return words;
}

const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;
/** What a word holds besides letters and digits. */
const WORD_INNER = "'’.,$%-";
// What each character of the Basic Multilingual Plane is to a word, learnt as it is first met (0: not yet).
const STARTS = 1;
const INNER = 2;
const OTHER = 3;
const KINDS = new Uint8Array(0x10000);

/** The section's bounds: long enough to say something of its own, short enough to stay a section. */
export const SECTION_MIN_WORDS = 150;
export const SECTION_MAX_WORDS = 300;

/** The local question; its sentence case is checked by test/site/city-services.test.ts, which knows the names. */
const sentenceCaseQuestion = text.refine((value) => value.endsWith('?'), 'a question ending with "?"');

/**
 * What is true of one service in one city: the section '{service} in {city}', its own meta description and the
 * local question answered for that kind of work. `noindex` marks a thin pair and says why, in a few plain words
 * (the admin listing shows it).
 */
export const cityServiceSchema = z.strictObject({
  service: slug,
  noindex: text.optional(),
  /**
   * The pair's own "Why choose" highlights and common projects, in the service's shapes, where the service's lists
   * would not be true of the city (Eichler work in a city without an Eichler tract).
   */
  highlights: serviceInfoSchema.shape.highlights.optional(),
  commonProjects: serviceInfoSchema.shape.commonProjects.optional(),
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
