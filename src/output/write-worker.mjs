// The write thread (see write-thread.ts): it writes each document it is handed into the staging folder and
// measures it (the gzip size against an HTML budget, the SHA-256 for the service worker's version), then answers
// each batch of documents with their figures. Plain JavaScript with Node's modules only, so it starts in a few
// milliseconds and needs no TypeScript loader, whether the engine runs compiled or as TypeScript.
import { writeFile } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { documentFigures } from './document-figures.mjs';
import { writeOverSync } from './write-in-place.mjs';

const port = parentPort;
if (!port) throw new Error('write-worker.mjs runs only as a worker thread.');

/**
 * Writes and measures one document; `answer` gets its figures or its error once its file is written.
 * @param {import('./write-thread.ts').WriteJob & { id: number }} job
 * @param {(reply: import('./write-thread.ts').WriteReply) => void} answer
 */
function handle({ id, target, bytes, writeOver, gzipBudget, digest }, answer) {
  const fail = (/** @type {unknown} */ error) => answer({ id, error: error instanceof Error ? error.message : String(error) });
  /** @type {import('./document-figures.d.mts').DocumentFigures | undefined} */
  let figures;
  try {
    if (writeOver && writeOverSync(target, bytes)) return answer({ id, ...documentFigures(bytes, { gzipBudget, digest }) });
  } catch (error) {
    return fail(error);
  }
  // Making a file can be slow: it goes to libuv's threads while this one measures the document.
  writeFile(target, bytes, (error) => (error ? fail(error) : answer({ id, ...figures })));
  figures = documentFigures(bytes, { gzipBudget, digest });
}

/** A batch of jobs (see write-thread.ts), answered in one message once every one of them is done. */
port.on('message', (/** @type {Array<import('./write-thread.ts').WriteJob & { id: number }>} */ jobs) => {
  /** @type {import('./write-thread.ts').WriteReply[]} */
  const replies = [];
  const answer = (/** @type {import('./write-thread.ts').WriteReply} */ reply) => {
    replies.push(reply);
    if (replies.length === jobs.length) port.postMessage(replies);
  };
  for (const job of jobs) handle(job, answer);
});
