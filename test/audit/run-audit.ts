// `npm run audit`: Lighthouse 12 (mobile defaults, Debian Chromium) on every page type of the real site,
// served from a fresh build on 127.0.0.1 with stand-in photos and video (see test/helpers/audit-site.ts).
// Prints one row a page and the targets; exits 1 when a target is missed.
import { startAuditSite } from '../helpers/audit-site.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { localPhotoSite } from '../helpers/local-photo-site.ts';
import { runLighthouse, startLighthouseChrome, type LighthouseSummary } from '../helpers/lighthouse.ts';

const PAGE_TYPES: Array<[label: string, path: string]> = [
  ['home', '/'],
  ['about', '/about'],
  ['services', '/services'],
  ['custom homes', '/services/custom-homes'],
  ['service page', '/services/additions'],
  ['gallery', '/gallery'],
  ['project', '/gallery/3'],
  ['contact', '/contact'],
  ['landing', '/landing'],
  ['blog', '/blog'],
  ['post', '/blog/adu-planning-guide'],
  ['city-service', '/adu-contractor-palo-alto'],
  // Lighthouse refuses a document answered with status 404, so the not-found page is audited at its own path.
  ['404', '/404'],
];

const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100, cls: 0.01 };

// Issue 41: the same site with the owner's own photos in data/images/ (generated phone photos, encoded by the build):
// the home page must keep performance 100, the gallery 98.
const OWN_PHOTO_PAGES: Array<[label: string, path: string, performance: number]> = [
  ['home, own photos', '/', 100],
  ['gallery, own photos', '/gallery', 98],
];

// The not-found page is noindex on purpose (it must never rank), and Lighthouse's SEO category counts that
// against it through one audit, is-crawlable. Only that audit is excused there; any other SEO loss counts.
const NOINDEX_BY_DESIGN = new Set(['/404']);

/** The SEO audits that lost points, less the one a deliberately noindex page must fail. */
const seoFailures = (path: string, row: LighthouseSummary): string[] =>
  row.failing.filter((f) => f.startsWith('seo: ') && !(NOINDEX_BY_DESIGN.has(path) && f.startsWith('seo: is-crawlable ')));

function missed(path: string, row: LighthouseSummary, performance = TARGETS.performance): string[] {
  const out: string[] = [];
  if ((row.scores.performance ?? 0) < performance) out.push(`performance ${row.scores.performance} < ${performance}`);
  for (const category of ['accessibility', 'best-practices'] as const) {
    if ((row.scores[category] ?? 0) < TARGETS[category]) out.push(`${category} ${row.scores[category]} < 100`);
  }
  if ((row.scores.seo ?? 0) < TARGETS.seo && (!NOINDEX_BY_DESIGN.has(path) || seoFailures(path, row).length)) out.push(`seo ${row.scores.seo} < 100`);
  if ((row.cls ?? 1) > TARGETS.cls) out.push(`CLS ${row.cls} > ${TARGETS.cls}`);
  return out;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const ownPhotos = await localPhotoSite();
const [site, ownPhotoSite] = [await startAuditSite(PROJECT_ROOT), await startAuditSite(ownPhotos.root)];
const chrome = await startLighthouseChrome();
const rows: Array<[string, string, LighthouseSummary, number?]> = [];
try {
  console.log(`Lighthouse 12, mobile defaults; ${site.replacedHosts.join(' and ')} served by a local stand-in.\n`);
  for (const [label, path] of PAGE_TYPES) {
    rows.push([label, path, await runLighthouse(site.url + path, chrome.port, [...CATEGORIES])]);
    process.stderr.write('.');
  }
  for (const [label, path, performance] of OWN_PHOTO_PAGES) {
    rows.push([label, path, await runLighthouse(ownPhotoSite.url + path, chrome.port, [...CATEGORIES]), performance]);
    process.stderr.write('.');
  }
  process.stderr.write('\n');
} finally {
  await chrome.close();
  await site.close();
  await ownPhotoSite.close();
  await ownPhotos.remove();
}

const table = [
  ['page', 'path', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP', 'TBT', 'CLS', 'JS', 'images'],
  ...rows.map(([label, path, r]) => [
    label,
    path,
    String(r.scores.performance),
    String(r.scores.accessibility),
    String(r.scores['best-practices']),
    NOINDEX_BY_DESIGN.has(path) && !seoFailures(path, r).length && r.scores.seo !== 100 ? `${r.scores.seo} (noindex)` : String(r.scores.seo),
    `${((r.lcpMs ?? 0) / 1000).toFixed(2)} s`,
    `${Math.round(r.tbtMs ?? 0)} ms`,
    (r.cls ?? 0).toFixed(3),
    `${(r.jsBytes / 1000).toFixed(1)} kB`,
    `${(r.imageBytes / 1000).toFixed(1)} kB`,
  ]),
];
const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
console.log([line(table[0]!), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...table.slice(1).map(line)].join('\n'));

const misses = rows.flatMap(([label, path, r, performance]) => missed(path, r, performance).map((m) => `${label}: ${m}${r.failing.length ? ` (${r.failing.join('; ')})` : ''}`));
console.log(`\nTargets: performance ≥ ${TARGETS.performance} (100 for the home page with the owner's own photos), accessibility, best practices and SEO 100, CLS ≤ ${TARGETS.cls}.`);
console.log('(noindex): the not-found page keeps search engines out on purpose; its only SEO loss is that audit, is-crawlable.');
if (misses.length) {
  console.log(`Missed:\n${misses.map((m) => `  - ${m}`).join('\n')}`);
  process.exitCode = 1;
} else {
  console.log('Every page type meets every target.');
}
