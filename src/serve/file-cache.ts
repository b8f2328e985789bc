import { createHash } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { ResolvedFile } from '../host/resolve-file.ts';

/** One version of a file as served: its content hash, and its bytes when they are kept in memory. */
export interface CachedFile {
  absPath: string;
  hash: string;
  size: number;
  mtime: Date;
  /** The (possibly transformed) body; undefined for files streamed from disk. */
  body: Buffer | undefined;
  encodings: Map<'br' | 'gzip', Promise<Buffer>>;
}

/** How to load a file: `variant` names the transform so that transformed and plain bodies are cached apart. */
export interface LoadOptions {
  variant: string;
  inMemory: boolean;
  transform?: (body: Buffer) => Buffer;
}

/** Per-version file facts, computed once: content hash, body and compressed variants. */
export interface FileCache {
  load(file: ResolvedFile, options: LoadOptions): Promise<CachedFile>;
  encode(file: CachedFile, encoding: 'br' | 'gzip'): Promise<Buffer>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Creates an in-memory cache keyed by path and variant, whose entries are replaced when size, mtime or inode change. */
export function createFileCache(): FileCache {
  const entries = new Map<string, { version: string; file: Promise<CachedFile> }>();
  return {
    load(file, options) {
      const key = `${options.variant}:${file.absPath}`;
      const version = `${file.stat.size}:${file.stat.mtimeMs}:${file.stat.ino}`;
      const existing = entries.get(key);
      if (existing?.version === version) return existing.file;
      const loaded = readVersion(file, options);
      entries.set(key, { version, file: loaded });
      loaded.catch(() => {
        if (entries.get(key)?.file === loaded) entries.delete(key);
      });
      return loaded;
    },
    encode(file, encoding) {
      let encoded = file.encodings.get(encoding);
      if (!encoded) {
        const pending = compress(file, encoding);
        file.encodings.set(encoding, pending);
        pending.catch(() => file.encodings.delete(encoding));
        encoded = pending;
      }
      return encoded;
    },
  };
}

async function readVersion(file: ResolvedFile, options: LoadOptions): Promise<CachedFile> {
  const base = { absPath: file.absPath, mtime: file.stat.mtime, encodings: new Map() };
  if (!options.inMemory) {
    // Large media are streamed, so only their hash is kept.
    return { ...base, hash: await hashStream(file.absPath), size: file.stat.size, body: undefined };
  }
  const raw = await fs.readFile(file.absPath);
  const body = options.transform ? options.transform(raw) : raw;
  return { ...base, hash: hashOf(body), size: body.length, body };
}

async function compress(file: CachedFile, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const body = file.body ?? (await fs.readFile(file.absPath));
  if (encoding === 'gzip') return gzip(body);
  return brotli(body, {
    params: {
      // Quality 5 keeps the first request quick on large bundles; the result is cached afterwards.
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

function hashOf(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 20);
}

async function hashStream(absPath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(absPath)) hash.update(chunk as Buffer);
  return hash.digest('hex').slice(0, 20);
}
