// The write thread (see output/write-thread.ts). Each document it is handed it scans for the checks, writes into
// the staging folder and measures; it answers a batch once every document of it is written, and answers batches
// in the order they came, so the main thread learns each new scan entry before its use.
import { writeFile } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { scanHtml } from './check/scan-html.ts';
import { ScanTable, type ScanEntries } from './check/shared-scans.ts';
import { gzippedForBudget } from './output/document-figures.ts';
import { writeOverSync } from './output/write-in-place.ts';
import type { BatchReply, PostedJob, SharedMarkupRef, WriteReply } from './output/write-thread.ts';
import type { SharedMarkup } from './render/render-once.tsx';
import { skipsAt, type MarkupPlace } from './check/shared-markup.ts';

const port = parentPort;
if (!port) throw new Error('write-worker.ts runs only as a worker thread.');

const table = new ScanTable();
// The shared markup of the build by number, as the jobs first bring it.
const sharedById = new Map<number, SharedMarkup>();

/** Where a job's document holds shared markup, learning the markup it brings for the first time. */
function placesIn(refs: readonly SharedMarkupRef[]): MarkupPlace[] {
  return refs.flatMap(({ id, start, html, tag }) => {
    if (html !== undefined) sharedById.set(id, { id, html, tag });
    const markup = sharedById.get(id);
    return markup ? [{ markup, start }] : [];
  });
}

/** Scans, writes and measures one document; `answer` gets its figures or its error once its file is written. */
function handle({ id, target, bytes, writeOver, gzipBudget, shared }: PostedJob, answer: (reply: WriteReply) => void): void {
  let answered = false;
  const once = (reply: WriteReply) => {
    if (!answered) answer(reply);
    answered = true;
  };
  const fail = (error: unknown) => once({ id, error: error instanceof Error ? error.message : String(error) });
  let reply: WriteReply | undefined;
  try {
    const html = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    const places = skipsAt(placesIn(shared));
    const scan = table.encode(scanHtml(html, places));
    const measured = (): WriteReply => ({ id, scan, gzipBytes: gzipBudget === undefined ? undefined : gzippedForBudget(bytes, gzipBudget, { text: html, places }) });
    if (writeOver && writeOverSync(target, bytes)) return once(measured());
    // Making a file can be slow: it goes to libuv's threads while this one measures the document.
    writeFile(target, bytes, (error) => (error ? fail(error) : once(reply!)));
    reply = measured();
  } catch (error) {
    fail(error);
  }
}

// Batches not yet answered, oldest first; a batch's answer waits for those before it.
const outbox: Array<{ reply?: BatchReply }> = [];

port.on('message', (jobs: PostedJob[]) => {
  const batch: { reply?: BatchReply } = {};
  outbox.push(batch);
  const replies: WriteReply[] = [];
  let added: ScanEntries | undefined;
  const complete = () => {
    if (!added || replies.length < jobs.length) return;
    batch.reply = { added, replies };
    while (outbox[0]?.reply) port.postMessage(outbox.shift()!.reply);
  };
  for (const job of jobs)
    handle(job, (reply) => {
      replies.push(reply);
      complete();
    });
  // Every document of the batch was scanned just now, so these are the entries its scans use.
  added = table.takeAdded();
  complete();
});
