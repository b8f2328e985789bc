import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerOf,
  type CloudflarePages,
  differenceOf,
  headerNamesOf,
  startCloudflarePages,
  urlVariants,
} from '../helpers/cloudflare-pages.ts';
import { build, type RunningServer, startServer } from '../helpers/engine.ts';
import { PROJECT_ROOT, tempDir, testEnv } from '../helpers/fixture.ts';

// `site serve` must answer as production does. Cloudflare's own runtime (workerd, through `wrangler pages dev`, which
// needs no network) serves the same build, and every URL and its usual variants must get the same status, the same
// redirect target and the same `_headers` headers from both.

let work: { dir: string; remove(): Promise<void> };
let dist: string;
let serve: RunningServer;
let cloudflare: CloudflarePages;

/** Every difference between `site serve` at `origin` and Cloudflare, over `urls`. */
async function differences(
  origin: string,
  urls: readonly string[],
  headerNames: ReadonlySet<string>,
): Promise<string[]> {
  const found: string[] = [];
  // A few at a time: wrangler's proxy answers a burst of requests with errors.
  for (let start = 0; start < urls.length; start += 8) {
    const batch = urls.slice(start, start + 8);
    const answers = await Promise.all(
      batch.map(
        async (url) =>
          [url, await answerOf(origin, url, headerNames), await answerOf(cloudflare.origin, url, headerNames)] as const,
      ),
    );
    for (const [url, ours, theirs] of answers) found.push(...differenceOf(url, ours, theirs));
  }
  return found;
}

beforeAll(async () => {
  work = await tempDir('cloudflare-parity');
  dist = path.join(work.dir, 'dist');
  await build({ root: PROJECT_ROOT, out: dist, env: testEnv() });
  serve = await startServer({ dir: dist, port: 0, host: '127.0.0.1', log: () => {} });
  cloudflare = await startCloudflarePages(dist, work.dir);
}, 120_000);

afterAll(async () => {
  await serve?.close();
  await cloudflare?.stop();
  await work?.remove();
});

describe('site serve answers as Cloudflare Pages', () => {
  it('gives every built URL and its variants the status, redirect target and _headers headers Cloudflare gives', async () => {
    const urls = await urlVariants(dist);
    const headerNames = headerNamesOf(await readFile(path.join(dist, '_headers'), 'utf8'));
    expect(urls.length).toBeGreaterThan(1000);
    expect([...headerNames]).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'strict-transport-security',
        'cache-control',
        'x-frame-options',
        'referrer-policy',
      ]),
    );
    expect(await differences(serve.url, urls, headerNames)).toEqual([]);
  }, 300_000);

  it('names the URL and both answers when they differ (proof the comparison can fail)', async () => {
    // The same build, but with another cache policy for /about and a rule Cloudflare's copy does not have.
    const changed = path.join(work.dir, 'changed');
    await cp(dist, changed, { recursive: true });
    const headers = await readFile(path.join(changed, '_headers'), 'utf8');
    await writeFile(
      path.join(changed, '_headers'),
      headers.replace(
        '/about\n  Cache-Control: public, max-age=0, must-revalidate',
        '/about\n  Cache-Control: no-cache',
      ),
    );
    await writeFile(
      path.join(changed, '_redirects'),
      `${await readFile(path.join(changed, '_redirects'), 'utf8')}/contact /about 302\n`,
    );
    const other = await startServer({ dir: changed, port: 0, host: '127.0.0.1', log: () => {} });
    try {
      expect(await differences(other.url, ['/about', '/contact', '/gallery'], new Set(['cache-control']))).toEqual([
        '/about: cache-control is "no-cache" from site serve, "public, max-age=0, must-revalidate" from Cloudflare',
        '/contact: site serve 302 → /about, Cloudflare 200',
      ]);
    } finally {
      await other.close();
    }
  });
});
