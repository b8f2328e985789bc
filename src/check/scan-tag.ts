// What the checks keep of one start tag, for both scanners: the fast one (scan-fast.ts) and the full one.

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
export interface HtmlScan {
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

// By tag name, as a Map: an object looked up by a name read from a page is slow for every name it lacks, and
// wrong for a name it inherits (a custom element <constructor>). The tag is kept as the constant: a name read from
// the page would be a slice of it.
const URL_TAGS = new Map(Object.entries(URL_ATTRIBUTES).map(([tag, attrs]) => [tag, { tag, attrs }]));

/** An element whose attributes may hold URLs the link check follows. */
export interface UrlTag {
  tag: string;
  attrs: readonly string[];
}

/** The URL attributes of an element by its (lower-case) name, if it has any. */
export const urlTagOf = (name: string): UrlTag | undefined => URL_TAGS.get(name);

// Script types a browser runs; anything else (JSON, JSON-LD) is data.
const EXECUTABLE_SCRIPT = /^(|module|text\/javascript|application\/javascript)$/i;

/**
 * A tag's attributes as the scan reads them: the first `count` of `names`, in lower case, first occurrence wins
 * (the list is reused from tag to tag); a value is read (and its entities decoded) only when the scan asks for it.
 * A scanner may leave out any attribute `mayMatter` rejects: the scan reads no other.
 */
export interface TagAttributes {
  names: string[];
  count: number;
  value(index: number): string;
}

/** The position of `name` among a tag's attributes, or -1. */
export function attributeIndex(attributes: TagAttributes, name: string): number {
  const { names, count } = attributes;
  for (let index = 0; index < count; index++) if (names[index] === name) return index;
  return -1;
}

/** An attribute's value by its (lower-case) name. */
function attributeOf(attributes: TagAttributes, name: string): string | undefined {
  const index = attributeIndex(attributes, name);
  return index < 0 ? undefined : attributes.value(index);
}

// The attributes scanTag reads, besides event handlers (on…), as one bit per name length by first letter.
const LENGTHS_BY_FIRST = new Int32Array(128);
for (const name of ['id', 'name', 'type', 'style', 'defer', 'async', ...Object.values(URL_ATTRIBUTES).flat()]) {
  LENGTHS_BY_FIRST[name.charCodeAt(0)]! |= 1 << name.length;
}

/**
 * Whether the attribute name at html[start, start + length) may be one scanTag reads, in any case: a cheap test on
 * its first letters and its length, so a scanner need not copy out the names of the many that never matter
 * (class, d, viewBox, aria-…).
 */
export function mayMatter(html: string, start: number, length: number): boolean {
  const first = html.charCodeAt(start) | 32;
  if (first === 111 /* o */ && (html.charCodeAt(start + 1) | 32) === 110 /* n */) return true;
  return first < 128 && length < 31 && ((LENGTHS_BY_FIRST[first]! >> length) & 1) === 1;
}

/**
 * What the scan keeps of each start tag: links, ids, inline code, render-blocking scripts. `urlTag` is the
 * element's URL attributes when the caller has them already (null: it has none); else they are looked up.
 */
export function scanTag(
  scan: HtmlScan,
  name: string,
  attributes: TagAttributes,
  parent: string | undefined,
  inHead: boolean,
  urlTag: UrlTag | null | undefined = urlTagOf(name),
): boolean {
  const { names, count } = attributes;
  const id = attributeOf(attributes, 'id');
  if (id) scan.ids.add(id);
  if (name === 'a') {
    const anchor = attributeOf(attributes, 'name');
    if (anchor) scan.ids.add(anchor);
  }
  if (urlTag) {
    for (const attr of urlTag.attrs) {
      const value = attributeOf(attributes, attr);
      if (value === undefined) continue;
      const urls = attr === 'srcset' ? srcsetUrls(value) : [value.trim()];
      for (const url of urls) {
        scan.links.push({ tag: urlTag.tag, attr, url: url, fetch: fetchKind(name, attr, parent) });
      }
    }
  }
  for (let index = 0; index < count; index++) {
    const attr = names[index]!;
    // An event-handler attribute: on…, in any case.
    if ((attr.charCodeAt(0) | 32) === 111 && (attr.charCodeAt(1) | 32) === 110) {
      scan.blockedInline.push(`<${name} ${attr}>`);
    }
  }
  if (attributeIndex(attributes, 'style') >= 0) scan.blockedInline.push(`<${name} style>`);
  if (name === 'style') scan.blockedInline.push('<style>');
  if (name === 'script' && EXECUTABLE_SCRIPT.test(attributeOf(attributes, 'type') ?? '')) {
    const src = attributeOf(attributes, 'src');
    if (src === undefined) return true;
    if (
      inHead &&
      attributeOf(attributes, 'type') !== 'module' &&
      attributeIndex(attributes, 'defer') < 0 &&
      attributeIndex(attributes, 'async') < 0
    )
      scan.renderBlockingScripts.push(src);
  }
  return false;
}

export function inlineScriptFound(scan: HtmlScan, text: string): void {
  if (text.trim()) scan.blockedInline.push(`<script>${text.trim().slice(0, 40)}</script>`);
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
