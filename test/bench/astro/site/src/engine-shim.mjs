// Stands in for the engine's `src/index.ts` when Astro renders our templates: the Vite plugin in astro.config.mjs
// sends every import that resolves to that file here. Only what the templates use at run time is here (their type
// imports are erased). Nothing of src/ is imported: it is the engine's own, and changes. Plain JavaScript, so the
// repository's type check (which covers test/) has nothing of the harness to check.
import { createElement } from 'react';

/**
 * The engine renders `<RenderOnce>`'s children once per build and reuses the HTML inside the `as` element. Astro
 * has no such cache: here the children render inside the `as` element on every page, as any React component
 * under Astro would. The markup is the same.
 */
export function RenderOnce({ as, cacheKey: _cacheKey, children, ...attributes }) {
  return createElement(as, attributes, children);
}

/**
 * The engine renders an island as its own root, with its props in a JSON block and a hydration marker. Astro's
 * counterpart without a client directive is the component rendered in place, server-only.
 */
export function Island({ component, props }) {
  return createElement(component, props);
}

/** As the engine's: freezes a value and everything in it. */
export function deepFreeze(value) {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const NEEDS_ESCAPE = /["&'<>]/;
const ESCAPE_ALL = /["&'<>]/g;
const ESCAPES = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const JAVASCRIPT_URL =
  /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;
const BLOCKED_URL = "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')";

/** As the engine's: escapes text or an attribute value as React does. */
export function escapeHtml(text) {
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPE_ALL, (character) => ESCAPES[character]) : text;
}

/** As the engine's: ` name="value"` for each [name, value] with a value, written as React writes it. */
export function attributes(list) {
  let text = '';
  for (const [name, value] of list) {
    if (value === undefined) continue;
    const url = name === 'href' || name === 'src';
    if (url && value === '') continue;
    text += ` ${name}="${escapeHtml(url && JAVASCRIPT_URL.test(value) ? BLOCKED_URL : value)}"`;
  }
  return text;
}

/** As the engine's: checks an http(s) origin and drops a trailing slash. */
export function normaliseSiteUrl(value, source) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${source} is not an absolute URL: "${value}".`);
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`${source} must be an http(s) origin with no path, query or fragment: "${value}".`);
  }
  return url.origin;
}

// The site definition's builders, as the engine's, so templates/site.config.ts loads here and the harness reads
// the collections it declares (files, schemas, summaries) rather than a copy of them.
export const defineSite = (definition) => definition;
export const jsonFile = (file, schema, options = {}) => ({ kind: 'json', file, schema, ...options });
export const jsonFolder = (dir, schema) => ({ kind: 'json-folder', dir, schema });
export const jsonFolderOnDemand = (dir, schema, summary) => ({ kind: 'json-folder-on-demand', dir, schema, summary });
export const markdownFolder = (dir, schema, options = {}) => ({ kind: 'markdown', dir, schema, ...options });
