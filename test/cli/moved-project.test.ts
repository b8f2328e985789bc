import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: bin/ is plain JavaScript with no declarations; engineFolder(packageDir) returns a path.
import { engineFolder } from '../../bin/engine-bundle.mjs';
import { PROJECT_ROOT, tempDir, testEnv } from '../helpers/fixture.ts';

const copy = await tempDir('moved-project');
afterAll(() => copy.remove());

describe('a project copied or moved with its node_modules', () => {
  it('compiles and runs its own engine, not the one compiled for the old place', async () => {
    // The original's compiled engine, as it would be in a copied node_modules/.cache. (The copy sits inside the
    // project, so its packages resolve from the project's node_modules.)
    const site = (cwd: string, args: string[]) =>
      spawnSync(process.execPath, [path.join(cwd, 'bin/site.mjs'), ...args], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...testEnv() }, timeout: 120_000 });
    expect(site(PROJECT_ROOT, ['--help']).status).toBe(0);
    const original = engineFolder(PROJECT_ROOT) as string;
    expect(existsSync(path.join(original, 'cli.js'))).toBe(true);
    for (const entry of ['package.json', 'tsconfig.json', 'bin', 'src', 'templates', 'data', 'public']) {
      await cp(path.join(PROJECT_ROOT, entry), path.join(copy.dir, entry), { recursive: true });
    }
    await cp(original, path.join(copy.dir, path.relative(PROJECT_ROOT, original)), { recursive: true });

    const result = site(copy.dir, ['build']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^site build: \d+ pages/);
    const moved = engineFolder(copy.dir) as string;
    expect(moved).not.toBe(path.join(copy.dir, path.relative(PROJECT_ROOT, original)));
    // The copy's engine finds its client scripts and workers in the copy, and nothing in the old place.
    const files = (await readdir(moved, { recursive: true })).filter((file) => file.endsWith('.js'));
    const bundle = (await Promise.all(files.map((file) => readFile(path.join(moved, file), 'utf8')))).join('\n');
    expect(bundle).toContain(JSON.stringify(path.join(copy.dir, 'src')));
    expect(bundle).not.toContain(JSON.stringify(path.join(PROJECT_ROOT, 'src')));
  });
});
