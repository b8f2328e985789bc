// Our page component's markup (templates/pages/[landing].tsx and the components it renders) as template literals:
// one function per component, each returning HTML. `h` is a tagged template that escapes every value put in it as
// React does (text and attribute values alike), joins arrays, and leaves what an `h` template made as it is. It is
// not called `html`, which Prettier would format as HTML, adding whitespace between tags that React does not write:
// the markup here is React's as our engine renders it, byte for byte (test/bench/eleventy/README.md).
import { escapeHtml } from './engine-shim.mjs';

/** Markup made by `h`: put into another template as it is. */
class Html {
  constructor(text) {
    this.text = text;
  }
  toString() {
    return this.text;
  }
}

function markup(value) {
  if (value === undefined || value === null || value === false || value === true) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(markup).join('');
  return escapeHtml(String(value));
}

/** A template literal whose values are escaped, unless they are markup (or lists of it). */
export function h(strings, ...values) {
  let text = strings[0];
  for (let index = 0; index < values.length; index++) text += markup(values[index]) + strings[index + 1];
  return new Html(text);
}

/** Markup already made elsewhere (a JSON-LD block's escaped JSON), put in as it is. */
export const raw = (text) => new Html(text);

/** ` name="value"` for each [name, value] with a value, in order: what React writes for the props it is given. */
export function attrs(list) {
  let text = '';
  for (const [name, value] of list) if (value !== undefined && value !== null) text += ` ${name}="${markup(value)}"`;
  return new Html(text);
}

// Icons: Lucide's drawings (lucide-react 1.75.0, the repository's, whose `__iconData` the site's icons.tsx draws)
// written out, with lucide-react's attributes in its order, as templates/components/icons.tsx makes them.
const DRAWINGS = {
  'arrow-up': '<path d="m5 12 7-7 7 7"></path><path d="M12 19V5"></path>',
  check: '<path d="M20 6 9 17l-5-5"></path>',
  'chevron-down': '<path d="m6 9 6 6 6-6"></path>',
  mail: '<path d="m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7"></path><rect x="2" y="4" width="20" height="16" rx="2"></rect>',
  'map-pin':
    '<path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"></path><circle cx="12" cy="10" r="3"></circle>',
  menu: '<path d="M4 5h16"></path><path d="M4 12h16"></path><path d="M4 19h16"></path>',
  phone:
    '<path d="M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384"></path>',
};

