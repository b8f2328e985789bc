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

/** Parses a built HTML page once, collecting what the link check, the CSP and the budgets need. */
export function scanHtml(html: string): PageScan {
  const scan: PageScan = { ids: new Set(), links: [], renderBlockingScripts: [], blockedInline: [] };
  const open: string[] = [];
  let inlineScript: { text: string } | undefined;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = open.at(-1);
        open.push(name);
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
          if (attributes.src === undefined) inlineScript = { text: '' };
          else if (open.includes('head') && attributes.type !== 'module' && attributes.defer === undefined && attributes.async === undefined) {
            scan.renderBlockingScripts.push(attributes.src);
          }
        }
      },
      ontext(text) {
        if (inlineScript) inlineScript.text += text;
      },
      onclosetag(name) {
        open.pop();
        if (name === 'script' && inlineScript) {
          if (inlineScript.text.trim()) scan.blockedInline.push(`<script>${inlineScript.text.trim().slice(0, 40)}</script>`);
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
