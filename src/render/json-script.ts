/**
 * Serialises data for a `<script type="application/json">` or JSON-LD block. `<` is escaped so no string can
 * close the script element, and U+2028/U+2029 so the text stays valid JavaScript should anyone eval it.
 */
export function jsonForScript(value: unknown): string {
  const json = JSON.stringify(value);
  // One pass, and none when nothing needs escaping: every page has its JSON-LD.
  return ESCAPED.test(json) ? json.replace(ESCAPED_ALL, (character) => ESCAPES[character]!) : json;
}

const ESCAPED = /[<>&\u2028\u2029]/;
const ESCAPED_ALL = new RegExp(ESCAPED.source, 'g');
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** Where a value that JSON cannot carry sits, such as `props.items[2].onClick` (a function). */
export interface UnserialisableValue {
  path: string;
  reason: string;
}

/**
 * Finds the first value JSON cannot carry faithfully: functions, symbols, bigints, undefined in arrays,
 * non-finite numbers, class instances (Date, Map, Set...) and cycles. Undefined object properties are allowed
 * (optional props simply drop out).
 */
export function findUnserialisable(
  value: unknown,
  path = 'props',
  seen = new Set<object>(),
): UnserialisableValue | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : { path, reason: `${value} is not a finite number` };
    case 'undefined':
      return { path, reason: 'undefined' };
    case 'function':
    case 'symbol':
    case 'bigint':
      return { path, reason: `a ${typeof value}` };
  }
  if (value === null) return undefined;
  const object = value as object;
  if (seen.has(object)) return { path, reason: 'a cycle (the value contains itself)' };
  seen.add(object);
  try {
    if (Array.isArray(object)) {
      for (let i = 0; i < object.length; i++) {
        const found = findUnserialisable(object[i], `${path}[${i}]`, seen);
        if (found) return found;
      }
      return undefined;
    }
    const proto = Object.getPrototypeOf(object);
    if (proto !== Object.prototype && proto !== null) {
      return { path, reason: `an instance of ${object.constructor?.name ?? 'a class'}` };
    }
    for (const [key, child] of Object.entries(object)) {
      if (child === undefined) continue;
      const found = findUnserialisable(child, `${path}.${key}`, seen);
      if (found) return found;
    }
    return undefined;
  } finally {
    seen.delete(object);
  }
}
