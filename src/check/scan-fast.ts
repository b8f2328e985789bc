import { decodeHTMLAttribute } from 'entities';
import {
  type HtmlScan,
  inlineScriptFound,
  mayMatter,
  scanTag,
  type TagAttributes,
  type UrlTag,
  urlTagOf,
} from './scan-tag.ts';
import { COMMON, FULL_RULES_ONLY, IN_SVG_OR_MATH, KINDS, RAW_TEXT, VOID } from './html-names.ts';

/** What the scan knows of an element by its name alone. */
interface ElementInfo {
  /** The name as a constant, so what keeps it (the open elements, a link) holds one string for every page. */
  name: string;
  kind: number;
  urlTag: UrlTag | null;
}

/** A tag name's hash (FNV-1a) as the scan computes it while reading the name, character by character. */
const NAME_HASH_START = 0x811c9dc5;
const nameHash = (hash: number, c: number): number => Math.imul(hash ^ c, 0x01000193);

/**
 * The known elements by the hash of their (lower-case) name, in a table of slots: a tag is looked up by a number
 * computed as its name is read, and confirmed against the page in place, with no string made of it. Names that
 * would share a slot with an earlier one are left out (they are read out of the page instead).
 */
const SLOTS = 4096;
const slotOf = (hash: number): number => (hash ^ (hash >>> 16)) & (SLOTS - 1);
const ELEMENT_SLOTS: (ElementInfo | undefined)[] = new Array<ElementInfo | undefined>(SLOTS).fill(undefined);
for (const name of new Set([...KINDS.keys(), ...COMMON])) {
  let hash = NAME_HASH_START;
  for (let index = 0; index < name.length; index++) hash = nameHash(hash, name.charCodeAt(index));
  ELEMENT_SLOTS[slotOf(hash)] ??= { name, kind: KINDS.get(name) ?? 0, urlTag: urlTagOf(name) ?? null };
}

/** Whether html[start, end) is exactly `name`. */
function nameAt(html: string, start: number, end: number, name: string): boolean {
  if (name.length !== end - start) return false;
  for (let index = 0; index < name.length; index++) {
    if (html.charCodeAt(start + index) !== name.charCodeAt(index)) return false;
  }
  return true;
}

// Character classes of ASCII, one bit each, read from a table: a tag's characters are the scan's inner loop.
const SPACE = 1;
const TAG_NAME = 2; // [a-zA-Z0-9:-]
const ATTRIBUTE_NAME = 4; // not [\s"'>/=]
const UNQUOTED_VALUE = 8; // not [\s"'=<>`]
const CLASSES = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const char = String.fromCharCode(c);
  if (' \n\t\r\f'.includes(char)) CLASSES[c] = SPACE;
  else {
    if (/[a-zA-Z0-9:-]/.test(char)) CLASSES[c]! |= TAG_NAME;
    if (!'"\'>/='.includes(char)) CLASSES[c]! |= ATTRIBUTE_NAME;
    if (!'"\'=<>`'.includes(char)) CLASSES[c]! |= UNQUOTED_VALUE;
  }
}

// charCodeAt past the end is NaN, which is in no class; every non-ASCII character may be in a name or a value.
const isSpace = (c: number): boolean => c < 128 && (CLASSES[c]! & SPACE) !== 0;
const isLetter = (c: number): boolean => (c | 32) >= 97 && (c | 32) <= 122;
const isTagNameChar = (c: number): boolean => c < 128 && (CLASSES[c]! & TAG_NAME) !== 0;
const isAttributeNameChar = (c: number): boolean => (c < 128 ? (CLASSES[c]! & ATTRIBUTE_NAME) !== 0 : c === c);
const isUnquotedValueChar = (c: number): boolean => (c < 128 ? (CLASSES[c]! & UNQUOTED_VALUE) !== 0 : c === c);

/**
 * The scan of well-formed markup (what React writes: quoted attributes, closed elements, escaped text), or
 * undefined as soon as something needs the full HTML rules: CDATA, a processing instruction, an unterminated tag,
 * comment or raw-text element. Character by character, with no object a tag: at thousands of pages this is the
 * costliest of the checks. Values are decoded by htmlparser2's own `entities` (the same version), so they match.
 */
export function scanHtmlFast(html: string): HtmlScan | undefined {
  const scan: HtmlScan = { ids: new Set(), links: [], renderBlockingScripts: [], blockedInline: [] };
  // One attribute list for every tag: names, and each value's [start, end) in `html`.
  const names: string[] = [];
  const bounds: number[] = [];
  const attributes: TagAttributes = {
    names,
    count: 0,
    value(index) {
      const raw = html.slice(bounds[index * 2]!, bounds[index * 2 + 1]!);
      return raw.includes('&') ? decodeHTMLAttribute(raw) : raw;
    },
  };
  return scanTags(html, scan, attributes, bounds);
}

