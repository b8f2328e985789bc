/**
 * At most `limit` values by key, the least recently used let go first: for what pages that render one after another
 * ask for again (the same markup, the same record), where a value let go is made again, the same.
 */
export class RecentValues<V> {
  readonly #values = new Map<string, V>();
  constructor(private readonly limit: number) {}

  /** The value kept for `key`, or the one `make` returns, then kept. A Map keeps insertion order: oldest use first. */
  get(key: string, make: () => V): V {
    const value = this.#values.get(key) ?? make();
    this.#values.delete(key);
    this.#values.set(key, value);
    if (this.#values.size > this.limit) this.#values.delete(this.#values.keys().next().value!);
    return value;
  }
}
