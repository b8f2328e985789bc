// The character references the fast scan decodes itself (scan-fast.ts): what React writes in attribute values.

const SIMPLE_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the entities React writes in attributes; undefined for any other, which the full parser handles. */
export function decodeSimpleEntities(value: string): string | undefined {
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
