import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, utimes } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledEngine } from '../../bin/engine-bundle.mjs';
import { PROJECT_ROOT, tempDir, testEnv } from '../helpers/fixture.ts';

const copy = await tempDir('moved-project');
const HOUR = 60 * 60 * 1000;
afterAll(() => copy.remove());

describe('a project copied or moved with its node_modules', () => {
  it('compiles and runs its own engine, not the one compiled for the old place, which goes once unused for a day', async () => {
    const site = (cwd: string, args: string[]) =>
      spawnSync(process.execPath, [path.join(cwd, 'bin/site.mjs'), ...args], {
        cwd,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', ...testEnv() },
        timeout: 120_000,
      });
    // The original's compiled engine goes into the copy's node_modules/.cache, as a copy or move would take it.
    // (The copy sits inside the project, so its packages resolve from the project's node_modules.)
    const original = await compiledEngine();
    expect(existsSync(path.join(original, 'cli.js'))).toBe(true);
    for (const entry of ['package.json', 'tsconfig.json', 'bin', 'src', 'templates', 'data', 'public']) {
      await cp(path.join(PROJECT_ROOT, entry), path.join(copy.dir, entry), { recursive: true });
    }
    const copied = path.join(copy.dir, path.relative(PROJECT_ROOT, original));
    await cp(original, copied, { recursive: true });
    // Unused for two days, it goes once the copy compiles its own; one used an hour ago (a build may still run it) stays.
    const recent = path.join(path.dirname(copied), 'an-engine-used-an-hour-ago');
    await mkdir(recent);
    await utimes(copied, new Date(Date.now() - 48 * HOUR), new Date(Date.now() - 48 * HOUR));
    await utimes(recent, new Date(Date.now() - HOUR), new Date(Date.now() - HOUR));

    const result = site(copy.dir, ['build']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^site build: \d+ pages/);
    // The copy's own bin names its engine, compiled by the build above.
    const copysBundle = (await import(
      pathToFileURL(path.join(copy.dir, 'bin/engine-bundle.mjs')).href
    )) as typeof import('../../bin/engine-bundle.mjs');
    const moved = await copysBundle.compiledEngine();
    expect(moved).not.toBe(copied);
    expect((await readdir(path.dirname(moved))).sort()).toEqual([path.basename(moved), path.basename(recent)].sort());
    // The copy's engine finds its client scripts and workers in the copy, and nothing in the old place.
    const files = (await readdir(moved, { recursive: true })).filter((file) => file.endsWith('.js'));
    const bundle = (await Promise.all(files.map((file) => readFile(path.join(moved, file), 'utf8')))).join('\n');
    expect(bundle).toContain(JSON.stringify(path.join(copy.dir, 'src')));
    expect(bundle).not.toContain(JSON.stringify(path.join(PROJECT_ROOT, 'src')));
  });
});
