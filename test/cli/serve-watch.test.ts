import { type ChildProcess, spawn } from 'node:child_process';
import { appendFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, PROJECT_ROOT, testEnv } from '../helpers/fixture.ts';

const BIN = path.join(PROJECT_ROOT, 'bin/site.mjs');
let root: string;
let remove: () => Promise<void>;
let child: ChildProcess;
let output = '';
let baseUrl = '';
/** Everything the live-reload stream sent, from before the first change on. */
let events = '';
let stream: http.ClientRequest | undefined;

/** Polls until `check` returns a value, at most `tries` times 50 ms apart; the loop always ends. */
async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, tries = 600): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting; server output:\n${output}`);
}

async function fetchText(pathname: string): Promise<string> {
  const response = await fetch(baseUrl + pathname);
  return response.text();
}

const count = (text: string, part: string): number => text.split(part).length - 1;

/** Makes `change`, then waits for a finished rebuild, a reload event and `seen` to hold, as an open page would. */
async function expectRebuild(change: () => Promise<void>, seen: () => Promise<boolean>): Promise<void> {
  const [builds, reloads] = [count(output, 'site build: '), count(events, 'event: reload')];
  await change();
  await eventually(async () =>
    count(output, 'site build: ') > builds && count(events, 'event: reload') > reloads && (await seen())
      ? true
      : undefined,
  );
}

/** Makes `change`, then waits until the rebuild it causes is reported failed. */
async function expectFailedRebuild(change: () => Promise<void>): Promise<void> {
  const failures = count(output, 'Rebuild failed: still serving the last good build.');
  await change();
  await eventually(() =>
    count(output, 'Rebuild failed: still serving the last good build.') > failures ? true : undefined,
  );
}

/** Saves the way vim and JetBrains IDEs do: a new file written beside the old one, then renamed over it. */
async function saveByRename(file: string, text: string): Promise<void> {
  await writeFile(`${file}.tmp`, text);
  await rename(`${file}.tmp`, file);
}

beforeAll(async () => {
  ({ root, remove } = await copyFixture('basic'));
  child = spawn(process.execPath, [BIN, 'serve', '--watch', '--port', '0'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...testEnv() },
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  baseUrl = await eventually(() => /Serving \S+ at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]);
  // Connected before any change, so no reload event can be missed.
  await new Promise<void>((resolve, reject) => {
    stream = http.get(`${baseUrl}/__site/livereload`, (response) => {
      response.on('data', (chunk) => (events += String(chunk)));
      resolve();
    });
    stream.on('error', reject);
  });
});

afterAll(async () => {
  stream?.destroy();
  child?.kill('SIGTERM');
  await new Promise((resolve) => child?.once('exit', resolve));
  await remove();
});

describe('site serve --watch', () => {
  it('builds first, then serves the build with the live-reload script', async () => {
    const html = await fetchText('/');
    expect(html).toContain('<h1>Fixture Site</h1>');
    expect(html).toContain('<script src="/__site/livereload.js" defer></script>');
  });

  it('rebuilds on a data change and tells open pages to reload', async () => {
    const file = path.join(root, 'data/site.json');
    const text = await readFile(file, 'utf8');
    await expectRebuild(
      () => writeFile(file, text.replace('"Fixture Site"', '"Renamed Site"')),
      async () => (await fetchText('/')).includes('<h1>Renamed Site</h1>'),
    );
  });

  it('sees a file saved by a rename, then the same file edited in place, then a file added and deleted', async () => {
    const post = path.join(root, 'data/posts/first-post.md');
    const text = await readFile(post, 'utf8');
    await expectRebuild(
      () => saveByRename(post, text.replace("The first post's body.", 'Saved by a rename.')),
      async () => (await fetchText('/blog/first-post')).includes('Saved by a rename.'),
    );
    // Node 20's recursive fs.watch loses a file once it was renamed over: this edit was never seen.
    await expectRebuild(
      () => appendFile(post, ' Then appended in place.'),
      async () => (await fetchText('/blog/first-post')).includes('Then appended in place.'),
    );
    const added = path.join(root, 'data/posts/third-post.md');
    await expectRebuild(
      () => writeFile(added, '---\ntitle: Third post\ndate: "2025-05-06"\n---\nA new post.\n'),
      async () => (await fetchText('/')).includes('Third post'),
    );
    await expectRebuild(
      () => rm(added),
      async () =>
        !(await fetchText('/')).includes('Third post') && (await fetch(`${baseUrl}/blog/third-post`)).status === 404,
    );
  });

  it('sees a new folder in public/, and later edits of the files in it', async () => {
    const folder = path.join(root, 'public/notes');
    await expectRebuild(
      async () => {
        await mkdir(folder);
        await writeFile(path.join(folder, 'note.txt'), 'first note');
      },
      async () => (await fetchText('/notes/note.txt')) === 'first note',
    );
    await expectRebuild(
      () => appendFile(path.join(folder, 'note.txt'), ', edited'),
      async () => (await fetchText('/notes/note.txt')) === 'first note, edited',
    );
    await expectRebuild(
      () => writeFile(path.join(root, 'public/hello.txt'), 'hello again'),
      async () => (await fetchText('/hello.txt')) === 'hello again',
    );
  });

  it('builds every change of the templates with the templates as they are now', async () => {
    const page = path.join(root, 'templates/pages/index.tsx');
    const text = await readFile(page, 'utf8');
    await expectRebuild(
      () => saveByRename(page, text.replace('<h2 id="posts">Posts</h2>', '<h2 id="posts">All posts</h2>')),
      async () => (await fetchText('/')).includes('>All posts</h2>'),
    );
    await expectRebuild(
      () => writeFile(page, text.replace('<h2 id="posts">Posts</h2>', '<h2 id="posts">Every post</h2>')),
      async () => (await fetchText('/')).includes('>Every post</h2>'),
    );
  });

  it('survives a template that throws, and one that ends its build process, and builds once they are fixed', async () => {
    const page = path.join(root, 'templates/pages/index.tsx');
    const good = await readFile(page, 'utf8');
    const broken = (statement: string) =>
      good.replace(
        'export default function Home({ data, site }: Context) {',
        `export default function Home({ data, site }: Context) {\n  ${statement}`,
      );
    await expectFailedRebuild(() => writeFile(page, broken("throw new Error('the home page broke');")));
    expect(output).toContain('the home page broke');
    expect(await fetchText('/')).toContain('>Every post</h2>');
    await expectFailedRebuild(() => writeFile(page, broken('process.exit(3);')));
    expect(output).toContain('The build process stopped before the build finished.');
    expect(await fetchText('/')).toContain('>Every post</h2>');
    await expectRebuild(
      () => writeFile(page, good.replace('>Every post</h2>', '>Fixed posts</h2>')),
      async () => (await fetchText('/')).includes('>Fixed posts</h2>'),
    );
  });

  it('keeps serving the last good build when a rebuild fails, and prints the error', async () => {
    await expectFailedRebuild(() => writeFile(path.join(root, 'data/site.json'), '{ "name": '));
    expect(output).toContain('[DATA_JSON_INVALID] data/site.json');
    expect(await fetchText('/')).toContain('<h1>Renamed Site</h1>');
  });
});
