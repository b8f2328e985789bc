/**
 * Freezes a value and everything in it, and returns it. The engine freezes the site's data this way; a site
 * freezes what it hands every page alike (structured data, say), which the engine then serialises once a build.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
