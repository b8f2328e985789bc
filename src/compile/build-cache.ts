import { createHash, randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ENGINE_SOURCE } from '../engine-files.ts';

export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/**
 * The file of the record named by `key` in a cache folder: `record-*`, the names keepRecord prunes. The key is
 * hashed, so it may hold anything that tells records apart (paths, code versions, NUL between parts).
 */
export function recordFileFor(folder: string, key: string): string {
  return path.join(folder, `record-${sha256(key).slice(0, 24)}.json`);
}

/** What a cached step read, by content hash, and the (JSON) value it made of it. */
interface CacheRecord<T> {
  inputs: Record<string, string>;
  value: T;
}

/**
 * The value of a build step that is a function of the files it reads, such as an esbuild pass: kept in `folder`
 * under `key` (what names the step's own options), and reused while every file it read last time is unchanged
 * and `valid(value)` holds. A changed file can only add new inputs by way of an input that changed, so checking
 * the recorded ones is enough. `compute` returns the value and the absolute paths of the files it read.
 */
export async function cachedStep<T>(
  folder: string,
  key: string,
  compute: () => Promise<{ value: T; inputs: readonly string[] }>,
  valid: (value: T) => boolean = () => true,
): Promise<T> {
  const recordFile = recordFileFor(folder, key);
  const record = await readFile(recordFile, 'utf8').then((text) => JSON.parse(text) as CacheRecord<T>, () => undefined);
  if (record && valid(record.value) && unchanged(record.inputs)) return record.value;

  const { value, inputs } = await compute();
  const hashes = await Promise.all([...new Set(inputs)].map(async (file) => [file, await readFile(file).then(sha256, () => '')] as const));
  keepRecord(recordFile, JSON.stringify({ inputs: Object.fromEntries(hashes), value } satisfies CacheRecord<T>));
  return value;
}

/**
 * Writes a cache record (a file named `record-*` in its cache folder) and prunes the folder's stale ones. Written
 * aside and renamed, so a concurrent build reads a whole record or none. A cache that cannot be written (a
 * read-only install) only means the next build computes its value again.
 *
 * Synchronously: a record is a few kilobytes (some megabytes at most, the figures of 100,000 pages), and a first
 * build keeps one per data file; through libuv each took a mkdir, a write and a rename, each a hand-off and a wait.
 */
export function keepRecord(recordFile: string, text: string): void {
  const folder = path.dirname(recordFile);
  const staged = `${recordFile}.${randomUUID()}`;
  try {
    mkdirSync(folder, { recursive: true });
    writeInBlocks(staged, text);
    renameSync(staged, recordFile);
  } catch {
    try {
      rmSync(staged, { force: true });
    } catch {
      // Not even that: a read-only cache folder, whose half-written record a later prune removes.
    }
    return;
  }
  pruneRecords(folder);
}

/** A record's text as it was written (see keepRecord), or undefined if there is none. */
export function readRecordText(file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const block = Buffer.allocUnsafe(RECORD_BLOCK_BYTES);
    const decoder = new StringDecoder('utf8');
    const parts: string[] = [];
    for (let read = readSync(fd, block); read > 0; read = readSync(fd, block)) parts.push(decoder.write(block.subarray(0, read)));
    parts.push(decoder.end());
    return parts.join('');
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Records are read and written a block at a time, each below glibc's 128 KiB threshold for an allocation's own
 * mapping: a whole record as one buffer (3.8 MB of budget figures at 100,026 pages) was such a mapping, and
 * freeing one costs memory for the rest of the process (see BlockArray).
 */
const RECORD_BLOCK_BYTES = 64 * 1024;

/** Characters written at a time: at most three bytes each in UTF-8, so a block's bytes stay below the threshold. */
const RECORD_BLOCK_CHARACTERS = 32 * 1024;

function writeInBlocks(file: string, text: string): void {
  const fd = openSync(file, 'w');
  try {
    for (let start = 0; start < text.length; ) {
      let end = Math.min(text.length, start + RECORD_BLOCK_CHARACTERS);
      // A surrogate pair stays in one block: half of one is written as U+FFFD.
      if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
      const bytes = Buffer.from(text.slice(start, end), 'utf8');
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
      start = end;
    }
  } finally {
    closeSync(fd);
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** A record's JSON as it was written, or undefined if it is missing or not JSON (half of an older format, say). */
export function readRecord(file: string | undefined): unknown {
  const text = readRecordText(file);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Records (and half-written ones) last written this long ago are removed: each site folder built adds one. */
export const STALE_MS = 24 * 60 * 60 * 1000;

/** A folder pruned this recently is not looked through again: records go stale in a day, not in a build. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

// When this process last pruned each cache folder. Once a build, not once a record kept: a first build keeps a
// record per data file, and each look through the bench's hundred records of past data folders (a stat each,
// through libuv) made up to 175 ms of the data stage of a 10,026-page first build.
const lastPruned = new Map<string, number>();

function pruneRecords(folder: string): void {
  const now = Date.now();
  if (now - (lastPruned.get(folder) ?? -Infinity) < PRUNE_EVERY_MS) return;
  lastPruned.set(folder, now);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith('record-')) continue;
    const file = path.join(folder, name);
    try {
      if (now - statSync(file).mtimeMs > STALE_MS) rmSync(file, { force: true });
    } catch {
      // Removed meanwhile by another build, or not this user's to remove: the next build looks again.
    }
  }
}

/**
 * Read synchronously: a compile's inputs are a few hundred small files (the packages compiled into the templates
 * among them), which took 20-24 ms through libuv's threads and 4-5 ms in one go.
 */
function unchanged(inputs: Record<string, string>): boolean {
  return Object.entries(inputs).every(([file, hash]) => hashOf(file) === hash);
}

function hashOf(file: string): string {
  try {
    return sha256(readFileSync(file));
  } catch {
    return '';
  }
}

/**
 * The build's cache folder, `node_modules/.cache/site/<name>` in the nearest node_modules folder above `from`
 * (given the templates folder: a compiled template imports packages by name, and Node looks for them in the
 * node_modules folders above the importing file, so the same one is found either way).
 */
export function cacheFolder(from: string, name: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'node_modules'))) return path.join(dir, 'node_modules', '.cache', 'site', name);
    if (path.dirname(dir) === dir) return path.join(ENGINE_SOURCE, '..', 'node_modules', '.cache', 'site', name);
  }
}

let esbuildVersionText: string | undefined;
/** esbuild's version, for cache keys, read from its package.json so the check does not load esbuild itself. */
export function esbuildVersion(): string {
  return (esbuildVersionText ??= (JSON.parse(readFileSync(createRequire(import.meta.url).resolve('esbuild/package.json'), 'utf8')) as { version: string }).version);
}
