// The compiled engine holds no absolute path (bin/compile-engine.mjs): a project moved or renamed with its
// node_modules runs the engine compiled before the move, as it is, and reads the files of its new place. One
// installed with --ignore-scripts has none: its first command compiles it, saying so in one line.
import { spawnSync } from 'node:child_process';
import { cp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE_FOLDER } from '../../bin/compile-engine.mjs';
import { COMPILED_ENGINE } from '../../src/core/engine-folder.mjs';
import { PROJECT_ROOT, tempDir, testEnv } from '../helpers/fixture.ts';

const copy = await tempDir('moved-project');
afterAll(() => copy.remove());

/** `site` as the copy's own bin runs it, in the copy. */
const site = (args: string[]) =>
  spawnSync(process.execPath, [path.join(copy.dir, 'bin/site.mjs'), ...args], {
    cwd: copy.dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...testEnv() },
    timeout: 120_000,
  });

/** Each file of a folder by its path, with its modification time. */
async function filesWithTimes(dir: string): Promise<Record<string, number>> {
  const names = (await readdir(dir, { recursive: true })).sort();
  return Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, (await stat(path.join(dir, name))).mtimeMs])),
  );
}

describe('a project moved with its node_modules', () => {
  // The project's files and its compiled engine, as a move takes them. (The copy sits inside the project, so its
  // packages resolve from the project's node_modules.)
  const moved = path.join(copy.dir, COMPILED_ENGINE);

  it('runs the engine compiled before the move, unchanged, on the files of its new place', async () => {
    for (const entry of ['package.json', 'tsconfig.json', 'bin', 'src', 'templates', 'data', 'public']) {
      await cp(path.join(PROJECT_ROOT, entry), path.join(copy.dir, entry), { recursive: true });
    }
    // Its files only: the folder may also hold engines of the layout before, compiled per hash of the sources.
    await cp(ENGINE_FOLDER, moved, {
      recursive: true,
      preserveTimestamps: true,
      filter: (file) => file === ENGINE_FOLDER || (path.dirname(file) === ENGINE_FOLDER && file.endsWith('.js')),
    });
    // The old place's path appears nowhere in the bundle.
    const names = (await readdir(moved)).filter((name) => name.endsWith('.js'));
    expect(names).toEqual(expect.arrayContaining(['cli.js', 'engine-files.js', 'check-worker.js']));
    for (const name of names) expect(await readFile(path.join(moved, name), 'utf8')).not.toContain(PROJECT_ROOT);
    // A mark in the copy's own src/: the build links that stylesheet into the output as it is.
    const stylesheet = path.join(copy.dir, 'src/client/editor.css');
    await writeFile(stylesheet, `${await readFile(stylesheet, 'utf8')}\n/* the moved project's own */\n`);
    const before = await filesWithTimes(moved);

    const result = site(['build', '--out', 'dist']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^site build: \d+ pages/);
    // Not compiled again: every file of the engine as it was moved.
    expect(await filesWithTimes(moved)).toEqual(before);
    const output = (await readdir(path.join(copy.dir, 'dist'), { recursive: true })).filter((name) =>
      name.endsWith('editor.css'),
    );
    expect(output).toHaveLength(1);
    expect(await readFile(path.join(copy.dir, 'dist', output[0]!), 'utf8')).toContain("/* the moved project's own */");
  });

  it('compiles the engine once, saying so in one line, when it was never compiled (npm ci --ignore-scripts)', async () => {
    await rm(moved, { recursive: true, force: true });
    const first = site(['--version']);
    expect(first.status).toBe(0);
    expect(first.stderr).toBe(`site: compiling the engine into ${COMPILED_ENGINE} (once: npm ci does it at install)\n`);
    const second = site(['--version']);
    expect(second.status).toBe(0);
    expect(second.stderr).toBe('');
    expect(second.stdout).toBe(first.stdout);
  });
});
