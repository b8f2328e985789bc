/** Values by key in the order last used, keeping at most `limit` of them: the least recently used go first. */
export class RecentlyUsed<K, V> {
  /** In the order last used, the least recent first (a Map iterates in the order keys were set). */
  private readonly byKey = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The value kept for `key`, which is now the most recently used; undefined when none is kept. */
  use(key: K): V | undefined {
    const value = this.byKey.get(key);
    if (value !== undefined) {
      this.byKey.delete(key);
      this.byKey.set(key, value);
    }
    return value;
  }

  /** Keeps `value` for `key` as the most recently used, and answers the key let go to make room, if one was. */
  add(key: K, value: V): K | undefined {
    this.byKey.delete(key);
    this.byKey.set(key, value);
    if (this.byKey.size <= this.limit) return undefined;
    const [oldest] = this.byKey.keys();
    this.byKey.delete(oldest!);
    return oldest;
  }
}
