// The write thread (see output/write-thread.ts). Each document it is handed it scans for the checks, writes into
// the staging folder, hashes and measures; it answers a batch once every document of it is written, in the order
// the batches came.
import { writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { scanHtml } from './check/scan-html.ts';
import { setAsideSelfLinks } from './check/self-links.ts';
import { ScanTable } from './check/shared-scans.ts';
import { pageLinkTest } from './check/link-check.ts';
import { PagePaths } from './routes/page-paths.ts';
import { readFigures } from './output/budget-figures.ts';
import { documentFigures } from './output/document-figures.ts';
import { writeOverSync } from './output/write-in-place.ts';
import type { BatchReply, PostedBatch, PostedJob, WriteReply, WriteThreadData } from './output/write-thread.ts';
import type { SharedMarkupRef } from './output/sent-markup.ts';
import type { SharedMarkup } from './render/render-once.tsx';
import { markupPlaces, skipsAt, type MarkupPlace } from './check/shared-markup.ts';

const port = parentPort;
if (!port) throw new Error('write-worker.ts runs only as a worker thread.');

// Read as the thread starts, while the renderer bundles the assets.
const { figuresFile, pages } = workerData as WriteThreadData;
const knownFigures = readFigures(figuresFile);
const table = new ScanTable(pages && pageLinkTest(pages.siteUrl, new PagePaths(pages.paths)));
// The shared markup of the build by number, as the jobs first bring it, until a batch lets it go (see SentMarkup).
const sharedById = new Map<number, SharedMarkup>();

/**
 * Where a job's document holds shared markup: as the renderer found it, or found here in the markup its page
 * placed. Learns the markup a job brings for the first time.
 */
function placesIn(html: string, refs: readonly SharedMarkupRef[]): MarkupPlace[] {
  const known = refs.flatMap(({ id, html: markupHtml, tag, start }) => {
    if (markupHtml !== undefined) sharedById.set(id, { id, html: markupHtml, tag });
    const markup = sharedById.get(id);
    return markup ? [{ markup, start }] : [];
  });
  if (known.every((place): place is MarkupPlace => place.start !== undefined)) return known;
  return markupPlaces(html, known.map((place) => place.markup));
}

/**
 * Scans, writes and measures one document. A new file is made here too, not on libuv's threads: with the renderer
 * and this thread each keeping a core busy, handing every file to the thread pool (an open, a write and a close,
 * each a hand-off and a wake-up) cost more than making it. 10,026 pages into a new folder measured 4.0-4.6 s
 * against 5.9-6.9 s, and 6.3-7.0 against 7.7-8.8 s of CPU time (three interleaved rounds).
 */
function handle({ id, target, bytes, writeOver, budget, self, digest, shared }: PostedJob): WriteReply {
  try {
    const html = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    const places = skipsAt(placesIn(html, shared));
    const scan = table.encode(setAsideSelfLinks(scanHtml(html, places), self));
    if (!(writeOver && writeOverSync(target, bytes))) writeFileSync(target, bytes);
    return { id, scan, ...documentFigures(bytes, { text: html, places }, budget, digest, knownFigures) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}

// When the last batch was answered: whether this thread then waited for the next tells the renderer whether it
// keeps up (see WriteThread.behind).
let answered = -Infinity;

// A batch is answered once its documents are written, with the scan entries they added (the main thread learns
// each new entry before a scan uses it) and how long the thread waited for it. The markup the batch lets go is
// dropped once its documents are done: a job of the batch may still name it.
port.on('message', ({ jobs, forget }: PostedBatch) => {
  const waited = performance.now() - answered;
  const replies = jobs.map(handle);
  for (const id of forget) sharedById.delete(id);
  port.postMessage({ added: table.takeAdded(), replies, waited } satisfies BatchReply);
  answered = performance.now();
});
