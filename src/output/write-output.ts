import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eachLimited } from '../bounded-work.ts';
import { SiteError } from '../errors.ts';
import type { OutputFile } from './output-file.ts';

const BUILD_PREFIX = '.site-build-';
const OLD_PREFIX = '.site-old-';

/**
 * Writes the output into a temporary folder beside `outDir` and swaps it in only once every file is
 * written, so a failed or killed build leaves the previous output as it was.
 */
export async function writeOutputAtomically(outDir: string, files: readonly OutputFile[]): Promise<void> {
  const staging = await openStaging(outDir);
  await staging.write(files);
  await staging.commit();
}

/** The next output, written into a folder beside the current one, which it replaces only on commit. */
export interface Staging {
  dir: string;
  /** Makes the folders these files go in, for writers that write them themselves (the render threads). */
  makeFolders(paths: readonly string[]): Promise<void>;
  /** Writes the files not written already. */
  write(files: readonly OutputFile[]): Promise<void>;
  /** Swaps the staged output in for the previous one. */
  commit(): Promise<void>;
  /** Removes the staged output: the previous one stays as it was. */
  abort(): Promise<void>;
}

/**
 * Opens a staging folder beside `outDir`. A build that fails aborts it, and one that is killed leaves it to be
 * removed by the next build; either way the previous output is untouched until commit.
 */
export async function openStaging(outDir: string): Promise<Staging> {
  const parent = path.dirname(outDir);
  await mkdir(parent, { recursive: true });
  await recoverInterruptedSwap(outDir);
  await removeLeftovers(parent, BUILD_PREFIX);
  const dir = path.join(parent, `${BUILD_PREFIX}${randomBytes(6).toString('hex')}`);
  await mkdir(dir);
  const abort = () => rm(dir, { recursive: true, force: true });
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
    makeFolders: guarded((paths: readonly string[]) => makeFolders(dir, paths)),
    write: guarded((files: readonly OutputFile[]) => writeAll(dir, files.filter((file) => !('written' in file)))),
    commit: guarded(() => swapIn(dir, outDir)),
    abort,
  };
}

/** Files written at once: enough to keep the disk and libuv's four threads busy, few enough to bound open files. */
const WRITE_CONCURRENCY = 32;

/**
 * Each folder is made once (a folder a page at a time cost one mkdir call per file), then the files are
 * written several at a time: one after another, a 10,000-page site spent most of its write stage waiting.
 */
async function writeAll(staging: string, files: readonly OutputFile[]): Promise<void> {
  await makeFolders(staging, files.map((file) => file.path));
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

/** Two renames: the old output steps aside, the new one takes its name, then the old one is removed. */
async function swapIn(staging: string, outDir: string): Promise<void> {
  const old = path.join(path.dirname(outDir), `${OLD_PREFIX}${path.basename(outDir)}-${randomBytes(6).toString('hex')}`);
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

/** A build killed between the two renames leaves no output but an old one aside: put that one back. */
async function recoverInterruptedSwap(outDir: string): Promise<void> {
  if (await exists(outDir)) return;
  const parent = path.dirname(outDir);
  const prefix = `${OLD_PREFIX}${path.basename(outDir)}-`;
  const candidates = (await readdir(parent)).filter((name) => name.startsWith(prefix));
  if (candidates.length === 0) return;
  const newest = await Promise.all(candidates.map(async (name) => ({ name, time: (await stat(path.join(parent, name))).mtimeMs })));
  newest.sort((a, b) => b.time - a.time);
  await rename(path.join(parent, newest[0]!.name), outDir);
}

async function removeLeftovers(parent: string, prefix: string): Promise<void> {
  for (const name of await readdir(parent)) {
    if (name.startsWith(prefix)) await rm(path.join(parent, name), { recursive: true, force: true });
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
