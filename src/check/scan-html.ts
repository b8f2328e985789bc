import { Parser } from 'htmlparser2';

/** What a browser fetches a URL as, which decides the CSP directive that must allow it. */
export type FetchKind = 'image' | 'media' | 'other';

/** One URL a page refers to, with the element and attribute it sits in. */
export interface PageLink {
  tag: string;
  attr: string;
  url: string;
  fetch: FetchKind;
}

/** What one parse of a built page tells the checks: its ids, its URLs and what a strict CSP would refuse. */
export interface PageScan {
  ids: Set<string>;
  links: PageLink[];
  /** Classic `<script src>` in the head without defer or async: the browser stops rendering to run it. */
  renderBlockingScripts: string[];
  /** Inline code, inline styles and event-handler attributes, which `script-src 'self'` / `style-src 'self'` block. */
  blockedInline: string[];
}

// Which attributes of which elements hold a URL the link check follows.
const URL_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href'],
  area: ['href'],
  link: ['href'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  script: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  iframe: ['src'],
  embed: ['src'],
  form: ['action'],
};

// Script types a browser runs; anything else (JSON, JSON-LD) is data.
const EXECUTABLE_SCRIPT = /^(|module|text\/javascript|application\/javascript)$/i;

/**
 * Parses a built HTML page once, collecting what the link check, the CSP and the budgets need. Markup as React
 * writes it takes a fast path (a tenth of the time of a full tokenizer, which matters at thousands of pages);
 * anything that path does not know for certain is parsed by htmlparser2, so the result is the same either way.
 */
export function scanHtml(html: string): PageScan {
  return scanHtmlFast(html) ?? scanHtmlFull(html);
}

/** What the scan keeps of each start tag: links, ids, inline code, render-blocking scripts. */
function scanTag(scan: PageScan, name: string, attributes: Record<string, string>, parent: string | undefined, inHead: boolean): boolean {
  if (attributes.id) scan.ids.add(attributes.id);
  if (name === 'a' && attributes.name) scan.ids.add(attributes.name);
  for (const attr of URL_ATTRIBUTES[name] ?? []) {
    const value = attributes[attr];
    if (value === undefined) continue;
    const urls = attr === 'srcset' ? srcsetUrls(value) : [value.trim()];
    for (const url of urls) scan.links.push({ tag: name, attr, url, fetch: fetchKind(name, attr, parent) });
  }
  for (const attr of Object.keys(attributes)) {
    if (/^on/i.test(attr)) scan.blockedInline.push(`<${name} ${attr}>`);
  }
  if (attributes.style !== undefined) scan.blockedInline.push(`<${name} style>`);
  if (name === 'style') scan.blockedInline.push('<style>');
  if (name === 'script' && EXECUTABLE_SCRIPT.test(attributes.type ?? '')) {
    if (attributes.src === undefined) return true;
    if (inHead && attributes.type !== 'module' && attributes.defer === undefined && attributes.async === undefined) scan.renderBlockingScripts.push(attributes.src);
  }
  return false;
}

