import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type RunningServer, startServer } from '../helpers/engine.ts';
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

/** Each file of a folder with its SHA-256 and inode, by its path with `/`. */
async function filesWithInodes(dir: string): Promise<Record<string, { sha256: string; inode: number }>> {
  const files: Record<string, { sha256: string; inode: number }> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file).split(path.sep).join('/')] = {
      sha256: createHash('sha256')
        .update(await readFile(file))
        .digest('hex'),
      inode: (await stat(file)).ino,
    };
  }
  return files;
}

/** A GET whose reading stops after its first bytes arrive, until finish() reads the rest and resolves to all it received. */
async function stalledDownload(url: string): Promise<{ finish(): Promise<Buffer> }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      const chunks: Buffer[] = [];
      // What arrived, whole or cut short (a response shorter than its Content-Length is aborted).
      const ended = new Promise<Buffer>((done) => response.on('close', () => done(Buffer.concat(chunks))));
      response.on('error', () => {});
      response.once('data', () => {
        response.pause();
        resolve({
          finish() {
            response.resume();
            return ended;
          },
        });
      });
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
    });
    request.on('error', reject);
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
    expect(result.stdout).toMatch(
      /\n  stages: load \d+ ms, routes \d+ ms, bundle \d+ ms, pages \d+ ms, emit \d+ ms, check \d+ ms, photos \d+ ms, write \d+ ms, report \d+ ms\n/,
    );
    const files = await snapshot(path.join(root, 'dist'));
    for (const file of ['index.html', '404.html', 'sitemap.xml', 'robots.txt', '_headers', '_redirects']) {
      expect(files).toHaveProperty(file);
    }
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
      expect(result.stderr).toContain(
        '[DATA_SCHEMA] data/site.json: name: Invalid input: expected string, received number.',
      );
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

  it('rebuilds by linking the files that did not change and writing those that did, removes a page gone since, and never changes a file a server is still sending', async () => {
    const out = path.join(root, 'dist-rebuild');
    const extra = path.join(root, 'templates/pages/extra.tsx');
    const post = path.join(root, 'data/posts/first-post.md');
    const video = path.join(root, 'public/clip.mp4');
    const originalPost = await readFile(post, 'utf8');
    // Streamed from disk rather than held in memory (not compressible), and larger than the socket buffers, so
    // most of it is still to be read from the old output's file when the rebuild swaps the folder.
    const oldVideo = Buffer.alloc(16 * 1024 * 1024, 'a');
    const newVideo = Buffer.alloc(oldVideo.length, 'b');
    await writeFile(
      extra,
      `export function meta() { return { title: 'Extra', description: 'A page the next build no longer has.' }; }\nexport default function Extra() {\n  return <p>extra</p>;\n}\n`,
    );
    await writeFile(video, oldVideo);
    let server: RunningServer | undefined;
    try {
      expect(site(['build', '--out', 'dist-rebuild']).status).toBe(0);
      expect(existsSync(path.join(out, 'extra.html'))).toBe(true);
      const before = await filesWithInodes(out);
      server = await startServer({ dir: out, port: 0, host: '127.0.0.1', log: () => {} });
      const download = await stalledDownload(`${server.url}/clip.mp4`);

      await rm(extra);
      await writeFile(post, originalPost.replace("The first post's body.", "The first post's body, revised."));
      await writeFile(video, newVideo);
      const rebuild = site(['build', '--out', 'dist-rebuild']);
      expect([rebuild.status, rebuild.stderr]).toEqual([0, '']);
      const after = await filesWithInodes(out);

      // Every file is what a build in memory makes; the page removed since is gone.
      const inMemory: Record<string, string> = {};
      for (const file of (await build({ root, write: false, env: testEnv() })).files) {
        const bytes = 'source' in file ? await readFile(file.source) : file.contents;
        inMemory[file.path] = createHash('sha256').update(bytes).digest('hex');
      }
      expect(inMemory['extra.html']).toBeUndefined();
      expect(Object.fromEntries(Object.entries(after).map(([file, { sha256 }]) => [file, sha256]))).toEqual(inMemory);

      // An unchanged file is the previous output's file under a second name; a changed one is a new file.
      const changed = Object.keys(after).filter((file) => before[file]?.sha256 !== after[file]!.sha256);
      expect(changed).toEqual(expect.arrayContaining(['blog/first-post.html', 'clip.mp4', 'sitemap.xml']));
      expect(Object.keys(after).length - changed.length).toBeGreaterThan(10);
      for (const [file, { inode }] of Object.entries(after)) {
        if (changed.includes(file)) expect(inode, `${file} changed`).not.toBe(before[file]?.inode);
        else expect(inode, `${file} unchanged`).toBe(before[file]!.inode);
      }

      // The download begun before the rebuild ends with the old bytes, every one; a new request gets the new ones.
      const sent = await download.finish();
      expect(sent.length).toBe(oldVideo.length);
      expect(sent.equals(oldVideo)).toBe(true);
      expect(Buffer.from(await (await fetch(`${server.url}/clip.mp4`)).arrayBuffer()).equals(newVideo)).toBe(true);
      expect((await readdir(root)).filter((name) => name.startsWith('.site-'))).toEqual([]);
    } finally {
      await server?.close();
      await writeFile(post, originalPost);
      await rm(extra, { force: true });
      await rm(video, { force: true });
      await rm(out, { recursive: true, force: true });
    }
  });

  it('bundles the assets again when a stylesheet changes', async () => {
    const file = path.join(root, 'templates/styles.css');
    const original = await readFile(file, 'utf8');
    const stylesheet = async () => {
      const assets = await readdir(path.join(root, 'dist-cache/assets'));
      return readFile(
        path.join(
          root,
          'dist-cache/assets',
          assets.find((name) => name.endsWith('.css'))!,
        ),
        'utf8',
      );
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

  it('holds pages to their HTML budget, naming each page over it at its level-9 size, on every build', async () => {
    const file = path.join(root, 'templates/site.config.ts');
    const original = await readFile(file, 'utf8');
    const withHtmlBudget = (bytes: number) =>
      writeFile(
        file,
        original.replace(
          "csp: { 'img-src'",
          `budgets: { html: [{ pageFile: 'blog/[slug].tsx', maxBytes: ${bytes} }] },\n  csp: { 'img-src'`,
        ),
      );
    const overBudget = (stderr: string) => stderr.split('\n').filter((line) => line.includes('its HTML is'));
    try {
      await withHtmlBudget(12288);
      expect(site(['build', '--out', 'dist-budget']).status).toBe(0);
      // The same documents under a tighter budget: over it.
      await withHtmlBudget(100);
      const tight = site(['build', '--out', 'dist-budget']);
      expect(tight.status).toBe(1);
      // A page over its budget is reported at its level-9 size, as a host sends it, not at a quicker figure.
      const level9 = async (page: string) =>
        gzipSync(await readFile(path.join(root, 'dist-budget', `${page}.html`)), { level: 9 }).byteLength;
      expect(overBudget(tight.stderr)).toEqual([
        expect.stringMatching(
          new RegExp(
            `/blog/first-post: its HTML is 0\\.\\d KB \\(${await level9(
              'blog/first-post',
            )} bytes\\) gzipped; the budget for blog/\\[slug\\]\\.tsx pages is 0\\.1 KB \\(100 bytes\\)\\.$`,
          ),
        ),
        expect.stringMatching(
          new RegExp(`/blog/second-post: its HTML is 0\\.\\d KB \\(${await level9('blog/second-post')} bytes\\)`),
        ),
      ]);
      // The next build with nothing changed fails alike.
      expect(overBudget(site(['build', '--out', 'dist-budget']).stderr)).toEqual(overBudget(tight.stderr));
    } finally {
      await writeFile(file, original);
      await rm(path.join(root, 'dist-budget'), { recursive: true, force: true });
    }
  });

  it('names the file and line of a page that does not compile, and leaves dist as it was', async () => {
    const before = await snapshot(path.join(root, 'dist'));
    const file = path.join(root, 'templates/pages/broken.tsx');
    await writeFile(
      file,
      `export function meta() { return { title: 'Broken', description: 'Does not compile.' }; }\nexport default function Broken() {\n  return <p>unclosed;\n}\n`,
    );
    try {
      const result = site(['build']);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(
        /\[TEMPLATE_LOAD_FAILED\] templates\/pages\/broken\.tsx:\d+:\d+ failed to compile: /,
      );
      expect(result.stderr).toContain('  file:  templates/pages/broken.tsx');
      expect(await snapshot(path.join(root, 'dist'))).toEqual(before);
    } finally {
      await rm(file);
    }
  });

  it('names the page file when a page fails to render on a worker thread', async () => {
    const file = path.join(root, 'templates/pages/broken.tsx');
    await writeFile(
      file,
      `export function meta() { return { title: 'Broken', description: 'Throws.' }; }\nexport default function Broken(): never { throw new Error('the roof is missing'); }\n`,
    );
    try {
      const result = site(['build', '--workers', '2']);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        '[RENDER_FAILED] /broken (templates/pages/broken.tsx) failed to render: the roof is missing',
      );
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
        const child = spawn(process.execPath, [BIN, 'build', '--workers', '2'], {
          cwd: root,
          env: { PATH: process.env.PATH ?? '', ...testEnv() },
          stdio: 'ignore',
        });
        const exited = new Promise<NodeJS.Signals | null>((resolve) =>
          child.on('exit', (_code, signal) => resolve(signal)),
        );
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

  it('prints the version of the package with --version and -v', async () => {
    const { version } = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    for (const flag of ['--version', '-v']) {
      const result = site([flag]);
      expect(result.status).toBe(0);
      expect(result.stdout).toBe(`${version}\n`);
    }
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
