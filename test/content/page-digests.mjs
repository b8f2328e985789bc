#!/usr/bin/env node
// The pages of a built site and a digest of each (SHA-256 of its HTML), so that the next content-only Publish can tell
// which pages it changed (test/content/changed-pages.test.ts). The deploy workflow writes them after each deploy.
//
//   node test/content/page-digests.mjs DIST OUT.json
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The editor's page is the editor's own to check (test/browser/editor.test.ts), not a page of the site. */
const NOT_PAGES = new Set(['admin.html']);

/** Each page of `dist` by its address (`/`, `/about`, `/blog/x`), with the digest of its HTML. */
export function pageDigests(dist) {
  const digests = {};
  const files = readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !NOT_PAGES.has(file))
    .sort();
  for (const file of files) {
    const address = `/${file.replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`;
    digests[address] = createHash('sha256')
      .update(readFileSync(path.join(dist, file)))
      .digest('hex');
  }
  return digests;
}

/** The addresses of `after` that are new or whose HTML differs from `before`'s; every one when `before` is unknown. */
export function changedPages(after, before) {
  return Object.keys(after).filter((address) => !before || before[address] !== after[address]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [dist, out] = process.argv.slice(2);
  if (!dist || !out) {
    console.error('usage: node test/content/page-digests.mjs DIST OUT.json');
    process.exit(2);
  }
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(pageDigests(dist), null, 2)}\n`);
}
