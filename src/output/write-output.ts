import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eachLimited } from '../bounded-work.ts';
import { SiteError } from '../errors.ts';
import type { OutputFile } from './output-file.ts';
import { BuildOutput } from './build-output.ts';
import { keepAsSpare, makeWay, removeStale, takeSpare, type SpareOutput } from './spare-output.ts';

const BUILD_PREFIX = '.site-build-';
const OLD_PREFIX = '.site-old-';

/**
 * Writes the output into a temporary folder beside `outDir` and swaps it in only once every file is
 * written, so a failed or killed build leaves the previous output as it was.
 */
export async function writeOutputAtomically(outDir: string, files: readonly OutputFile[], options: StagingOptions = {}): Promise<void> {
  const staging = await openStaging(outDir, options);
  await staging.write(BuildOutput.of(files));
  await staging.commit();
}

export interface StagingOptions {
  /**
   * Where the output a build replaces is kept, for the next build to write over instead of making every file
   * anew (see spare-output.ts); without it, the replaced output is deleted. A folder on the output's disk.
   */
  spare?: string;
}

/** The next output, written into a folder beside the current one, which it replaces only on commit. */
export interface Staging {
  dir: string;
  /** Whether the folder holds a previous output (a spare) whose files the new ones are written over. */
  reusing: boolean;
  /**
   * Makes the folders these files go in, for writers that write them themselves (the render threads). The
   * staging folder may hold a previous output: a file at one of these paths is written over.
   */
  makeFolders(paths: readonly string[]): Promise<void>;
  /**
   * Writes the output's files but its page documents, which the render threads wrote as they made them, and those
   * written already; whatever else the folder holds is removed on commit.
   */
  write(output: BuildOutput): Promise<void>;
  /** Swaps the staged output in for the previous one. */
  commit(): Promise<void>;
  /** Removes the staged output: the previous one stays as it was. */
  abort(): Promise<void>;
}

/**
 * Opens a staging folder beside `outDir`. A build that fails aborts it, and one that is killed leaves it to be
 * removed by the next build; either way the previous output is untouched until commit.
 */
export async function openStaging(outDir: string, options: StagingOptions = {}): Promise<Staging> {
  const parent = path.dirname(outDir);
  await mkdir(parent, { recursive: true });
  await recoverInterruptedSwap(outDir);
  await removeLeftovers(parent);
  const dir = path.join(parent, `${BUILD_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}`);
  openHere.add(dir);
  const { spare } = options;
  const taken = spare === undefined ? undefined : await takeSpare(spare, dir);
  if (!taken) await mkdir(dir);
  // The new output, so what else a spare held can be removed before the swap: asked of the output handed to
  // write(), which finds a page's document among its pages, so no build holds a path for each page.
  const written: BuildOutput[] = [];
  const retire = (folder: string) => (spare === undefined ? rm(folder, { recursive: true, force: true }) : keepAsSpare(folder, spare));
  const abort = async () => {
    await retire(dir);
    openHere.delete(dir);
  };
  const prepare = async (paths: readonly string[]) => {
    if (taken) await makeWay(dir, taken, paths);
    await makeFolders(dir, paths);
  };
  const guarded =
    <A extends unknown[]>(step: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      try {
        await step(...args);
      } catch (error) {
        await abort();
        if (error instanceof SiteError) throw error;
        const message = error instanceof Error ? error.message : String(error);
        throw new SiteError('OUTPUT_FAILED', `Writing ${outDir} failed: ${message}. The previous output is unchanged.`, { cause: error });
      }
    };
  return {
    dir,
    reusing: taken !== undefined,
    makeFolders: guarded(prepare),
    write: guarded(async (output: BuildOutput) => {
      written.push(output);
      const unwritten = output.others.filter((file) => !('written' in file));
      await prepare(unwritten.map((file) => file.path));
      await writeAll(dir, unwritten);
    }),
    commit: guarded(async () => {
      if (taken) await removeStale(dir, taken, { has: (file) => written.some((output) => output.has(file)) });
      await swapIn(dir, outDir, retire);
      openHere.delete(dir);
    }),
    abort,
  };
}

/** Files written at once: enough to keep the disk and libuv's four threads busy, few enough to bound open files. */
const WRITE_CONCURRENCY = 32;

/**
 * Writes the files several at a time, into folders made already: one after another, a 10,000-page site spent
 * most of its write stage waiting.
 */
async function writeAll(staging: string, files: readonly OutputFile[]): Promise<void> {
  await eachLimited(files, WRITE_CONCURRENCY, async (file) => {
    const target = targetOf(staging, file.path);
    if ('source' in file) await copyFile(file.source, target);
    else if ('contents' in file) await writeFile(target, file.contents);
  });
}

const targetOf = (staging: string, file: string): string => path.join(staging, ...file.split('/'));

async function makeFolders(staging: string, files: readonly string[]): Promise<void> {
  for (const folder of [...new Set(files.map((file) => path.dirname(targetOf(staging, file))))].sort()) await mkdir(folder, { recursive: true });
}

/** Two renames: the old output steps aside, the new one takes its name, then the old one is retired. */
async function swapIn(staging: string, outDir: string, retire: (old: string) => Promise<void>): Promise<void> {
  const old = path.join(path.dirname(outDir), `${OLD_PREFIX}${path.basename(outDir)}-${randomBytes(6).toString('hex')}`);
  const hadOutput = await exists(outDir);
  if (hadOutput) await rename(outDir, old);
  try {
    await rename(staging, outDir);
  } catch (error) {
    if (hadOutput) await rename(old, outDir);
    throw error;
  }
  if (hadOutput) await retire(old);
}

/**
 * Old outputs a killed build left aside (see swapIn). Killed between the two renames, it left no output: the newest
 * old one is put back. Killed after them, before the old one was retired, it left the new output and the old one
 * beside it, which nothing else would ever remove: those go.
 */
async function recoverInterruptedSwap(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const prefix = `${OLD_PREFIX}${path.basename(outDir)}-`;
  const candidates = (await readdir(parent)).filter((name) => name.startsWith(prefix));
  if (candidates.length === 0) return;
  if (!(await exists(outDir))) {
    const newest = await Promise.all(candidates.map(async (name) => ({ name, time: (await stat(path.join(parent, name))).mtimeMs })));
    newest.sort((a, b) => b.time - a.time);
    await rename(path.join(parent, newest[0]!.name), outDir);
    candidates.splice(candidates.indexOf(newest[0]!.name), 1);
  }
  for (const name of candidates) await rm(path.join(parent, name), { recursive: true, force: true });
}

/** The staging folders this process has open, which are never leftovers. */
const openHere = new Set<string>();

/**
 * Removes the staging folders killed builds left in `parent`. A staging folder is named after the process that
 * builds into it: one of another live process is left alone, since builds of two outputs in one folder (`dist`
 * and `dist-preview`, say) may run at once, and each must not take the other's half-written output away.
 */
async function removeLeftovers(parent: string): Promise<void> {
  for (const name of await readdir(parent)) {
    if (!name.startsWith(BUILD_PREFIX)) continue;
    const folder = path.join(parent, name);
    const pid = Number(/^(\d+)-/.exec(name.slice(BUILD_PREFIX.length))?.[1]);
    const building = pid === process.pid ? openHere.has(folder) : Number.isSafeInteger(pid) && pid > 0 && isRunning(pid);
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
