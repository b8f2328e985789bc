// The write thread (see write-thread.ts): it writes each document it is handed into the staging folder and
// measures it (the gzip size against an HTML budget, the SHA-256 for the service worker's version), then
// answers with the figures. Plain JavaScript with Node's modules only, so it starts in a few milliseconds and
// needs no TypeScript loader, whether the engine runs compiled or as TypeScript.
import { writeFile } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { documentFigures } from './document-figures.mjs';
import { writeOverSync } from './write-in-place.mjs';

const port = parentPort;
if (!port) throw new Error('write-worker.mjs runs only as a worker thread.');

/** @param {import('./write-thread.ts').WriteJob & { id: number }} job */
function handle({ id, target, bytes, writeOver, gzipBudget, digest }) {
  const fail = (/** @type {unknown} */ error) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  let figures;
  const answer = () => port.postMessage({ id, ...figures });
  try {
    if (writeOver && writeOverSync(target, bytes)) {
      figures = documentFigures(bytes, { gzipBudget, digest });
      return answer();
    }
  } catch (error) {
    return fail(error);
  }
  // Making a file can be slow: it goes to libuv's threads while this one measures the document.
  writeFile(target, bytes, (error) => (error ? fail(error) : answer()));
  figures = documentFigures(bytes, { gzipBudget, digest });
}

port.on('message', handle);
