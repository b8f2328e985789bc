// Markup written as text, byte for byte as React's server renderer writes the same elements: the document shell
// around every page is made here rather than by React (see document.ts), and must not change a page's bytes.

const NEEDS_ESCAPE = /["&'<>]/;
const ESCAPE_ALL = /["&'<>]/g;
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** Escapes text or an attribute value as React does (`"`, `&`, `'`, `<`, `>`). */
export function escapeHtml(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPE_ALL, (character) => ESCAPES[character]!) : text;
}

// React's own test: a javascript: URL, however it is spaced or cased, is replaced by one that throws.
const JAVASCRIPT_URL =
  /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;
const BLOCKED_URL = "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')";

/** An attribute as the shell writes it: its HTML name and its value, left out when undefined. */
export type Attribute = readonly [name: string, value: string | undefined];

/**
 * ` name="value"` for each attribute that has a value, in order. As React does, an empty `href` or `src` is left
 * out and a javascript: URL in one is blocked.
 */
export function attributes(list: readonly Attribute[]): string {
  let text = '';
  for (const [name, value] of list) {
    if (value === undefined) continue;
    const url = name === 'href' || name === 'src';
    if (url && value === '') continue;
    text += ` ${name}="${escapeHtml(url && JAVASCRIPT_URL.test(value) ? BLOCKED_URL : value)}"`;
  }
  return text;
}

/** A void element such as `<meta .../>`, closed as React closes it. */
export const voidTag = (name: string, list: readonly Attribute[]): string => `<${name}${attributes(list)}/>`;
