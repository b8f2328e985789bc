/**
 * Runs `task` for every item, at most `limit` at once, and resolves when all are done (rejects on the first
 * failure). For work that waits on the disk or on libuv's thread pool: one after another leaves them idle,
 * all at once opens a file or a buffer per item.
 */
export async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** Writes and gzips under way at most, per thread: enough to keep libuv's threads busy, few enough to hold little. */
export const BACKLOG = 32;

/**
 * Work handed to libuv (file writes, gzip) while the calling thread goes on with its own: `settle(limit)` waits
 * until no more than `limit` pieces are under way, so the backlog and the memory it holds stay bounded, and
 * rethrows the first failure.
 */
export class Backlog {
  private readonly pending = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;

  add(work: Promise<unknown>): void {
    const tracked: Promise<void> = work.then(
      () => void this.pending.delete(tracked),
      (error: unknown) => {
        this.pending.delete(tracked);
        this.failure ??= { error };
      },
    );
    this.pending.add(tracked);
  }

  async settle(limit = 0): Promise<void> {
    while (this.pending.size > limit && !this.failure) await Promise.race(this.pending);
    if (this.failure) throw this.failure.error;
  }
}
