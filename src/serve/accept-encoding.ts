/** A body encoding the server can send. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** Picks brotli if the client accepts it, else gzip, else identity; `q=0` refuses a coding and `*` covers unlisted ones. */
export function chooseEncoding(header: string | undefined): Encoding {
  const qualities = parseAcceptEncoding(header ?? '');
  const accepts = (coding: string): boolean => (qualities.get(coding) ?? qualities.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip') || accepts('x-gzip')) return 'gzip';
  return 'identity';
}

/** The quality each coding in an Accept-Encoding header is given (1 when no `q` is stated). */
export function parseAcceptEncoding(header: string): Map<string, number> {
  const qualities = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (coding === '') continue;
    let quality = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/i.exec(param);
      if (match?.[1] !== undefined) quality = Number(match[1]);
    }
    qualities.set(coding.toLowerCase(), Number.isFinite(quality) ? quality : 0);
  }
  return qualities;
}
