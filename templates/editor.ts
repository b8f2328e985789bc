import type { EditorOptions } from '../src/index.ts';
import type { collections } from './collections.ts';
import { siteEnv } from './site-env.ts';

/** The photo types the photo pipeline reads (templates/lib/image-urls.ts), and what the upload button says of them. */
const PHOTO_TYPES = ['jpg', 'jpeg', 'png', 'webp', 'avif', 'heic', 'heif'];
const PHOTO_HINT =
  "A photo as JPEG, PNG, WebP, AVIF or HEIC (an iPhone's own format): the site makes the small sizes, turns the photo upright and removes its location.";

/**
 * The owner's editor at /admin (Decap CMS): what they edit and how each field is named for them. Every rule a value
 * must follow comes from the schemas in templates/schema/; the 99 city-service records stay with the developers.
 */
export const editor: EditorOptions<typeof collections> = {
  path: '/admin',
  backend(env) {
    const { repo, branch } = siteEnv(env).editor;
    return repo ? { repo, branch, authEndpoint: 'api/auth' } : undefined;
  },
  media: { folder: 'images', extensions: PHOTO_TYPES, hint: PHOTO_HINT },
  gitHost: { api: ['https://api.github.com'], images: ['https://avatars.githubusercontent.com'] },
  setupHint: 'see "Setting it up (once)" in the README',
  collections: [
    {
      collection: 'business',
      label: 'Business facts',
      description: 'The phone number, email, address, hours and license line shown on every page.',
      fields: ['phone', 'email', 'address', 'hours', 'licenseLine', 'social', 'geo'],
      labels: { email: 'Email', licenseLine: 'License line', 'address.postalCode': 'ZIP code', 'address.region': 'State', 'hours.lines': 'Opening hours as shown', 'hours.weekdays': 'Weekday hours for search engines', geo: 'Map position' },
      hints: {
        phone: 'Written as (408) 555-0142.',
        licenseLine: 'California requires your CSLB license number in all advertising (B&P §7030.5), such as "CSLB License #1098765 · Class B General Building Contractor".',
        'address.region': 'Two letters, such as CA.',
        'address.country': 'Two letters, such as US.',
        'hours.lines': 'One line each, as the contact page shows them, such as "Monday-Friday 8am-6pm".',
        'hours.weekdays': 'The weekday opening and closing times in 24-hour form (08:00, 18:00), for Google.',
        geo: "The address's position on a map, for Google: in Google Maps, right-click the address and click the numbers to copy them.",
      },
    },
    {
      collection: 'home',
      label: 'Home page',
      description: 'The three client testimonials and the four figures on the home page.',
      fields: ['testimonials', 'stats'],
      labels: { 'testimonials.quote': 'Words of the client', 'testimonials.author': 'Client name', 'testimonials.project': 'Project and city', 'testimonials.id': 'Number', stats: 'Figures' },
      hints: {
        testimonials: 'Exactly three. Publish only what your clients said, with their permission.',
        'testimonials.initials': 'Two or three capital letters, such as JK.',
        'testimonials.id': 'A number of its own; service pages name a testimonial by it.',
        stats: 'Exactly four, each a figure your records support.',
      },
      summaries: { testimonials: '{{fields.author}} · {{fields.project}}', stats: '{{fields.value}} {{fields.label}}' },
      singulars: { testimonials: 'testimonial', stats: 'figure' },
    },
    {
      collection: 'projects',
      label: 'Projects',
      description: 'The gallery. The first four are the featured projects on the home page.',
      labels: { 'projects.id': 'Number', 'projects.image': 'Main photo', 'projects.imageAlt': 'What the main photo shows', 'projects.photos': 'More photos', 'projects.photos.alt': 'What the photo shows', 'projects.completed': 'Year completed', 'projects.scope': 'Scope of work' },
      hints: {
        'projects.id': 'A number no other project has; the project page is /gallery/ and this number.',
        'projects.summary': 'One sentence, shown on the gallery tile.',
        'projects.description': 'The story of the project: what the owners wanted and what was done. Leave a blank line between paragraphs.',
        'projects.imageAlt': 'For people who cannot see the photo, such as "Open kitchen with a long oak island".',
        'projects.completed': 'Four digits, such as 2025.',
      },
      summaries: { projects: '{{fields.title}} · {{fields.location}}', 'projects.photos': '{{fields.alt}}' },
      singulars: { projects: 'project', 'projects.photos': 'photo', 'projects.scope': 'line' },
    },
    {
      collection: 'posts',
      label: 'Blog posts',
      labelSingular: 'Blog post',
      titleField: 'title',
      labels: { readTime: 'Read time', coverImage: 'Cover photo', coverAlt: 'What the cover photo shows', body: 'Article' },
      hints: {
        excerpt: 'One or two sentences for the blog list and search results.',
        readTime: 'Such as "5 min read" (about 220 words a minute).',
        body: 'Written in Markdown: `##` for a heading, a blank line between paragraphs, `-` at the start of a list line, `[words](/contact)` for a link.',
      },
    },
    {
      collection: 'servicePages',
      label: 'Service pages',
      description: 'The five pages under /services/: their texts, steps and questions.',
      labels: { pages: 'Pages', 'pages.pullQuote': 'Pull quote', 'pages.metaDescription': 'Search description', 'pages.ctaTitle': 'Closing heading', 'pages.ctaText': 'Closing text', 'pages.projectId': 'Project shown (number)', 'pages.testimonialId': 'Testimonial shown (number)', 'pages.faqs': 'Questions' },
      hints: {
        'pages.metaDescription': 'What search results show under the title: 50 to 160 characters.',
        'pages.intro': 'Leave a blank line between paragraphs.',
        'pages.pullQuote': 'A sentence set large beside the text; not one the text already says.',
      },
      // The page's address, and its cost and time figures (which name site-wide prices), stay with the developers.
      widgets: { 'pages.slug': 'hidden', 'pages.figures': 'hidden' },
      summaries: { pages: '{{fields.title}}', 'pages.offerings': '{{fields.title}}', 'pages.process': '{{fields.title}}', 'pages.faqs': '{{fields.question}}' },
      singulars: { 'pages.offerings': 'offering', 'pages.process': 'step', 'pages.faqs': 'question' },
    },
    {
      collection: 'site',
      label: 'Prices',
      description: 'The prices every page shows, with the year they hold for.',
      fields: ['prices'],
      labels: { 'prices.asOf': 'Year', 'prices.roomAddition': 'Room additions', 'prices.roomAddition.fromPerSqFt': 'From, dollars per sq ft', 'prices.adu': 'ADUs', 'prices.adu.lowPerSqFt': 'From, dollars per sq ft', 'prices.adu.highPerSqFt': 'To, dollars per sq ft' },
      hints: { 'prices.asOf': 'The year these prices hold for; the pages say "Our 2026 prices".' },
    },
  ],
};
