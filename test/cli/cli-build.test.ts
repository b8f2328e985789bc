import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { copyFixture, PROJECT_ROOT, testEnv } from '../helpers/fixture.ts';
import { snapshot } from '../helpers/folder-snapshot.ts';

const BIN = path.join(PROJECT_ROOT, 'bin/site.mjs');
let root: string;
let remove: () => Promise<void>;

function site(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [BIN, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...testEnv(env) },
    timeout: 60_000,
  });
}

beforeAll(async () => {
  ({ root, remove } = await copyFixture('basic'));
});
afterAll(() => remove());

describe('site build (the command)', () => {
  it('builds, prints the summary and keeps the admin password out of dist', async () => {
    const result = site(['build'], { SITE_ADMIN_PASSWORD: 'Zebra-Quartz-91' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^site build: 9 pages, \d+ files, [\d.]+ kB in dist\n/);
    expect(result.stdout).toMatch(/JavaScript per page: median 0 B, max [\d.]+ kB \(4 of 9 pages load any\)/);
    expect(result.stdout).toMatch(/stages: templates \d+ ms, data \d+ ms, islands \d+ ms, routes \d+ ms, render \d+ ms, assets \d+ ms, emit \d+ ms, check \d+ ms, write \d+ ms/);
    const files = await snapshot(path.join(root, 'dist'));
    for (const file of ['index.html', '404.html', 'sitemap.xml', 'robots.txt', '_headers', '_redirects']) expect(files).toHaveProperty(file);
    const grep = spawnSync('grep', ['-r', 'Zebra-Quartz-91', path.join(root, 'dist')], { encoding: 'utf8' });
    expect(grep.status).toBe(1);
  });

  it('leaves dist byte-for-byte as it was when a data file breaks, and names the file and field', async () => {
    const before = await snapshot(path.join(root, 'dist'));
    const file = path.join(root, 'data/site.json');
    const good = await readFile(file, 'utf8');
    await writeFile(file, good.replace('"name": "Fixture Site"', '"name": 42'));
    try {
      const result = site(['build']);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('[DATA_SCHEMA] data/site.json: name: Invalid input: expected string, received number.');
      expect(result.stderr).toContain('  file:  data/site.json\n  field: name\n  hint:  Change "name" to a string.');
      expect(result.stderr).toContain('The build failed; the previous output is unchanged.');
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(await snapshot(path.join(root, 'dist'))).toEqual(before);
      const leftovers = (await readdir(root)).filter((name) => name.startsWith('.site-'));
      expect(leftovers).toEqual([]);
    } finally {
      await writeFile(file, good);
    }
  });

  it('prints the stack trace only with --debug', async () => {
    const file = path.join(root, 'data/site.json');
    const good = await readFile(file, 'utf8');
    await writeFile(file, '{');
    try {
      const plain = site(['build']);
      const debug = site(['build', '--debug']);
      expect(plain.stderr).toContain('[DATA_JSON_INVALID]');
      expect(plain.stderr).not.toMatch(/\n\s+at /);
      expect(debug.stderr).toMatch(/\n\s+at /);
    } finally {
      await writeFile(file, good);
    }
  });

  it('renders on worker threads to the same bytes as in the main thread', async () => {
    const one = site(['build', '--workers', '1', '--out', 'dist-one']);
    const two = site(['build', '--workers', '2', '--out', 'dist-two']);
    try {
      expect([one.status, two.status, one.stderr, two.stderr]).toEqual([0, 0, '', '']);
      const files = await snapshot(path.join(root, 'dist-one'));
      expect(Object.keys(files).filter((file) => file.endsWith('.html')).length).toBe(9);
      expect(await snapshot(path.join(root, 'dist-two'))).toEqual(files);
    } finally {
      await rm(path.join(root, 'dist-one'), { recursive: true, force: true });
      await rm(path.join(root, 'dist-two'), { recursive: true, force: true });
    }
  });

  it('builds the same bytes from its compiled engine as the engine run from its TypeScript sources', async () => {
    // The command runs the compiled engine, which compiles the templates; this test process runs both as TypeScript.
    const compiled = site(['build', '--workers', '2', '--out', 'dist-compiled']);
    try {
      expect([compiled.status, compiled.stderr]).toEqual([0, '']);
      await build({ root, out: path.join(root, 'dist-source'), env: testEnv() });
      const files = await snapshot(path.join(root, 'dist-source'));
      expect(Object.keys(files).some((file) => file.startsWith('assets/') && file.endsWith('.js'))).toBe(true);
      expect(await snapshot(path.join(root, 'dist-compiled'))).toEqual(files);
    } finally {
      await rm(path.join(root, 'dist-compiled'), { recursive: true, force: true });
      await rm(path.join(root, 'dist-source'), { recursive: true, force: true });
    }
  });

  it('rebuilds over the previous output: a page removed since is gone, and every file is what a build in memory makes', async () => {
    const extra = path.join(root, 'templates/pages/extra.tsx');
    await writeFile(extra, `export function meta() { return { title: 'Extra', description: 'A page the next build no longer has.' }; }\nexport default function Extra() {\n  return <p>extra</p>;\n}\n`);
    try {
      // The second build keeps the first one's output as the spare the third writes over.
      for (let run = 0; run < 2; run++) expect(site(['build', '--out', 'dist-rebuild']).status).toBe(0);
      expect(existsSync(path.join(root, 'dist-rebuild/extra.html'))).toBe(true);
      await rm(extra);
      expect(site(['build', '--out', 'dist-rebuild']).status).toBe(0);
      const inMemory: Record<string, string> = {};
      for (const file of (await build({ root, write: false, env: testEnv() })).files) {
        const bytes = 'source' in file ? await readFile(file.source) : 'contents' in file ? file.contents : undefined;
        inMemory[file.path.split('/').join(path.sep)] = createHash('sha256').update(bytes ?? '').digest('hex');
      }
      expect(inMemory['extra.html']).toBeUndefined();
      expect(await snapshot(path.join(root, 'dist-rebuild'))).toEqual(inMemory);
    } finally {
      await rm(extra, { force: true });
      await rm(path.join(root, 'dist-rebuild'), { recursive: true, force: true });
    }
  });

  it('bundles the assets again when a stylesheet changes', async () => {
    const file = path.join(root, 'templates/styles.css');
    const original = await readFile(file, 'utf8');
    const stylesheet = async () => {
      const assets = await readdir(path.join(root, 'dist-cache/assets'));
      return readFile(path.join(root, 'dist-cache/assets', assets.find((name) => name.endsWith('.css'))!), 'utf8');
    };
    try {
      expect(site(['build', '--out', 'dist-cache']).status).toBe(0);
      expect(await stylesheet()).not.toContain('#0a0b0c');
      await writeFile(file, `${original}\n.cache-test { color: #0a0b0c; }\n`);
      expect(site(['build', '--out', 'dist-cache']).status).toBe(0);
      expect(await stylesheet()).toContain('#0a0b0c');
    } finally {
      await writeFile(file, original);
      await rm(path.join(root, 'dist-cache'), { recursive: true, force: true });
    }
  });

  it('compiles the templates again when a file they import changes, and only then', async () => {
    const file = path.join(root, 'templates/components/frame.tsx');
    const original = await readFile(file, 'utf8');
    expect(site(['build', '--out', 'dist-cache']).status).toBe(0);
    const before = await readFile(path.join(root, 'dist-cache/islands.html'), 'utf8');
    // Unchanged sources: the compiled templates are reused, and the output is the same.
    expect(site(['build', '--out', 'dist-cache']).status).toBe(0);
    expect(await readFile(path.join(root, 'dist-cache/islands.html'), 'utf8')).toBe(before);
    // A component no page file names on its own still counts: the compile recorded every file it read.
    await writeFile(file, original.replace('<a href="/">Home</a>', '<a href="/">Start</a>'));
    try {
      expect(site(['build', '--out', 'dist-cache']).status).toBe(0);
      const after = await readFile(path.join(root, 'dist-cache/islands.html'), 'utf8');
      expect(after).toContain('<a href="/">Start</a>');
      expect(after.replace('Start', 'Home')).toBe(before);
    } finally {
      await writeFile(file, original);
      await rm(path.join(root, 'dist-cache'), { recursive: true, force: true });
    }
  });

  it('holds pages to their HTML budget on every build, a figure kept from the last build used only for the same document and budget', async () => {
    const file = path.join(root, 'templates/site.config.ts');
    const original = await readFile(file, 'utf8');
    const withHtmlBudget = (bytes: number) => writeFile(file, original.replace("csp: { 'img-src'", `budgets: { html: [{ pageFile: 'blog/[slug].tsx', maxBytes: ${bytes} }] },\n  csp: { 'img-src'`));
    const overBudget = (stderr: string) => stderr.split('\n').filter((line) => line.includes('its HTML is'));
    try {
      await withHtmlBudget(12288);
      for (let build = 0; build < 2; build++) expect(site(['build', '--out', 'dist-budget']).status).toBe(0);
      // The same documents under a tighter budget: measured again, and over it.
      await withHtmlBudget(100);
      const tight = site(['build', '--out', 'dist-budget']);
      expect(tight.status).toBe(1);
      // A page over its budget is reported at its level-9 size, as a host sends it: measured, not the quicker figure kept.
      const level9 = async (page: string) => gzipSync(await readFile(path.join(root, 'dist-budget', `${page}.html`)), { level: 9 }).byteLength;
      expect(overBudget(tight.stderr)).toEqual([
        expect.stringMatching(new RegExp(`/blog/first-post: its HTML is 0\\.\\d KB \\(${await level9('blog/first-post')} bytes\\) gzipped; the budget for blog/\\[slug\\]\\.tsx pages is 0\\.1 KB \\(100 bytes\\)\\.$`)),
        expect.stringMatching(new RegExp(`/blog/second-post: its HTML is 0\\.\\d KB \\(${await level9('blog/second-post')} bytes\\)`)),
      ]);
      // Kept from that build, the same figures fail the next one alike.
      expect(overBudget(site(['build', '--out', 'dist-budget']).stderr)).toEqual(overBudget(tight.stderr));
    } finally {
      await writeFile(file, original);
      await rm(path.join(root, 'dist-budget'), { recursive: true, force: true });
    }
  });

  it('names the file and line of a page that does not compile, and leaves dist as it was', async () => {
    const before = await snapshot(path.join(root, 'dist'));
    const file = path.join(root, 'templates/pages/broken.tsx');
    await writeFile(file, `export function meta() { return { title: 'Broken', description: 'Does not compile.' }; }\nexport default function Broken() {\n  return <p>unclosed;\n}\n`);
    try {
      const result = site(['build']);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/\[TEMPLATE_LOAD_FAILED\] templates\/pages\/broken\.tsx:\d+:\d+ failed to compile: /);
      expect(result.stderr).toContain('  file:  templates/pages/broken.tsx');
      expect(await snapshot(path.join(root, 'dist'))).toEqual(before);
    } finally {
      await rm(file);
    }
  });

  it('names the page file when a page fails to render on a worker thread', async () => {
    const file = path.join(root, 'templates/pages/broken.tsx');
    await writeFile(file, `export function meta() { return { title: 'Broken', description: 'Throws.' }; }\nexport default function Broken(): never { throw new Error('the roof is missing'); }\n`);
    try {
      const result = site(['build', '--workers', '2']);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('[RENDER_FAILED] /broken (templates/pages/broken.tsx) failed to render: the roof is missing');
      expect(result.stderr).toContain('  file:  templates/pages/broken.tsx');
    } finally {
      await rm(file);
    }
  });

  it('leaves the previous output whole when a build on worker threads is killed, at any moment', async () => {
    const before = await snapshot(path.join(root, 'dist'));
    const file = path.join(root, 'data/site.json');
    const good = await readFile(file, 'utf8');
    // A changed name, so the output of a build that got as far as its swap differs from the previous one.
    await writeFile(file, good.replace('"name": "Fixture Site"', '"name": "Fixture Site Renamed"'));
    let killed = 0;
    try {
      expect(site(['build', '--workers', '2', '--out', 'dist-renamed']).status).toBe(0);
      const renamed = await snapshot(path.join(root, 'dist-renamed'));
      expect(renamed).not.toEqual(before);
      for (const delayMs of [100, 300, 600, 900, 1200, 1500]) {
        const child = spawn(process.execPath, [BIN, 'build', '--workers', '2'], { cwd: root, env: { PATH: process.env.PATH ?? '', ...testEnv() }, stdio: 'ignore' });
        const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
        const timer = setTimeout(() => child.kill('SIGKILL'), delayMs);
        if ((await exited) === 'SIGKILL') killed++;
        clearTimeout(timer);
        // Whenever the kill lands, dist is one whole output: the previous one, or the new one if the swap was done.
        // Killed between the swap's two renames, the previous output waits aside for the next build to restore it.
        const aside = (await readdir(root)).find((name) => name.startsWith('.site-old-dist-'));
        const now = await snapshot(path.join(root, existsSync(path.join(root, 'dist')) || !aside ? 'dist' : aside));
        expect([before, renamed], `killed after ${delayMs} ms`).toContainEqual(now);
      }
    } finally {
      await writeFile(file, good);
      await rm(path.join(root, 'dist-renamed'), { recursive: true, force: true });
    }
    expect(killed).toBeGreaterThan(0);
    // The next build clears whatever the killed ones left and writes the output again.
    expect(site(['build']).status).toBe(0);
    expect(await snapshot(path.join(root, 'dist'))).toEqual(before);
    expect((await readdir(root)).filter((name) => name.startsWith('.site-'))).toEqual([]);
  });

  it('rejects an --out that would replace the sources', () => {
    const result = site(['build', '--out', 'templates']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('[CONFIG_INVALID]');
  });

  it('rejects a SITE_URL that is not an origin', () => {
    const result = site(['build'], { SITE_URL: 'example.com/path' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('[CONFIG_INVALID] SITE_URL is not an absolute URL');
  });
});
