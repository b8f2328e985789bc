import fresh from 'fresh';
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REVALIDATE } from '../host/host-files.ts';
import type { ResolvedFile } from '../host/resolve-file.ts';
import { chooseEncoding } from './accept-encoding.ts';
import { parseRange } from './byte-range.ts';
import type { ByteRange } from './byte-range.ts';
import type { CachedFile, FileCache } from './file-cache.ts';
import { injectLiveReload } from './live-reload.ts';
import { contentTypeFor, isCompressible, isHtml } from './mime-types.ts';
import { sendBody, writeHead } from './respond.ts';
import type { BaseHeaders, RuleHeaders } from './respond.ts';

/** How to answer with a file: its status, the `_headers` rules for the request, and the shared cache. */
export interface SendFileOptions {
  status: number;
  rules: RuleHeaders;
  cache: FileCache;
  liveReload: boolean;
}

/** Answers with a file: content type, ETag / Last-Modified (and 304), compression, byte ranges, HEAD. */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: ResolvedFile,
  options: SendFileOptions,
): Promise<void> {
  const { status, rules, cache } = options;
  const compressible = isCompressible(file.absPath);
  const inject = options.liveReload && isHtml(file.absPath);
  const cached = await cache.load(file, {
    variant: inject ? 'live-reload' : 'plain',
    inMemory: compressible || inject,
    transform: inject ? injectLiveReload : undefined,
  });
  const encoding = compressible ? chooseEncoding(req.headers['accept-encoding']) : 'identity';
  const etag = `"${cached.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  const lastModified = cached.mtime.toUTCString();
  const validators: BaseHeaders = { 'Last-Modified': lastModified };
  if (compressible) validators['Vary'] = 'Accept-Encoding';
  // Preconditions only apply to what would be a 200 (RFC 9110, 13.2.1); a 404 page is never "not modified". `fresh`
  // judges If-None-Match (weak forms, lists, `*`) and, only without it, If-Modified-Since.
  if (status === 200) validators['ETag'] = etag;
  if (status === 200 && fresh(req.headers, { etag, 'last-modified': lastModified })) {
    writeHead(res, 304, validators, rules);
    res.end();
    return;
  }
  // Cloudflare's default for a file (`_headers` may replace it): always revalidate, since pages change at each build.
  const headers: BaseHeaders = {
    ...validators,
    'Content-Type': contentTypeFor(file.absPath),
    'Cache-Control': REVALIDATE,
  };
  if (encoding !== 'identity') {
    const body = await cache.encode(cached, encoding);
    return sendBody(req, res, status, { ...headers, 'Content-Encoding': encoding }, rules, body);
  }
  if (cached.body) return sendBody(req, res, status, headers, rules, cached.body);
  headers['Accept-Ranges'] = 'bytes';
  const range = status === 200 ? rangeFor(req, cached, etag, lastModified) : undefined;
  if (range === 'unsatisfiable') {
    return sendBody(req, res, 416, { ...headers, 'Content-Range': `bytes */${cached.size}` }, rules, Buffer.alloc(0));
  }
  streamFile(req, res, status, headers, rules, cached, range);
}

function rangeFor(req: IncomingMessage, cached: CachedFile, etag: string, lastModified: string): ByteRange {
  const ifRange = req.headers['if-range'];
  // A stale If-Range means the client's partial copy is of another version: send the whole file.
  if (ifRange !== undefined && ifRange !== etag && ifRange !== lastModified) return undefined;
  return parseRange(req.headers.range, cached.size);
}

function streamFile(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: BaseHeaders,
  rules: RuleHeaders,
  cached: CachedFile,
  range: { start: number; end: number } | undefined,
): void {
  const start = range?.start ?? 0;
  const end = range?.end ?? cached.size - 1;
  const partial: BaseHeaders = range ? { 'Content-Range': `bytes ${start}-${end}/${cached.size}` } : {};
  writeHead(res, range ? 206 : status, { ...headers, ...partial, 'Content-Length': end - start + 1 }, rules);
  if (req.method === 'HEAD' || cached.size === 0) return void res.end();
  const stream = createReadStream(cached.absPath, { start, end });
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}
