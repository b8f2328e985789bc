import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eachLimited } from '../each-limited.ts';
import { SiteError } from '../errors.ts';
import type { OutputFile } from './output-file.ts';

const BUILD_PREFIX = '.site-build-';
const OLD_PREFIX = '.site-old-';

/**
 * Writes the output into a temporary folder beside `outDir` and swaps it in only once every file is
 * written, so a failed or killed build leaves the previous output as it was.
 */
export async function writeOutputAtomically(outDir: string, files: readonly OutputFile[]): Promise<void> {
  const parent = path.dirname(outDir);
  await mkdir(parent, { recursive: true });
  await recoverInterruptedSwap(outDir);
  await removeLeftovers(parent, BUILD_PREFIX);
  const staging = path.join(parent, `${BUILD_PREFIX}${randomBytes(6).toString('hex')}`);
  try {
    await mkdir(staging);
    await writeAll(staging, files);
    await swapIn(staging, outDir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (error instanceof SiteError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new SiteError('OUTPUT_FAILED', `Writing ${outDir} failed: ${message}. The previous output is unchanged.`, { cause: error });
  }
}

/** Files written at once: enough to keep the disk and libuv's four threads busy, few enough to bound open files. */
const WRITE_CONCURRENCY = 32;

/**
 * Each folder is made once (a folder a page at a time cost one mkdir call per file), then the files are
 * written several at a time: one after another, a 10,000-page site spent most of its write stage waiting.
 */
async function writeAll(staging: string, files: readonly OutputFile[]): Promise<void> {
  const targets = files.map((file) => path.join(staging, ...file.path.split('/')));
  for (const folder of [...new Set(targets.map((target) => path.dirname(target)))].sort()) await mkdir(folder, { recursive: true });
  await eachLimited(files, WRITE_CONCURRENCY, async (file, index) => {
    if ('source' in file) await copyFile(file.source, targets[index]!);
    else await writeFile(targets[index]!, file.contents);
  });
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