/** A Lucide icon, decorative (aria-hidden), `size` px square, with an extra class if given. */
export function icon(name, size, className) {
  const classes = className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`;
  return h`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="${classes}" aria-hidden="true">${raw(DRAWINGS[name])}</svg>`;
}

/** Lucide has no brand marks; these are the simple Facebook and Instagram glyphs (icons.tsx). */
const facebookIcon = () =>
  h`<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="currentColor"><path d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V8.9c0-.6.4-.9 1-.9Z"></path></svg>`;
const instagramIcon = () =>
  h`<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2"><rect x="3" y="3" width="18" height="18" rx="5"></rect><circle cx="12" cy="12" r="4"></circle><circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none"></circle></svg>`;

/** The company mark: a roof line over a house outline (header.tsx). */
const logo = () =>
  h`<svg class="logo" viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false"><rect width="40" height="40" rx="8" fill="#2e6b45"></rect><path d="M8 20 20 9l12 11" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"></path><path d="M12 18v13h16V18" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"></path><path d="M18 31v-7h4v7" fill="none" stroke="#fff" stroke-width="2.5"></path></svg>`;

/** The phone number as a tel: link target (lib/phone.ts). */
const telHref = (phone) => `tel:+1${phone.replace(/\D/g, '')}`;

// The header (header.tsx).

function isActive(href, path) {
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}

function linkMarks(data, path) {
  const current = {};
  for (const { href } of data.site.navigation.main) {
    if (isActive(href, path)) current[href] = path === href ? 'page' : 'true';
  }
  for (const { href } of data.site.navigation.services) if (path === href) current[href] = 'page';
  return { current, inServices: path.startsWith('/services') };
}

const navLink = (item, marks) =>
  h`<li><a${attrs([
    ['href', item.href],
    ['aria-current', marks.current[item.href]],
  ])}>${item.label}</a></li>`;

function servicesGroup(data, marks, variant) {
  const listId = `${variant}-services`;
  const label = h`Services ${icon('chevron-down', 16)}`;
  const items = data.site.navigation.services.map((item) => navLink(item, marks));
  const list = h`<ul id="${listId}" class="nav-submenu">${items}</ul>`;
  const active = marks.inServices ? 'is-active' : undefined;
  if (variant === 'mobile') {
    return h`<details class="nav-services"><summary${attrs([['class', active]])}>${label}</summary>${list}</details>`;
  }
  const trigger = `nav-trigger ${active ?? ''}`.trim();
  return h`<div class="nav-dropdown" data-nav-dropdown=""><button type="button" class="${trigger}" aria-expanded="false" aria-controls="${listId}">${label}</button>${list}</div>`;
}

function navLinks(data, marks, variant) {
  const [home, about, ...rest] = data.site.navigation.main;
  return h`<ul class="nav-list">${home ? navLink(home, marks) : ''}${about ? navLink(about, marks) : ''}<li class="nav-group">${servicesGroup(data, marks, variant)}</li>${rest.map((item) => navLink(item, marks))}</ul>`;
}

function header(data, path) {
  const marks = linkMarks(data, path);
  const { business } = data;
  return h`<header class="site-header"><div class="header-inner"><a class="brand" href="/" aria-label="${business.name}, home">${logo()}<span class="brand-name">${business.name}</span><span class="brand-short">${business.shortName}</span></a><nav class="nav-desktop" aria-label="Main">${navLinks(data, marks, 'desktop')}</nav><a class="header-call" href="${telHref(business.phone)}" aria-label="Call ${business.phone}">${icon('phone', 20)}</a><a class="button button-primary header-cta" href="/contact"><span class="cta-long">Get a Consultation</span><span class="cta-short">Book</span></a><details class="nav-mobile"><summary aria-label="Menu">${icon('menu', 24)}</summary><nav aria-label="Main (small screens)">${navLinks(data, marks, 'mobile')}<a class="button button-primary" href="/contact">Get a Consultation</a></nav></details></div></header>`;
}

// The footer (footer.tsx).

function footer(data, year) {
  const { business, site } = data;
  const { address } = business;
  const quickLinks = site.navigation.quickLinks.map((link) => h`<li><a href="${link.href}">${link.label}</a></li>`);
  return h`<footer class="site-footer"><div class="footer-grid"><div><p class="brand footer-brand" id="footer-company">${logo()}<span class="brand-name">${business.name}</span></p><p class="tagline">${business.tagline}</p><address><p>${icon('map-pin', 18)} ${address.street}, ${address.city}, ${address.region} ${address.postalCode}</p><p>${icon('phone', 18)} <a class="tel" href="${telHref(business.phone)}">${business.phone}</a></p><p>${icon('mail', 18)} <a href="mailto:${business.email}">${business.email}</a></p></address></div><nav aria-labelledby="footer-quick-links"><h2 id="footer-quick-links">Quick Links</h2><ul>${quickLinks}</ul></nav><div><h2 id="footer-areas">Service Areas</h2><p>${site.serviceAreas.footerText}</p><ul class="social-links"><li><a href="${business.social.facebook}" aria-label="${business.name} on Facebook" rel="noopener">${facebookIcon()}</a></li><li><a href="${business.social.instagram}" aria-label="${business.name} on Instagram" rel="noopener">${instagramIcon()}</a></li><li><a href="mailto:${business.email}" aria-label="Email ${business.name}">${icon('mail', 20)}</a></li></ul></div></div><div class="footer-bottom"><p>© ${year} ${business.name}. All rights reserved.</p><p>${business.licenseLine}</p><a class="back-to-top" href="#top">${icon('arrow-up', 18)} Back to top</a></div></footer>`;
}

/**
 * The frame of every page (layout.tsx): page top, skip link, header, main content, footer, the notices' live
 * region (its id is NOTICE_REGION_ID of templates/client/notices.ts).
 */
export function layout(context, children) {
  return h`<span class="page-top sr-only" id="top" tabindex="-1">Top of page</span><a class="skip-link" href="#main">Skip to content</a>${header(context.data, context.path)}<main id="main" tabindex="-1">${children}</main>${footer(context.data, context.site.time.getFullYear())}<div id="site-notices" class="notices" aria-live="polite"></div>`;
}

// Sections (sections.tsx, faqs.tsx).

/** A page section with its heading; the id ties the heading to the region. */
export function section({ id, title, intro, className }, children) {
  const classes = `section ${className ?? ''}`.trim();
  return h`<section id="${id}" class="${classes}" aria-labelledby="${id}-title"><div class="container"><h2 id="${id}-title" class="section-title">${title}</h2>${intro ? h`<p class="section-intro">${intro}</p>` : ''}${children}</div></section>`;
}

/** The closing call to action of a page. */
export function callToAction({ id, title, text, label, href = '/contact' }) {
  return h`<section id="${id}" class="section cta-band" aria-labelledby="${id}-title"><div class="container"><h2 id="${id}-title">${title}</h2><p>${text}</p><a class="button button-primary button-large" href="${href}">${label}</a></div></section>`;
}

/** A breadcrumb trail; the last item is the current page. */
export function breadcrumb(trail) {
  const before = trail.slice(0, -1).map((item) => h`<li><a href="${item.path}">${item.name}</a></li>`);
  return h`<nav aria-label="Breadcrumb" class="breadcrumb"><ol>${before}<li aria-current="page">${trail.at(-1)?.name}</li></ol></nav>`;
}

/** How many paragraphs go before the aside: at least one, and the break that leaves the two parts nearest in length. */
function middleBreak(lengths) {
  const total = lengths.reduce((sum, length) => sum + length, 0);
  let best = 1;
  let bestGap = Infinity;
  let before = 0;
  for (let count = 1; count <= Math.max(1, lengths.length - 1); count++) {
    before += lengths[count - 1] ?? 0;
    const gap = Math.abs(before - total / 2);
    if (gap < bestGap) [best, bestGap] = [count, gap];
  }
  return best;
}

/** Paragraphs in a reading column with a drawing beside them, the drawing at the break nearest half the text. */
export function textWithAside(paragraphs, aside) {
  const half = middleBreak(paragraphs.map((paragraph) => paragraph.length));
  const paragraph = (text) => h`<p>${text}</p>`;
  return h`<div class="text-with-aside">${paragraphs.slice(0, half).map(paragraph)}<div class="aside">${aside}</div>${paragraphs.slice(half).map(paragraph)}</div>`;
}

/** The FAQs: each question a heading with its answer below it. */
export function faqs(list) {
  const items = list.map((faq) => h`<div class="faq"><h3>${faq.question}</h3><p>${faq.answer}</p></div>`);
  return section({ id: 'faqs', title: 'Frequently Asked Questions' }, h`<div class="faqs">${items}</div>`);
}

// The landing page's own sections (landing/landing-sections.tsx).

/** Section 3: why choose us, the service's (or the pair's own) six differentiators. */
export function whyChoose({ service, city, company, highlights }) {
  const cards = highlights.map(
    (highlight) =>
      h`<li class="card">${icon('check', 24, 'card-icon')}<h3>${highlight.title}</h3><p>${highlight.text}</p></li>`,
  );
  return section(
    {
      id: 'why-choose',
      title: `Why Choose ${company} as Your ${service.keywordLabel} in ${city.name}`,
      className: 'section-alt',
    },
    h`<ul class="card-grid card-grid-3">${cards}</ul>`,
  );
}

/** Section 4: the service's (or the pair's own) common projects, after its scope note, with the cost and timeline notes. */
export function serviceProjects({ service, city, projects }) {
  const tiles = projects.map((project) => h`<li class="tile">${icon('check', 20)} ${project}</li>`);
  return section(
    { id: 'our-services', title: `Our ${service.title} Services in ${city.name}` },
    h`<div class="prose">${service.scopeNote ? h`<p>${service.scopeNote}</p>` : ''}<h3>Common ${service.title} Projects</h3><ul class="check-list tiles">${tiles}</ul>${service.costNote ? h`<p>${service.costNote}</p>` : ''}${service.timelineNote ? h`<p>${service.timelineNote}</p>` : ''}</div>`,
  );
}

/** Section 5: the city's building department and neighbourhoods. */
export function localExpertise({ city, permitTime }) {
  const department = city.buildingDepartment;
  const steps = department.planCheckSteps.map((step) => h`<li>${step}</li>`);
  const notes = city.localConsiderations.map((item) => h`<li class="tile">${item}</li>`);
  const neighborhoods = city.neighborhoods.map(
    (neighborhood) => h`<li>${icon('map-pin', 18)} <strong>${neighborhood.name}</strong>: ${neighborhood.note}</li>`,
  );
  const permit = permitTime
    ? h`<p>In our experience, plan check in ${city.name} takes about ${permitTime} from complete plans to a permit, once any planning approval is in hand.</p>`
    : '';
  return section(
    { id: 'local-expertise', title: `Local Expertise in ${city.name}`, className: 'section-alt' },
    h`<div class="local-grid"><div><h3>Permits and plan review</h3><p><strong>${department.name}.</strong> ${department.reviews}</p><ol class="plan-check">${steps}</ol>${permit}<h3>What to plan for in ${city.name}</h3><ul class="tiles tiles-notes">${notes}</ul>${city.eichlerNote ? h`<p>${city.eichlerNote}</p>` : ''}</div><div><h3>Neighborhoods we work in</h3><ul class="neighborhoods">${neighborhoods}</ul></div></div>`,
  );
}

/** Shown only if a page's service or city info could not be resolved; the build's data check prevents it. */
export const loadingServiceInformation = () =>
  h`<div class="container loading-info" role="status"><p>Loading service information...</p><p>If this persists, please try refreshing the page.</p></div>`;

// The line illustrations (illustrations.tsx): inline SVG, decorative.

const WIDTH = 400;
const HEIGHT = 260;

const tree = (x, scale = 1) =>
  h`<g class="ill-tree"><path class="ill-trunk" d="M${x} 228V${228 - 34 * scale}"></path><circle class="ill-leaves" cx="${x}" cy="${228 - 52 * scale}" r="${26 * scale}"></circle></g>`;

/** A gabled house: walls under a roof whose eaves overhang each side by 12 and whose ridge rises `rise`. */
const gableHouse = (x, y, width, height, rise, className = 'ill-wall') =>
  h`<rect class="${className}" x="${x}" y="${y}" width="${width}" height="${height}"></rect><path class="ill-roof" d="M${x - 12} ${y + 2} ${x + width / 2} ${y + 2 - rise}l${width / 2 + 12} ${rise}Z"></path>`;

const DRAWINGS_BY_NAME = {
  'new-home': () =>
    h`${tree(62)}${gableHouse(112, 118, 176, 110, 68)}<rect class="ill-glass" x="132" y="140" width="38" height="30"></rect><rect class="ill-glass" x="230" y="140" width="38" height="30"></rect><rect class="ill-door" x="184" y="172" width="32" height="56"></rect><path class="ill-crane" d="M344 228V44M276 50h94M344 44l-24 6M300 50v30"></path><rect class="ill-new" x="290" y="80" width="20" height="14"></rect>`,
  addition: () =>
    h`${gableHouse(70, 132, 150, 96, 56)}<rect class="ill-glass" x="92" y="154" width="34" height="28"></rect><rect class="ill-door" x="160" y="176" width="28" height="52"></rect><rect class="ill-new" x="220" y="150" width="108" height="78"></rect><path class="ill-roof" d="M216 152h116v-12H216Z"></path><rect class="ill-glass" x="246" y="172" width="56" height="34"></rect><path class="ill-dash" d="M220 150v78"></path>${tree(356, 0.8)}`,
  adu: () =>
    h`${gableHouse(36, 120, 150, 108, 56)}<rect class="ill-glass" x="56" y="144" width="34" height="28"></rect><rect class="ill-door" x="124" y="172" width="28" height="56"></rect><path class="ill-dash" d="M190 222h64"></path>${gableHouse(262, 158, 104, 70, 40, 'ill-new')}<rect class="ill-door" x="302" y="186" width="24" height="42"></rect><rect class="ill-glass" x="276" y="176" width="18" height="20"></rect><rect class="ill-glass" x="336" y="176" width="18" height="20"></rect>`,
  remodel: () =>
    h`<rect class="ill-wall" x="52" y="62" width="196" height="48"></rect><path class="ill-line" d="M101 62v48M150 62v48M199 62v48"></path><rect class="ill-glass" x="270" y="58" width="78" height="62"></rect><path class="ill-line" d="M309 58v62"></path><path class="ill-line" d="M150 24v50M220 24v50"></path><path class="ill-new" d="M138 74h24l-4 10h-16ZM208 74h24l-4 10h-16Z"></path><rect class="ill-new" x="44" y="150" width="312" height="10"></rect><rect class="ill-wall" x="52" y="160" width="296" height="68"></rect><path class="ill-line" d="M126 160v68M200 160v68M274 160v68"></path><path class="ill-line" d="M110 186h8M134 186h8M258 186h8M282 186h8"></path>`,
  bathroom: () =>
    h`<rect class="ill-glass" x="52" y="58" width="160" height="120"></rect><path class="ill-tile" d="M52 88h160M52 118h160M52 148h160M92 58v120M132 58v120M172 58v120"></path><path class="ill-wall" d="M44 178h176v22a28 28 0 0 1-28 28H72a28 28 0 0 1-28-28Z"></path><path class="ill-line" d="M188 70v-8h14"></path><rect class="ill-glass" x="262" y="58" width="78" height="74" rx="36"></rect><rect class="ill-new" x="248" y="160" width="106" height="68"></rect><path class="ill-line" d="M248 176h106M301 176v52M301 150v10M293 150h16"></path>`,
  'design-build': () =>
    h`<rect class="ill-sheet" x="36" y="48" width="150" height="160" rx="6"></rect><path class="ill-plan" d="M58 78h106v100H58ZM58 128h54v50M112 78v30M132 128h32"></path><path class="ill-dash" d="M58 196h106M58 192v8M164 192v8"></path><path class="ill-arrow" d="M204 136h40m-10-10 10 10-10 10"></path>${gableHouse(268, 140, 100, 88, 42)}<rect class="ill-new" x="286" y="160" width="26" height="22"></rect><rect class="ill-door" x="326" y="182" width="24" height="46"></rect>`,
  'floor-plan': () =>
    h`<rect class="ill-sheet" x="48" y="30" width="304" height="186" rx="6"></rect><path class="ill-plan-wall" d="M76 56h248v132H76ZM196 56v72M196 160v28M76 120h72M176 120h20M260 56v132"></path><path class="ill-plan" d="M148 120a28 28 0 0 1 28-28M196 128a32 32 0 0 1 32 32"></path><rect class="ill-new" x="264" y="60" width="56" height="124"></rect><path class="ill-dash" d="M76 204h248M76 198v12M324 198v12"></path>`,
  eichler: () =>
    h`${tree(356, 0.9)}<path class="ill-roof" d="M32 118 192 96l160 22v8L192 104 32 126Z"></path><path class="ill-beam" d="M64 122v10M104 117v10M144 111v10M240 111v10M280 117v10M320 122v10"></path><rect class="ill-wall" x="56" y="130" width="92" height="98"></rect><rect class="ill-new" x="148" y="124" width="160" height="104"></rect><path class="ill-line" d="M188 124v104M228 124v104M268 124v104"></path><rect class="ill-door" x="80" y="166" width="30" height="62"></rect>`,
};

/** One of the named illustrations in its frame. */
export function illustration(name) {
  return h`<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" class="illustration" aria-hidden="true" focusable="false"><rect class="ill-backdrop" x="0" y="0" width="${WIDTH}" height="${HEIGHT}" rx="24"></rect><path class="ill-ground" d="M24 228H376"></path>${DRAWINGS_BY_NAME[name]()}</svg>`;
}
