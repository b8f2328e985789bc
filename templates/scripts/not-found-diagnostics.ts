// Runs on the not-found page. First, on static hosts that do not normalise paths, it replaces the address
// with its normalised form (lowercase, no trailing slash), as spec section 2 asks. Otherwise it logs what was
// asked for and whether it is a known service-location slug (spec section 8); a path shaped like a landing
// page whose record does not exist is logged as an error.
import { canonicalPath } from '../lib/canonical-path.ts';
import { inGrid, type LandingGrid } from '../lib/landing-grid.ts';
import { parseLandingSlug } from '../lib/landing-slug.ts';

const path = window.location.pathname;
const normalised = canonicalPath(path);
if (normalised !== undefined) {
  window.location.replace(normalised + window.location.search + window.location.hash);
} else {
  const index = JSON.parse(document.getElementById('landing-index')?.textContent ?? '{"keywords":[],"cities":[],"cells":""}') as LandingGrid;
  const slug = path.replace(/^\/+|\/+$/g, '').toLowerCase();
  const known = inGrid(index, slug);
  const parsed = slug.includes('/') ? undefined : parseLandingSlug(slug);

  console.info('[not found]', { path, slug, isKnownServiceLocationSlug: known, parsed: parsed ?? null, referrer: document.referrer || null });
  if (parsed && index.keywords.includes(parsed.keyword) && !known) {
    console.error(`[not found] "${slug}" looks like a landing page for "${parsed.keyword}" in "${parsed.city}", but no service-location record matches.`);
  }
}
