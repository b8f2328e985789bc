import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, PROJECT_ROOT, testEnv } from '../helpers/fixture.ts';

const BIN = path.join(PROJECT_ROOT, 'bin/site.mjs');
let root: string;
let remove: () => Promise<void>;
let child: ChildProcess;
let output = '';
let baseUrl = '';

/** Polls until `check` returns a value, at most `tries` times; the loop always ends. */
async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, tries = 150): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`gave up waiting; server output:\n${output}`);
}

async function fetchText(pathname: string): Promise<string> {
  const response = await fetch(baseUrl + pathname);
  return response.text();
}

beforeAll(async () => {
  ({ root, remove } = await copyFixture('basic'));
  child = spawn(process.execPath, [BIN, 'serve', '--watch', '--port', '0'], { cwd: root, env: { PATH: process.env.PATH ?? '', ...testEnv() } });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  baseUrl = await eventually(() => /Serving \S+ at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]);
});

afterAll(async () => {
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
    const events: string[] = [];
    let request: http.ClientRequest | undefined;
    // Connected before the change, so the reload event cannot be missed.
    await new Promise<void>((resolve, reject) => {
      request = http.get(`${baseUrl}/__site/livereload`, (response) => {
        response.on('data', (chunk) => events.push(String(chunk)));
        resolve();
      });
      request.on('error', reject);
    });
    const file = path.join(root, 'data/site.json');
    await writeFile(file, (await readFile(file, 'utf8')).replace('"Fixture Site"', '"Renamed Site"'));
    await eventually(async () => ((await fetchText('/')).includes('<h1>Renamed Site</h1>') ? true : undefined));
    await eventually(() => (events.join('').includes('event: reload') ? true : undefined));
    request?.destroy();
  });

  it('keeps serving the last good build when a rebuild fails, and prints the error', async () => {
    const file = path.join(root, 'data/site.json');
    await writeFile(file, '{ "name": ');
    await eventually(() => (output.includes('Rebuild failed: still serving the last good build.') ? true : undefined));
    expect(output).toContain('[DATA_JSON_INVALID] data/site.json');
    expect(await fetchText('/')).toContain('<h1>Renamed Site</h1>');
  });
});
