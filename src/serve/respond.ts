import type { IncomingMessage, ServerResponse } from 'node:http';

/** The headers `_headers` rules give a response, already matched and joined. */
export type RuleHeaders = ReadonlyArray<readonly [string, string]>;
/** The headers the server computes itself. */
export type BaseHeaders = Record<string, string | number>;

// These frame the body or were computed from it; a `_headers` rule setting one would break the response.
const PROTECTED = new Set([
  'content-length',
  'content-encoding',
  'content-range',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'etag',
  'location',
]);

// Sent whatever `_headers` says, as Cloudflare does with every response that has a body type.
const DEFAULTS: BaseHeaders = { 'X-Content-Type-Options': 'nosniff' };

/** Writes the status and headers: the defaults, then ours, then the `_headers` rules over them (Vary is merged). */
export function writeHead(res: ServerResponse, status: number, base: BaseHeaders, rules: RuleHeaders): void {
  for (const [name, value] of Object.entries(DEFAULTS)) res.setHeader(name, value);
  for (const [name, value] of Object.entries(base)) res.setHeader(name, value);
  for (const [name, value] of rules) {
    const key = name.toLowerCase();
    if (PROTECTED.has(key)) continue;
    const ours = res.getHeader(key);
    res.setHeader(name, key === 'vary' && typeof ours === 'string' ? `${ours}, ${value}` : value);
  }
  res.writeHead(status);
}

/** Sends a complete body (none for HEAD) with a correct Content-Length. */
export function sendBody(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  base: BaseHeaders,
  rules: RuleHeaders,
  body: Buffer,
): void {
  writeHead(res, status, { ...base, 'Content-Length': body.length }, rules);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Sends a short plain-text answer such as `Not found`. */
export function sendText(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  text: string,
  rules: RuleHeaders,
  extra: BaseHeaders = {},
): void {
  sendBody(req, res, status, { 'Content-Type': 'text/plain; charset=utf-8', ...extra }, rules, Buffer.from(text));
}

/** Sends a redirect with its Location and a one-line body naming it. */
export function sendRedirect(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  location: string,
  rules: RuleHeaders,
): void {
  sendText(req, res, status, `Redirecting to ${location}\n`, rules, { Location: location });
}