function scanTags(html: string, scan: HtmlScan, attributes: TagAttributes, bounds: number[]): HtmlScan | undefined {
  const { names } = attributes;
  // The open elements, open[0, depth); `foreign` is the depth of the outermost open svg or math, else -1.
  const open: string[] = [];
  let depth = 0;
  let foreign = -1;
  let inHead = false;
  let at = 0;
  for (;;) {
    const lt = html.indexOf('<', at);
    if (lt < 0) return scan;
    const next = html.charCodeAt(lt + 1);
    if (next === 33 /* ! */) {
      if (html.startsWith('<!--', lt)) {
        const end = html.indexOf('-->', lt + 4);
        if (end < 0) return undefined;
        at = end + 3;
      } else if (/^<!doctype/i.test(html.slice(lt, lt + 9))) {
        const end = html.indexOf('>', lt);
        if (end < 0) return undefined;
        at = end + 1;
      } else return undefined;
      continue;
    }
    if (next === 63 /* ? */) return undefined;
    const closing = next === 47; /* / */
    let cursor = lt + (closing ? 2 : 1);
    if (!isLetter(html.charCodeAt(cursor))) {
      if (closing) return undefined;
      at = lt + 1; // a lone "<" is text
      continue;
    }
    const nameStart = cursor;
    let hash = NAME_HASH_START;
    let upper = false;
    for (let c = html.charCodeAt(cursor); isTagNameChar(c); c = html.charCodeAt(++cursor)) {
      hash = nameHash(hash, c);
      upper ||= c <= 90 && c >= 65;
    }
    const element = upper ? undefined : ELEMENT_SLOTS[slotOf(hash)];
    const known = element !== undefined && nameAt(html, nameStart, cursor, element.name);
    const name = known ? element.name : html.slice(nameStart, cursor).toLowerCase();
    const kind = known ? element.kind : (KINDS.get(name) ?? 0);
    let count = 0;
    for (;;) {
      let key = cursor;
      while (isSpace(html.charCodeAt(key)) || html.charCodeAt(key) === 47) key++;
      let keyEnd = key;
      while (isAttributeNameChar(html.charCodeAt(keyEnd))) keyEnd++;
      if (keyEnd === key) break;
      cursor = keyEnd;
      let valueStart = keyEnd;
      let valueEnd = keyEnd;
      let equals = keyEnd;
      while (isSpace(html.charCodeAt(equals))) equals++;
      if (html.charCodeAt(equals) === 61 /* = */) {
        let value = equals + 1;
        while (isSpace(html.charCodeAt(value))) value++;
        const quote = html.charCodeAt(value);
        if (quote === 34 || quote === 39) {
          const close = html.indexOf(quote === 34 ? '"' : "'", value + 1);
          if (close < 0) return undefined;
          valueStart = value + 1;
          valueEnd = close;
          cursor = close + 1;
        } else {
          valueStart = valueEnd = value;
          while (isUnquotedValueChar(html.charCodeAt(valueEnd))) valueEnd++;
          if (valueEnd === value) return undefined;
          cursor = valueEnd;
        }
      }
      if (!mayMatter(html, key, keyEnd - key)) continue;
      const attribute = html.slice(key, keyEnd).toLowerCase();
      let seen = false;
      for (let index = 0; index < count && !seen; index++) seen = names[index] === attribute;
      if (seen) continue;
      names[count] = attribute;
      bounds[count * 2] = valueStart;
      bounds[count * 2 + 1] = valueEnd;
      count++;
    }
    attributes.count = count;
    while (isSpace(html.charCodeAt(cursor))) cursor++;
    const selfClosing = html.startsWith('/>', cursor);
    if (selfClosing) cursor++;
    if (html.charCodeAt(cursor) !== 62 /* > */) return undefined;
    at = cursor + 1;

    if (closing) {
      const index =
        depth > 0 && open[depth - 1] === name ? depth - 1 : depth > 1 ? open.lastIndexOf(name, depth - 2) : -1;
      if (index >= 0) depth = index;
      if (foreign >= depth) foreign = -1;
      if (name === 'head') inHead = false;
      continue;
    }
    if (kind & FULL_RULES_ONLY) return undefined;
    if (name === 'head') inHead = true;
    else if (name === 'body') inHead = false;
    const inlineScript = scanTag(
      scan,
      name,
      attributes,
      depth > 0 ? open[depth - 1] : undefined,
      inHead,
      known ? element.urlTag : (urlTagOf(name) ?? null),
    );
    if (kind & VOID || (selfClosing && foreign >= 0)) continue;
    if (selfClosing) return undefined;
    if (kind & RAW_TEXT) {
      const end = html.indexOf(`</${name}`, at);
      if (end < 0) return undefined;
      if (inlineScript) inlineScriptFound(scan, html.slice(at, end));
      at = end;
    }
    if (foreign < 0 && kind & IN_SVG_OR_MATH) foreign = depth;
    open[depth++] = name;
  }
}
