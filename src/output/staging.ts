import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from '../core/errors.ts';
import type { OutputFile } from '../core/output-file.ts';
import { linkFile, placeFile } from './place-file.ts';

const BUILD_PREFIX = '.site-build-';
const OLD_PREFIX = '.site-old-';

/** The next output, written into a folder beside the current one, which it replaces only on commit. */
export interface Staging {
  dir: string;
  /** The output it replaces, if there is one: its unchanged files are linked rather than written (see placeFile). */
  previous: string | undefined;
  /** Writes `files` (the rest of the output: pages are placed as they are made, see placeFile), then swaps the
   * staged output in for the previous one, which is then removed. */
  commit(files?: readonly OutputFile[]): Promise<void>;
  /** Removes the staged output: the previous one stays as it was. */
  abort(): Promise<void>;
}

/**
 * Opens a staging folder beside `outDir`. A build that fails aborts it, and one that is killed leaves it for the
 * next build to remove; either way the previous output is untouched until commit.
 */
export async function openStaging(outDir: string): Promise<Staging> {
  const parent = path.dirname(outDir);
  await mkdir(parent, { recursive: true });
  await recoverInterruptedSwap(outDir);
  await removeLeftovers(parent);
  const dir = path.join(parent, `${BUILD_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}`);
  await mkdir(dir);
  openHere.add(dir);
  const previous = (await exists(outDir)) ? outDir : undefined;
  const abort = async () => {
    await rm(dir, { recursive: true, force: true });
    openHere.delete(dir);
  };
  const guarded = (step: () => Promise<void>) =>
    step().catch(async (error: unknown) => {
      await abort();
      throw outputFailed(outDir, error);
    });
  const write = async (files: readonly OutputFile[]) => {
    for (const file of files) {
      if ('link' in file && file.link) linkFile(dir, file.path, file.source);
      else {
        placeFile(dir, file.path, 'source' in file ? readFileSync(file.source) : Buffer.from(file.contents), previous);
      }
    }
  };
  return {
    dir,
    previous,
    commit: (files = []) =>
      guarded(async () => {
        await write(files);
        await swapIn(dir, outDir);
        openHere.delete(dir);
      }),
    abort,
  };
}

/** OUTPUT_FAILED naming the output, unless the error is one of the build's own. */
function outputFailed(outDir: string, error: unknown): SiteError {
  if (error instanceof SiteError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new SiteError('OUTPUT_FAILED', `Writing ${outDir} failed: ${message}. The previous output is unchanged.`, {
    cause: error,
  });
}

/** Two renames: the old output steps aside, the new one takes its name; then the old one is removed. */
async function swapIn(staging: string, outDir: string): Promise<void> {
  const old = path.join(
    path.dirname(outDir),
    `${OLD_PREFIX}${path.basename(outDir)}-${randomBytes(6).toString('hex')}`,
  );
  const hadOutput = await exists(outDir);
  if (hadOutput) await rename(outDir, old);
  try {
    await rename(staging, outDir);
  } catch (error) {
    if (hadOutput) await rename(old, outDir);
    throw error;
  }
  if (hadOutput) await rm(old, { recursive: true, force: true });
}

/**
 * Old outputs a killed build left aside (see swapIn). Killed between the two renames, it left no output: the newest
 * old one is put back. Killed after them, it left the new output and the old one beside it: the old one goes.
 */
async function recoverInterruptedSwap(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const prefix = `${OLD_PREFIX}${path.basename(outDir)}-`;
  // This output's own: `dist-preview`'s old copies start like `dist`'s, and are another build's to recover.
  const candidates = (await readdir(parent)).filter(
    (name) => name.startsWith(prefix) && /^[0-9a-f]{12}$/.test(name.slice(prefix.length)),
  );
  if (candidates.length === 0) return;
  if (!(await exists(outDir))) {
    const dated = await Promise.all(
      candidates.map(async (name) => ({ name, time: (await stat(path.join(parent, name))).mtimeMs })),
    );
    const newest = dated.sort((a, b) => b.time - a.time)[0]!.name;
    await rename(path.join(parent, newest), outDir);
    candidates.splice(candidates.indexOf(newest), 1);
  }
  for (const name of candidates) await rm(path.join(parent, name), { recursive: true, force: true });
}

/** The staging folders this process has open, which are never leftovers. */
const openHere = new Set<string>();

/**
 * Removes the staging folders killed builds left in `parent`. One of another live process is left alone: builds of
 * two outputs in one folder (`dist` and `dist-preview`) may run at once.
 */
async function removeLeftovers(parent: string): Promise<void> {
  for (const name of await readdir(parent)) {
    if (!name.startsWith(BUILD_PREFIX)) continue;
    const folder = path.join(parent, name);
    const pid = Number(/^(\d+)-/.exec(name.slice(BUILD_PREFIX.length))?.[1]);
    const building =
      pid === process.pid ? openHere.has(folder) : Number.isSafeInteger(pid) && pid > 0 && isRunning(pid);
    if (!building) await rm(folder, { recursive: true, force: true });
  }
}

/** Whether a process with this id is running (one of another user's too: signal 0 only asks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
