/** A Map or WeakMap: what madeOnce needs of one. */
interface KeptValues<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/**
 * The value `kept` holds for `key`, made by `make` and kept there the first time it is asked for: for work a
 * build would otherwise repeat per page that depends only on a value many pages share (a template's headers, a
 * page's list of islands). `make` must not return undefined, which reads as not made yet.
 */
export function madeOnce<K, V>(kept: KeptValues<K, V>, key: K, make: (key: K) => V): V {
  let value = kept.get(key);
  if (value === undefined) kept.set(key, (value = make(key)));
  return value;
}
