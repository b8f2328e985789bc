// A stand-in for GitHub's OAuth web flow on 127.0.0.1, for the sign-in Functions in functions/api/: the authorize
// page sends the browser straight back with a code, and the token endpoint checks everything GitHub checks.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request to the token endpoint, as the fake read it. */
export interface TokenRequest {
  accept: string | undefined;
  clientId: string | null;
  clientSecret: string | null;
  code: string | null;
  redirectUri: string | null;
}

export interface FakeGitHub {
  origin: string;
  /** The callback address the OAuth app allows; set once the site's origin is known. */
  redirectUri: string;
  /** When true, the authorize page sends back a state of its own instead of the one it was given. */
  forgeState: boolean;
  /** The query of every authorize request. */
  readonly authorizeRequests: URLSearchParams[];
  readonly tokenRequests: TokenRequest[];
  /** Every code the authorize page gave out, and every token the token endpoint gave out, in order. */
  readonly codes: string[];
  readonly tokens: string[];
  /** Forgets the requests, codes and tokens, and stops forging: each test starts clean. */
  reset(): void;
  close(): Promise<void>;
}

/** The state the fake sends back when forging: well formed, but not the one it was given. */
export const FORGED_STATE = 'forged-state-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';

/** Starts the fake for an OAuth app with this id and secret. */
export async function startFakeGitHub(app: { clientId: string; clientSecret: string }): Promise<FakeGitHub> {
  const unused = new Set<string>();
  const fake: FakeGitHub = {
    origin: '',
    redirectUri: '',
    forgeState: false,
    authorizeRequests: [],
    tokenRequests: [],
    codes: [],
    tokens: [],
    reset() {
      fake.forgeState = false;
      for (const list of [fake.authorizeRequests, fake.tokenRequests, fake.codes, fake.tokens]) list.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // workerd keeps its connection open; close() alone would wait for it.
        server.closeAllConnections();
      }),
  };

  const authorize = (query: URLSearchParams, response: http.ServerResponse) => {
    fake.authorizeRequests.push(query);
    // GitHub shows an error page, not a redirect, for an unknown client or a callback the app does not allow.
    if (
      query.get('client_id') !== app.clientId ||
      query.get('redirect_uri') !== fake.redirectUri ||
      !query.get('state')
    ) {
      response.writeHead(400, { 'Content-Type': 'text/plain' }).end('bad authorize request');
      return;
    }
    const code = `code-${randomBytes(8).toString('hex')}`;
    fake.codes.push(code);
    unused.add(code);
    const back = new URL(fake.redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', fake.forgeState ? FORGED_STATE : query.get('state')!);
    response.writeHead(302, { Location: back.href }).end();
  };

  const exchange = (request: http.IncomingMessage, body: string, response: http.ServerResponse) => {
    const form = new URLSearchParams(body);
    const seen: TokenRequest = {
      accept: request.headers.accept,
      clientId: form.get('client_id'),
      clientSecret: form.get('client_secret'),
      code: form.get('code'),
      redirectUri: form.get('redirect_uri'),
    };
    fake.tokenRequests.push(seen);
    const valid =
      seen.clientId === app.clientId &&
      seen.clientSecret === app.clientSecret &&
      seen.redirectUri === fake.redirectUri &&
      seen.code !== null &&
      unused.delete(seen.code);
    // GitHub answers JSON only when asked to, and reports a refused code with status 200.
    const token = `gho_fake${randomBytes(12).toString('hex')}`;
    const answer: Record<string, string> = valid
      ? { access_token: token, token_type: 'bearer', scope: 'repo' }
      : { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' };
    if (valid) fake.tokens.push(token);
    if (seen.accept === 'application/json') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    } else {
      response
        .writeHead(200, { 'Content-Type': 'application/x-www-form-urlencoded' })
        .end(new URLSearchParams(answer).toString());
    }
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        return authorize(url.searchParams, response);
      }
      if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        return exchange(request, body, response);
      }
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
