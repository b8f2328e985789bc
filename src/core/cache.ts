import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ENGINE_SOURCE } from './engine-files.ts';
import { removeStale } from './stale-entries.mjs';

export { removeStale, STALE_MS } from './stale-entries.mjs';

// The build cache: node_modules/.cache/site/<name>/. What a step made is kept under a record named by the step's
// key, and reused while every file the step read is unchanged. Deleting the folder is always safe.

export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** The cache folder `node_modules/.cache/site/<name>` of the nearest node_modules above `from`. */
export function cacheFolder(from: string, name: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'node_modules'))) return path.join(dir, 'node_modules', '.cache', 'site', name);
    if (path.dirname(dir) === dir) return path.join(ENGINE_SOURCE, '..', 'node_modules', '.cache', 'site', name);
  }
}

/** The file of the record named by `key` (anything that tells records apart) in a cache folder. */
export function recordFileFor(folder: string, key: string): string {
  return path.join(folder, `record-${sha256(key).slice(0, 24)}.json`);
}

/** A record's JSON, or undefined when there is none or it cannot be read. */
export async function readRecord(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Writes a file of the cache aside, then renamed so a concurrent build reads a whole one or none, and removes the
 * folder's entries unused for a day. False when it cannot be written (a read-only install), which only costs the
 * next build time.
 */
export async function keepFile(file: string, contents: string | Uint8Array): Promise<boolean> {
  const staged = `${file}.${randomUUID()}`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(staged, contents);
    await rename(staged, file);
    await removeStale(path.dirname(file), file);
    return true;
  } catch {
    await rm(staged, { force: true }).catch(() => undefined);
    return false;
  }
}

/** Writes a record's JSON, as keepFile writes a file. */
export async function keepRecord(file: string, value: unknown): Promise<void> {
  await keepFile(file, JSON.stringify(value));
}

/** What a cached step read, by content hash, and the (JSON) value it made of it. */
interface StepRecord<T> {
  inputs: Record<string, string>;
  value: T;
}

/**
 * The value of a build step that depends only on the files it reads (an esbuild pass), kept in `folder` under
 * `key` and reused while each file it read is unchanged and `valid(value)` holds. A changed file can add new
 * inputs only through an input that changed, so checking the recorded ones is enough. `compute` returns the value
 * and the absolute paths of the files it read.
 */
export async function cachedStep<T>(
  folder: string,
  key: string,
  compute: () => Promise<{ value: T; inputs: readonly string[] }>,
  valid: (value: T) => boolean = () => true,
): Promise<T> {
  const file = recordFileFor(folder, key);
  const record = (await readRecord(file)) as StepRecord<T> | undefined;
  if (record?.inputs && valid(record.value) && unchanged(record.inputs)) return record.value;
  const { value, inputs } = await compute();
  const hashes = [...new Set(inputs)].map((input) => [input, fileDigestOrNone(input)] as const);
  await keepRecord(file, { inputs: Object.fromEntries(hashes), value } satisfies StepRecord<T>);
  return value;
}

/** Whether every recorded input still has its hash (read at once: a few hundred small files). */
function unchanged(inputs: Record<string, string>): boolean {
  return Object.entries(inputs).every(([file, hash]) => fileDigestOrNone(file) === hash);
}

/** The SHA-256 of a file's bytes, or '' when it cannot be read. */
function fileDigestOrNone(file: string): string {
  try {
    return fileDigest(file);
  } catch {
    return '';
  }
}

/** Each file's SHA-256 this process worked out, with the size, modification time and inode it had then. */
const fileDigests = new Map<string, { signature: string; digest: string }>();

/**
 * The SHA-256 of a file's bytes. A process that builds again and again (`site serve --watch`) checks the same
 * unchanged files at every build, the editor's 5 MB bundle among them: a file whose size, modification time and
 * inode are as they were is not read again (a save changes its modification time; a rename over it, its inode).
 */
export function fileDigest(file: string): string {
  const stats = statSync(file);
  const signature = `${stats.size} ${stats.mtimeMs} ${stats.ino}`;
  const known = fileDigests.get(file);
  if (known?.signature === signature) return known.digest;
  const digest = sha256(readFileSync(file));
  fileDigests.set(file, { signature, digest });
  return digest;
}

let esbuildVersionText: string | undefined;
/** esbuild's version, for cache keys, read from its package.json so the check does not load esbuild. */
export function esbuildVersion(): string {
  return (esbuildVersionText ??= (
    JSON.parse(readFileSync(createRequire(import.meta.url).resolve('esbuild/package.json'), 'utf8')) as {
      version: string;
    }
  ).version);
}
