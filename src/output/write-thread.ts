import { Worker } from 'node:worker_threads';
import { engineFile } from '../engine-files.ts';
import type { DocumentFigures } from './document-figures.mjs';

/** A document for the write thread: where it goes and which figures of it the build needs. */
export interface WriteJob {
  /** The file in the staging folder. */
  target: string;
  /** The document; moved to the write thread, so the caller no longer holds it. */
  bytes: Uint8Array;
  /** Whether the staging folder holds a previous output whose file is written over (see write-in-place.mjs). */
  writeOver: boolean;
  /** The HTML budget in gzipped bytes the document is measured against, if one applies (see document-figures.mjs). */
  gzipBudget: number | undefined;
  /** Whether to hash it with SHA-256. */
  digest: boolean;
}

/** The write thread's answer to one job; a batch of jobs is answered in one message. */
export type WriteReply = ({ id: number; error?: undefined } & DocumentFigures) | { id: number; error: string };

/**
 * A thread that writes the documents of a large build and measures them, beside the thread that renders them.
 * On two cores the gzip for the HTML budget, the hash and the write were a third of the render thread's time
 * per page, and zlib's asynchronous gzip() cost about 0.45 ms of CPU a page (the hand-offs to libuv and back)
 * against 0.23 ms done synchronously here.
 *
 * Documents go over in batches: all those handed in before the renderer next yields (16 pages or so) in one
 * message, answered in one. Each message wakes the other thread, and on two busy cores a wake-up made the
 * renderer wait its turn: posting one document a message took 0.1-0.3 ms of the render thread's time at
 * 1,026 pages, against 15 µs measured alone.
 */
export class WriteThread {
  private readonly worker = new Worker(engineFile('output/write-worker.mjs'), {
    // None of the parent's flags or loaders: it needs Node's own modules only. Small heaps: documents are off-heap.
    execArgv: [],
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 32 },
  });
  private readonly waiting = new Map<number, { resolve(figures: DocumentFigures): void; reject(error: Error): void }>();
  private next = 0;
  private batch: Array<WriteJob & { id: number }> = [];
  /** Why the thread can no longer answer, once it has stopped. */
  private stopped: Error | undefined;
  private closing = false;

  constructor() {
    this.worker.on('message', (replies: WriteReply[]) => {
      for (const reply of replies) {
        const waiter = this.waiting.get(reply.id);
        this.waiting.delete(reply.id);
        if (reply.error !== undefined) waiter?.reject(new Error(reply.error));
        else waiter?.resolve({ gzipBytes: reply.gzipBytes, digest: reply.digest });
      }
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => {
      if (!this.closing) this.fail(new Error(`the write thread stopped (exit code ${code})`));
    });
  }

  /** Writes a document and measures it; the bytes move to the write thread (a copy if they share their memory). */
  write(job: WriteJob): Promise<DocumentFigures> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.next++;
    const { bytes } = job;
    // Only a buffer the document has to itself can move; a small Buffer may sit in Node's shared pool.
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      if (this.batch.length === 0) queueMicrotask(() => this.send());
      this.batch.push({ ...job, bytes: own, id });
    });
  }

  /** Hands the batch over, moving its documents' memory. */
  private send(): void {
    const jobs = this.batch;
    this.batch = [];
    if (this.stopped) return;
    this.worker.postMessage(jobs, jobs.map((job) => job.bytes.buffer as ArrayBuffer));
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.worker.terminate();
    this.fail(new Error('the write thread was closed'));
  }

  private fail(error: Error): void {
    this.stopped ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}
