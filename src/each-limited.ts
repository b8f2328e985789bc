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
