// The formats the editor (Decap CMS) reads and writes the site's data files with. Decap's own formats rewrite a
// whole file on every save: its JSON writer reorders the keys of objects with more than 8 of them (it holds data in
// Immutable.js maps), and its front-matter writer drops quotes and refolds long lines. These keep what the owner did
// not touch exactly as the file had it, so a Publish that changes one field changes one line.

/** A Decap format: how a file's text becomes the entry's data and back. */
export interface EditorFormat {
  fromFile(content: string): Record<string, unknown>;
  toFile(data: Record<string, unknown>): string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * What one JSON file read looked like: its top-level keys, and the key order of every object, by its path with list
 * indexes left out (`projects[].photos[]`), in the order the objects came.
 */
interface JsonLayout {
  keys: ReadonlySet<string>;
  orders: Map<string, string[][]>;
}

/**
 * JSON written as `JSON.stringify(value, null, 2)` plus a final newline (the data files' layout), with every object's
 * keys in the order the file had them. Decap does not say which file it writes, so the layout is taken from the file
 * read whose top-level keys best match the entry's.
 */
export function jsonFormat(): EditorFormat {
  const layouts: JsonLayout[] = [];
  return {
    fromFile(content) {
      const value = JSON.parse(content) as Record<string, Json>;
      const orders = new Map<string, string[][]>();
      learnOrder(value, '', orders);
      layouts.push({ keys: new Set(Object.keys(value)), orders });
      return value;
    },
    toFile(data) {
      const keys = Object.keys(data);
      const layout = best(layouts, (candidate) => keys.filter((key) => candidate.keys.has(key)).length);
      return `${JSON.stringify(layout ? ordered(data as Json, '', layout.orders) : data, null, 2)}\n`;
    },
  };
}

function learnOrder(value: Json, path: string, orders: Map<string, string[][]>): void {
  if (Array.isArray(value)) {
    for (const item of value) learnOrder(item, `${path}[]`, orders);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  orders.set(path, [...(orders.get(path) ?? []), Object.keys(value)]);
  for (const key of Object.keys(value)) learnOrder(value[key]!, `${path}.${key}`, orders);
}

/**
 * `value` with every object's keys in the order its like had in the file: the object at the same place (same path
 * and index) when it has the same keys, else one with the same keys, else the one sharing the most. Items of one list
 * need not agree (one service page has a project and a testimonial, another only one of them, in either order).
 */
function ordered(value: Json, path: string, orders: ReadonlyMap<string, string[][]>, index = 0): Json {
  if (Array.isArray(value)) return value.map((item, at) => ordered(item, `${path}[]`, orders, at));
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  const candidates = orders.get(path) ?? [];
  const same = (order: readonly string[]) => order.length === keys.length && keys.every((key) => order.includes(key));
  const order =
    (candidates[index] && same(candidates[index]) ? candidates[index] : candidates.find(same)) ??
    best(candidates, (candidate) => keys.filter((key) => candidate.includes(key)).length) ??
    [];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  // Array.prototype.sort is stable: keys the file never had keep Decap's order, after the known ones.
  const sorted = keys.sort((a, b) => rank(a) - rank(b));
  return Object.fromEntries(sorted.map((key) => [key, ordered(value[key]!, `${path}.${key}`, orders)]));
}

/** A Markdown file read: its front matter's keys in order, each key's lines as written, and the values they hold. */
interface PostLayout {
  keys: string[];
  lines: Map<string, string>;
  values: Map<string, unknown>;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/;
/** The body is edited without the blank line that separates it from the front matter, and written back with it. */
const BODY_GAP = '\n';

/**
 * YAML front matter and a Markdown body, as the posts are written: a value the owner did not change keeps its line
 * as written (quotes, folding); a changed or new one is written double-quoted, as JSON quotes it, which YAML reads as
 * the same string (a date stays a string). `parse` is a YAML parser (the `yaml` package's).
 */
export function frontMatterFormat(parse: (yaml: string) => unknown): EditorFormat {
  const layouts: PostLayout[] = [];
  return {
    fromFile(content) {
      const match = FRONT_MATTER.exec(content);
      if (!match) return { body: content };
      const values = (parse(match[1]!) ?? {}) as Record<string, unknown>;
      const lines = linesByKey(match[1]!);
      layouts.push({ keys: [...lines.keys()], lines, values: new Map(Object.entries(values)) });
      return { ...values, body: match[2]!.startsWith(BODY_GAP) ? match[2]!.slice(BODY_GAP.length) : match[2]! };
    },
    toFile(data) {
      const { body = '', ...fields } = data;
      const layout = best(
        layouts,
        (candidate) =>
          Object.entries(fields).filter(([key, value]) => sameValue(candidate.values.get(key), value)).length,
      );
      const keys = [
        ...(layout?.keys.filter((key) => key in fields) ?? []),
        ...Object.keys(fields).filter((key) => !layout?.keys.includes(key)),
      ];
      const lines = keys.map((key) =>
        layout && layout.lines.has(key) && sameValue(layout.values.get(key), fields[key])
          ? layout.lines.get(key)!
          : `${key}: ${yamlValue(fields[key])}`,
      );
      const text = String(body);
      return `---\n${lines.join('\n')}\n---\n${BODY_GAP}${text}${text.endsWith('\n') ? '' : '\n'}`;
    },
  };
}

/** Each top-level key's lines of a front matter block: its own line and the indented or folded lines after it. */
function linesByKey(yaml: string): Map<string, string> {
  const lines = new Map<string, string>();
  let key: string | undefined;
  for (const line of yaml.split(/\r?\n/)) {
    const top = /^([A-Za-z_][\w-]*):(?:\s|$)/.exec(line);
    if (top) {
      key = top[1]!;
      lines.set(key, line);
    } else if (key) {
      lines.set(key, `${lines.get(key)!}\n${line}`);
    }
  }
  return lines;
}

/** A value as YAML: strings double-quoted as JSON writes them (valid YAML), numbers and booleans plain, the rest as JSON flow. */
function yamlValue(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString().slice(0, 10));
  return JSON.stringify(value ?? '');
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The candidate with the highest score above zero, the last read winning a tie (the file read most recently). */
function best<T>(candidates: readonly T[], score: (candidate: T) => number): T | undefined {
  let found: T | undefined;
  let top = 0;
  for (const candidate of candidates) {
    const value = score(candidate);
    if (value > 0 && value >= top) [found, top] = [candidate, value];
  }
  return found;
}
