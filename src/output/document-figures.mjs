// Plain JavaScript, so the write thread (write-worker.mjs) runs it without a TypeScript loader.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/**
 * What the build measures of a document, each only when asked: its size gzipped at level 9 (for an HTML budget)
 * and its SHA-256 (for the service worker's version). Synchronously: zlib's gzip() costs about twice the CPU
 * (0.45 against 0.23 ms for a 30 KB page) in hand-offs to libuv's threads and back, which on two cores is taken
 * from rendering.
 * @type {(bytes: Uint8Array, asked: { gzip: boolean; digest: boolean }) => import('./document-figures.d.mts').DocumentFigures}
 */
export function documentFigures(bytes, { gzip, digest }) {
  return {
    gzipBytes: gzip ? gzipSync(bytes, { level: 9 }).byteLength : undefined,
    digest: digest ? createHash('sha256').update(bytes).digest('hex') : undefined,
  };
}