function inlineScriptFound(scan: PageScan, text: string): void {
  if (text.trim()) scan.blockedInline.push(`<script>${text.trim().slice(0, 40)}</script>`);
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
// The elements whose content htmlparser2 reads as text; others that HTML reads so are left to it.
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
const FULL_RULES_ONLY = new Set(['xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);
const SIMPLE_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const TAG_NAME = /[a-zA-Z][a-zA-Z0-9:-]*/y;
const ATTRIBUTE = /[\s/]*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y;

/**
 * The scan of well-formed markup (what React writes: quoted attributes, closed elements, escaped text), or
 * undefined as soon as something needs the full HTML rules: an unknown entity, CDATA, a processing instruction,
 * an unterminated tag, comment or raw-text element.
 */
export function scanHtmlFast(html: string): PageScan | undefined {
  const scan: PageScan = { ids: new Set(), links: [], renderBlockingScripts: [], blockedInline: [] };
  const open: string[] = [];
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
    TAG_NAME.lastIndex = lt + (closing ? 2 : 1);
    const match = TAG_NAME.exec(html);
    if (!match) {
      if (closing) return undefined;
      at = lt + 1; // a lone "<" is text
      continue;
    }
    const name = match[0].toLowerCase();
    let cursor = TAG_NAME.lastIndex;
    const attributes: Record<string, string> = {};
    for (;;) {
      ATTRIBUTE.lastIndex = cursor;
      const attribute = ATTRIBUTE.exec(html);
      if (!attribute || attribute[0] === '') break;
      cursor = ATTRIBUTE.lastIndex;
      const key = attribute[1]!.toLowerCase();
      const raw = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
      const value = raw.includes('&') ? decodeSimpleEntities(raw) : raw;
      if (value === undefined) return undefined;
      if (!(key in attributes)) attributes[key] = value;
    }
    while (html.charCodeAt(cursor) === 32 || html.charCodeAt(cursor) === 10 || html.charCodeAt(cursor) === 9 || html.charCodeAt(cursor) === 13) cursor++;
    const selfClosing = html.startsWith('/>', cursor);
    if (selfClosing) cursor++;
    if (html.charCodeAt(cursor) !== 62 /* > */) return undefined;
    at = cursor + 1;

    if (closing) {
      const index = open.lastIndexOf(name);
      if (index >= 0) open.length = index;
      if (name === 'head') inHead = false;
      continue;
    }
    if (FULL_RULES_ONLY.has(name)) return undefined;
    if (name === 'head') inHead = true;
    else if (name === 'body') inHead = false;
    const inlineScript = scanTag(scan, name, attributes, open.at(-1), inHead);
    if (VOID_ELEMENTS.has(name) || (selfClosing && (open.includes('svg') || open.includes('math')))) continue;
    if (selfClosing) return undefined;
    if (RAW_TEXT.has(name)) {
      const end = html.indexOf(`</${name}`, at);
      if (end < 0) return undefined;
      if (inlineScript) inlineScriptFound(scan, html.slice(at, end));
      at = end;
      open.push(name);
      continue;
    }
    open.push(name);
  }
}

/** Decodes the entities React writes in attributes; undefined for any other, which the full parser handles. */
function decodeSimpleEntities(value: string): string | undefined {
  let failed = false;
  const decoded = value.replace(/&([^;&]*);?/g, (entity, body: string) => {
    if (!entity.endsWith(';')) return ((failed = true), entity);
    if (body.startsWith('#x') || body.startsWith('#X')) {
      const code = Number.parseInt(body.slice(2), 16);
      if (!/^#[xX][0-9a-fA-F]{1,6}$/.test(body) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || (code >= 0x80 && code <= 0x9f)) return ((failed = true), entity);
      return String.fromCodePoint(code);
    }
    if (body.startsWith('#')) {
      const code = Number(body.slice(1));
      if (!/^#[0-9]{1,7}$/.test(body) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || (code >= 0x80 && code <= 0x9f)) return ((failed = true), entity);
      return String.fromCodePoint(code);
    }
    const simple = SIMPLE_ENTITIES[body];
    if (simple === undefined) return ((failed = true), entity);
    return simple;
  });
  return failed ? undefined : decoded;
}

/** The full HTML tokenizer, for markup the fast path does not take. */
export function scanHtmlFull(html: string): PageScan {
  const scan: PageScan = { ids: new Set(), links: [], renderBlockingScripts: [], blockedInline: [] };
  const open: string[] = [];
  let inlineScript: { text: string } | undefined;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = open.at(-1);
        open.push(name);
        if (scanTag(scan, name, attributes, parent, open.includes('head'))) inlineScript = { text: '' };
      },
      ontext(text) {
        if (inlineScript) inlineScript.text += text;
      },
      onclosetag(name) {
        open.pop();
        if (name === 'script' && inlineScript) {
          inlineScriptFound(scan, inlineScript.text);
          inlineScript = undefined;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return scan;
}

/**
 * The scan of a built document whose body was scanned on its own as it was rendered (on any render thread): only
 * the document around the body is parsed here. Head and body scans join in document order, so the result is what
 * scanHtml(html) gives; when the body is not found where expected, the whole document is parsed.
 */
export function scanAroundBody(html: string, body: string, bodyScan: PageScan): PageScan {
  const end = html.lastIndexOf('</body>');
  const start = end - body.length;
  if (end < 0 || start < 0 || !html.startsWith(body, start)) return scanHtml(html);
  const outer = scanHtml(html.slice(0, start) + html.slice(end));
  return {
    ids: new Set([...outer.ids, ...bodyScan.ids]),
    links: [...outer.links, ...bodyScan.links],
    renderBlockingScripts: [...outer.renderBlockingScripts, ...bodyScan.renderBlockingScripts],
    blockedInline: [...outer.blockedInline, ...bodyScan.blockedInline],
  };
}

/**
 * The URLs of a srcset, parsed the way HTML does: a URL runs to the next whitespace (so it may hold
 * commas), then descriptors run to the next comma.
 */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  let at = 0;
  while (at < srcset.length) {
    while (at < srcset.length && /[\s,]/.test(srcset[at]!)) at++;
    const start = at;
    while (at < srcset.length && !/\s/.test(srcset[at]!)) at++;
    const url = srcset.slice(start, at);
    if (url.endsWith(',')) {
      urls.push(url.replace(/,+$/, ''));
      continue;
    }
    if (url) urls.push(url);
    while (at < srcset.length && srcset[at] !== ',') at++;
  }
  return urls.filter(Boolean);
}

function fetchKind(tag: string, attr: string, parent: string | undefined): FetchKind {
  if (tag === 'img' || attr === 'poster') return 'image';
  if (tag === 'video' || tag === 'audio' || tag === 'track') return 'media';
  if (tag === 'source') return parent === 'video' || parent === 'audio' ? 'media' : 'image';
  return 'other';
}
