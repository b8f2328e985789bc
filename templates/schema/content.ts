import * as z from 'zod';
import { LOCAL_PHOTO } from '../lib/image-urls.ts';
import { ICON_NAMES, ILLUSTRATIONS } from '../lib/visual-names.ts';

/**
 * Copy holds no price of its own: the one dated price lives in site.json's prices, and templates show it. A regex,
 * not a refinement, so the editor holds the rule too (its configuration is made from the schemas' JSON Schema).
 */
export function withoutPrice(schema: z.ZodString): z.ZodString {
  return schema.regex(/^(?![\s\S]*\$\s?\d)/, "no price: a price belongs in data/site.json's prices, which the pages show with its year");
}
const text = withoutPrice(z.string().trim().min(1));
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lowercase words joined by dashes');
const internalPath = z.string().regex(/^\/[a-z0-9/-]*(\?[a-z0-9=&-]+)?$/, 'a site path such as /services/additions');
/**
 * A photo: an https:// URL (the host resizes it, as images.unsplash.com does), or the path of the owner's own photo
 * under data/images/, written from data/ (`images/kitchen-1.jpg`), which the build encodes; the site's check fails
 * the build, naming the file and the field, when no such photo is there.
 */
const httpsUrl = z.url({ protocol: /^https$/ });
const PHOTO_FORM = 'an https:// address, or a photo in data/images/ written as images/kitchen-1.jpg (JPEG, PNG, WebP, AVIF or HEIC)';
/** The editor shows it as a photo field; the regex is its form, which the editor checks too, the refinement a valid URL. */
const imageUrl = z
  .string()
  .regex(/^(?:images\/[^?#\s]+\.(?:[jJ][pP][eE]?[gG]|[pP][nN][gG]|[wW][eE][bB][pP]|[aA][vV][iI][fF]|[hH][eE][iI][cCfF])|https:\/\/\S+)$/, { error: PHOTO_FORM, abort: true })
  .refine((value) => LOCAL_PHOTO.test(value) || httpsUrl.safeParse(value).success, PHOTO_FORM)
  .meta({ widget: 'image' });
const step = z.strictObject({ title: text, text });
const icon = z.enum(ICON_NAMES);
const illustration = z.enum(ILLUSTRATIONS);

/** The kinds of work the site quotes a price for; each names one entry of site.json's prices. */
export const PRICE_KEYS = ['roomAddition', 'adu'] as const;
export const priceKey = z.enum(PRICE_KEYS);
const dollarsPerSqFt = z.number().int().positive();

/**
 * The one dated set of prices every page shows (issue 40): a page names a kind of work and the templates render
 * its figure with the year, so no text holds a price of its own.
 */
export const pricesSchema = z.strictObject({
  asOf: z.string().regex(/^\d{4}$/, 'the year the prices hold for, such as 2026'),
  roomAddition: z.strictObject({ fromPerSqFt: dollarsPerSqFt }),
  adu: z
    .strictObject({ lowPerSqFt: dollarsPerSqFt, highPerSqFt: dollarsPerSqFt })
    .refine((range) => range.lowPerSqFt < range.highPerSqFt, { message: 'lowPerSqFt must be below highPerSqFt', path: ['highPerSqFt'] }),
});

/** A paragraph of copy, or the place where the prices of some kinds of work are shown. */
const paragraphOrPrices = z.union([text, z.strictObject({ prices: z.array(priceKey).min(1) })]);

/** Site-wide content: hero, navigation, service areas, process, search-engine links. */
export const siteContentSchema = z.strictObject({
  hero: z.strictObject({
    headline: text,
    subheadline: text,
    rotatingServices: z.array(text).length(6),
    videoUrl: z.url({ protocol: /^https$/ }),
    posterImage: imageUrl,
    posterAlt: z.string(),
  }),
  navigation: z.strictObject({
    main: z.array(z.strictObject({ label: text, href: internalPath })),
    services: z.array(z.strictObject({ label: text, href: internalPath })),
    quickLinks: z.array(z.strictObject({ label: text, href: internalPath })),
  }),
  serviceAreas: z.strictObject({
    home: z.array(z.strictObject({ city: text, lat: z.number().min(36).max(39), lng: z.number().min(-123).max(-121) })).length(14),
    servicesPage: z.array(text).length(17),
    contactPage: z.array(text).length(18),
    structuredData: z.array(text).length(8),
    landingKeyCities: z.array(text).length(7),
    footerText: text,
  }),
  process: z.array(step).length(7),
  offerCatalog: z.array(text).min(1),
  seoLinks: z.array(z.strictObject({ label: text, href: internalPath })).length(5),
  prices: pricesSchema,
  /** The h1 of every city-service page, such as "Top-Rated {service} in {city}". */
  cityServiceHeading: text.refine((value) => value.includes('{service}') && value.includes('{city}'), 'a heading that holds {service} and {city}'),
});

const testimonial = z.strictObject({ id: z.number().int(), quote: text, author: text, project: text, initials: z.string().regex(/^[A-Z]{2,3}$/) });

/** Copy of the home, about and landing pages. */
export const homeSchema = z.strictObject({
  values: z.array(z.strictObject({ title: text, description: text, icon })).length(3),
  stats: z.array(z.strictObject({ value: text, label: text })).length(4),
  testimonials: z.array(testimonial).length(3),
  story: z.strictObject({ teaserTitle: text, teaser: text, paragraphs: z.array(text).min(2) }),
  aboutValues: z.array(z.strictObject({ title: text, description: text, icon })).length(3),
  /** A line from the story set large beside it on the about page. */
  aboutPullQuote: text,
  aboutIntro: text,
  seoText: z.strictObject({ title: text, paragraphs: z.array(paragraphOrPrices).min(1) }),
  landing: z.strictObject({
    headline: text,
    subheadline: text,
    badges: z.array(text).min(3),
    serviceCards: z
      .array(z.strictObject({ service: z.enum(['new-construction', 'additions', 'remodel']), title: text, text, illustration, prices: z.array(priceKey).min(1).optional() }))
      .length(3),
    seoText: text,
    availabilityTitle: text,
    availabilityText: text,
  }),
});

export const projectCategories = ['Custom Home', 'Home Addition', 'ADU', 'Full Home Remodeling', 'Kitchen Remodel', 'Bathroom Remodel'] as const;

/** A gallery project; the first four are the home page's featured projects. */
export const projectSchema = z.strictObject({
  id: z.number().int().min(1),
  title: text,
  location: text,
  category: z.enum(projectCategories),
  completed: z.string().regex(/^\d{4}$/, 'a year such as 2024'),
  summary: text,
  description: text,
  scope: z.array(text).min(1),
  /** The project's main photo: on its tile, at the top of its page, and for sharing. */
  image: imageUrl,
  imageAlt: text,
  /** More photos of the job, each with what it shows, below the main one on the project's page. */
  photos: z.array(z.strictObject({ image: imageUrl, alt: text })).optional(),
});

/** A service page under /services/{slug}. */
export const servicePageSchema = z.strictObject({
  slug,
  title: text,
  tagline: text,
  metaDescription: z.string().min(50).max(160),
  intro: text,
  illustration,
  /** A sentence of the page set large beside the overview. */
  pullQuote: text,
  offerings: z.array(step.extend({ icon })).min(3),
  process: z.array(step).min(3),
  /** A figure is a value of its own (a duration) or one of site.json's prices, shown with its year. */
  figures: z.array(z.union([z.strictObject({ label: text, value: text }), z.strictObject({ label: text, price: priceKey })])),
  faqs: z.array(z.strictObject({ question: text, answer: text })),
  /** The gallery project and the client quote shown as proof; each must exist in its own file. */
  projectId: z.number().int().optional(),
  testimonialId: z.number().int().optional(),
  ctaTitle: text,
  ctaText: text,
});

export const blogCategories = ['Home Addition', 'Kitchen Design', 'Sustainability', 'Permits & Regulations', 'Interior Design', 'ADUs'] as const;

/** The front matter of a blog article in data/blog/{slug}.md. */
export const postSchema = z.strictObject({
  title: text,
  excerpt: text,
  date: z.iso.date(),
  readTime: z.string().regex(/^\d+ min read$/, 'such as "5 min read"'),
  category: z.enum(blogCategories),
  coverImage: imageUrl,
  coverAlt: text,
});
