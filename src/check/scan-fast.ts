import { inlineScriptFound, mayMatter, scanTag, type PageScan, type TagAttributes } from './scan-tag.ts';

/** Thrown by the fast path's lazy value reader when a value needs the full HTML rules after all. */
class NeedsFullParse extends Error {}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
// The elements whose content htmlparser2 reads as text; others that HTML reads so are left to it.
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
const FULL_RULES_ONLY = new Set(['xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);
const SIMPLE_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 13 || c === 12;
const isLetter = (c: number): boolean => (c | 32) >= 97 && (c | 32) <= 122;
// [a-zA-Z0-9:-]
const isTagNameChar = (c: number): boolean => isLetter(c) || (c >= 48 && c <= 58) || c === 45;
// Not [\s"'>/=], and not the end of the text.
const isAttributeNameChar = (c: number): boolean => c === c && !isSpace(c) && c !== 34 && c !== 39 && c !== 62 && c !== 47 && c !== 61;
// Not [\s"'=<>`], and not the end of the text.
const isUnquotedValueChar = (c: number): boolean => c === c && !isSpace(c) && c !== 34 && c !== 39 && c !== 61 && c !== 60 && c !== 62 && c !== 96;

/**
 * The scan of well-formed markup (what React writes: quoted attributes, closed elements, escaped text), or
 * undefined as soon as something needs the full HTML rules: an unknown entity, CDATA, a processing instruction,
 * an unterminated tag, comment or raw-text element. Character by character, with no object a tag: at thousands
 * of pages this is the costliest of the checks.
 */
export function scanHtmlFast(html: string): PageScan | undefined {
  const scan: PageScan = { ids: new Set(), links: [], renderBlockingScripts: [], blockedInline: [] };
  // One attribute list for every tag: names, and each value's [start, end) in `html`.
  const names: string[] = [];
  const bounds: number[] = [];
  const attributes: TagAttributes = {
    names,
    count: 0,
    value(index) {
      const raw = html.slice(bounds[index * 2]!, bounds[index * 2 + 1]!);
      const decoded = raw.includes('&') ? decodeSimpleEntities(raw) : raw;
      if (decoded === undefined) throw new NeedsFullParse();
      return decoded;
    },
  };
  try {
    return scanTags(html, scan, attributes, bounds);
  } catch (error) {
    if (error instanceof NeedsFullParse) return undefined;
    throw error;
  }
}

function scanTags(html: string, scan: PageScan, attributes: TagAttributes, bounds: number[]): PageScan | undefined {
  const { names } = attributes;
  // The open elements, open[0, depth); `foreign` is the depth of the outermost open svg or math, else -1.
  // (Counters rather than setting an array's length, which costs a call into the runtime each tag.)
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
    while (isTagNameChar(html.charCodeAt(cursor))) cursor++;
    const name = html.slice(nameStart, cursor).toLowerCase();
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
      const index = depth > 0 ? open.lastIndexOf(name, depth - 1) : -1;
      if (index >= 0) depth = index;
      if (foreign >= depth) foreign = -1;
      if (name === 'head') inHead = false;
      continue;
    }
    if (FULL_RULES_ONLY.has(name)) return undefined;
    if (name === 'head') inHead = true;
    else if (name === 'body') inHead = false;
    const inlineScript = scanTag(scan, name, attributes, depth > 0 ? open[depth - 1] : undefined, inHead);
    if (VOID_ELEMENTS.has(name) || (selfClosing && foreign >= 0)) continue;
    if (selfClosing) return undefined;
    if (RAW_TEXT.has(name)) {
      const end = html.indexOf(`</${name}`, at);
      if (end < 0) return undefined;
      if (inlineScript) inlineScriptFound(scan, html.slice(at, end));
      at = end;
    }
    if (foreign < 0 && (name === 'svg' || name === 'math')) foreign = depth;
    open[depth++] = name;
  }
}

/** Decodes the entities React writes in attributes; undefined for any other, which the full parser handles. */
function decodeSimpleEntities(value: string): string | undefined {
  let out = '';
  let at = 0;
  for (;;) {
    const amp = value.indexOf('&', at);
    if (amp < 0) return out + value.slice(at);
    const semicolon = value.indexOf(';', amp);
    if (semicolon < 0) return undefined;
    const body = value.slice(amp + 1, semicolon);
    if (body.includes('&')) return undefined;
    const decoded = entity(body);
    if (decoded === undefined) return undefined;
    out += value.slice(at, amp) + decoded;
    at = semicolon + 1;
  }
}

/** The text of `&body;` when it is a simple named entity or a valid character reference. */
function entity(body: string): string | undefined {
  if (body.startsWith('#x') || body.startsWith('#X')) {
    const code = Number.parseInt(body.slice(2), 16);
    if (!/^#[xX][0-9a-fA-F]{1,6}$/.test(body) || !allowedCodePoint(code)) return undefined;
    return String.fromCodePoint(code);
  }
  if (body.startsWith('#')) {
    const code = Number(body.slice(1));
    if (!/^#[0-9]{1,7}$/.test(body) || !allowedCodePoint(code)) return undefined;
    return String.fromCodePoint(code);
  }
  return SIMPLE_ENTITIES[body];
}

const allowedCodePoint = (code: number): boolean => !(code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || (code >= 0x80 && code <= 0x9f));
