import type { Worker } from 'node:worker_threads';
import { ScanMirror, type EncodedScan, type ScanEntries } from '../check/shared-scans.ts';
import type { PackedPaths } from '../routes/page-paths.ts';
import type { Sha256 } from './sha256.ts';
import { startEngineWorker } from '../engine-worker.ts';
import type { DocumentFigures } from './document-figures.ts';
import type { MarkupPlace } from '../check/shared-markup.ts';
import type { SharedMarkup } from '../render/render-once.tsx';
import { SentMarkup, type SharedMarkupRef } from './sent-markup.ts';

/** A document for the write thread: where it goes, and what it is measured for. */
export interface WriteJob {
  /** The file in the staging folder. */
  target: string;
  /** The document's UTF-8 bytes; moved to the write thread, so the caller no longer holds them. */
  bytes: Uint8Array;
  /** Whether the staging folder holds a previous output whose file is written over (see write-in-place.ts). */
  writeOver: boolean;
  /** The HTML budget its gzipped size is measured against, if any. */
  budget: number | undefined;
  /** How its links name the page itself, set aside from its scan (see check/self-links.ts). */
  self: readonly [string, string];
  /** Its digest when the renderer made it; else whether it is needed, besides for its budget (see FinishSetup.digests). */
  digest: Sha256 | boolean;
  /**
   * The shared markup the page placed, in order (see render-once.tsx), to find in the document; or, where the
   * renderer found it already, where the document holds it (see check/shared-markup.ts).
   */
  shared: readonly SharedMarkup[] | readonly MarkupPlace[];
}

/** A job as it crosses to the write thread. */
export type PostedJob = Omit<WriteJob, 'shared'> & { id: number; shared: SharedMarkupRef[] };

/** A batch of jobs as it crosses, with the shared markup the write thread may let go once it has done them. */
export interface PostedBatch {
  jobs: PostedJob[];
  forget: number[];
}

/** What the write thread found of a document: its scan, as numbers into `entries`, its digest and its figure. */
export interface WrittenDocument extends DocumentFigures {
  scan: EncodedScan;
}

/** The write thread's answer to one job. */
export type WriteReply = ({ id: number; error?: undefined; scan: EncodedScan } & DocumentFigures) | { id: number; error: string };

/**
 * The write thread's answer to one batch of jobs, sent in the order the batches came: the entries its scan table
 * added while scanning the batch, then a reply per job.
 */
export interface BatchReply {
  added: ScanEntries;
  replies: WriteReply[];
  /** How long the thread waited for the batch after answering the one before, in ms. */
  waited: number;
}

/**
 * A write thread that waited less than this for a batch had the next one queued already: it is behind the
 * renderer. A thread that keeps up waits for each batch for most of the time the renderer takes to make it.
 */
const BEHIND_WAIT_MS = 0.2;

/** What the write thread starts with. */
export interface WriteThreadData {
  /** The record of the last build's figures for HTML budgets (see budget-figures.ts). */
  figuresFile: string | undefined;
  /** The site's pages, whose links the scan counts rather than numbers (see ScanTable). */
  pages: PageLinksOf | undefined;
}

/** What tells a link to one of the site's pages: the site's URL and its pages' paths. */
export interface PageLinksOf {
  siteUrl: string;
  paths: PackedPaths;
}

/**
 * A thread beside the renderer that finds each document's shared markup, scans it for the checks, writes it into
 * the staging folder, hashes it and gzips it for its HTML budget (unless the last build measured it). On two
 * cores these were most of the render thread's time besides React's: the scan alone about 0.2 ms of a 30 KB page,
 * the gzip and the write a third again; and zlib's asynchronous gzip() cost about 0.45 ms of CPU a page (the
 * hand-offs to libuv and back) against 0.23 ms done synchronously here.
 *
 * Documents go over in batches: all those handed in before the renderer next yields (16 pages or so) in one
 * message, answered in one. Each message wakes the other thread, and on two busy cores a wake-up made the
 * renderer wait its turn: posting one document a message took 0.1-0.3 ms of the render thread's time at
 * 1,026 pages, against 15 µs measured alone. Scans come back as numbers into the thread's table of distinct
 * links and ids (see shared-scans.ts), whose new entries come with them.
 */
export class WriteThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(document: WrittenDocument): void; reject(error: Error): void }>();
  /** The distinct links and ids of the thread's scans, learnt as they come (a WrittenDocument's scan names them). */
  readonly entries = new ScanMirror();
  private next = 0;
  private batch: PostedJob[] = [];
  /** The shared markup the write thread holds. */
  private readonly sent = new SentMarkup();
  /**
   * Whether the thread is behind the renderer, as of its last answer: the renderer then hashes its documents
   * itself (see finishPage). Making each new file costs this thread kernel time (into a new folder, 0.6-1.5 s
   * at 10,026 pages), while writing over a spare output costs next to nothing.
   */
  behind = false;
  /** Why the thread can no longer answer, once it has stopped. */
  private stopped: Error | undefined;
  private closing = false;

  /**
   * `figuresFile`: the record of the last build's figures for HTML budgets, which the thread reads as it starts;
   * `pages`: the site's pages, whose links it counts.
   */
  constructor(figuresFile: string | undefined, pages?: PageLinksOf) {
    this.worker = startEngineWorker('write-worker', {
      workerData: { figuresFile, pages } satisfies WriteThreadData,
      // None of the parent's flags or loaders. A small young generation: scavenges of documents that live for one
      // scan are cheap (at 10,026 pages, 1 MB and 8 MB measured the same CPU), and the old generation holds only
      // the scan table, which grows with the site's distinct links, so it keeps V8's limit.
      execArgv: [],
      resourceLimits: { maxYoungGenerationSizeMb: 1 },
    });
    this.worker.on('message', ({ added, replies, waited }: BatchReply) => {
      this.entries.learn(added);
      this.behind = waited < BEHIND_WAIT_MS;
      for (const reply of replies) {
        const waiter = this.waiting.get(reply.id);
        this.waiting.delete(reply.id);
        if (reply.error !== undefined) waiter?.reject(new Error(reply.error));
        else waiter?.resolve({ scan: reply.scan, digest: reply.digest, gzipBytes: reply.gzipBytes });
      }
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => {
      if (!this.closing) this.fail(new Error(`the write thread stopped (exit code ${code})`));
    });
  }

  /** Writes a document, scans it and measures it; its bytes move to the write thread (a copy if they share their memory). */
  write(job: WriteJob): Promise<WrittenDocument> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.next++;
    const { bytes } = job;
    // Only a buffer the document has to itself can move; a small Buffer may sit in Node's shared pool.
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      if (this.batch.length === 0) queueMicrotask(() => this.send());
      this.batch.push({ id, target: job.target, bytes: own, writeOver: job.writeOver, budget: job.budget, self: job.self, digest: job.digest, shared: job.shared.map((item) => this.sent.ref(item)) });
    });
  }

  /** Hands the batch over, moving its documents' memory. */
  private send(): void {
    const jobs = this.batch;
    const forget = this.sent.takeForgotten();
    this.batch = [];
    if (!this.stopped) this.worker.postMessage({ jobs, forget } satisfies PostedBatch, jobs.map((job) => job.bytes.buffer as ArrayBuffer));
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
