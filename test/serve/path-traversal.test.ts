import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../helpers/engine.ts';
import { createFixture, OUTSIDE_MARKER, rawRequest, request } from './fixture.ts';
import type { Fixture } from './fixture.ts';

let fixture: Fixture;
let server: RunningServer;

beforeAll(async () => {
  fixture = await createFixture();
  server = await startServer({ dir: fixture.root, port: 0, host: '127.0.0.1', log: () => {} });
});

afterAll(async () => {
  await server?.close();
  await fixture?.remove();
});

// Each payload must be refused (400) or not found (404); never a byte of the file it aims at.
const PAYLOADS: Array<[payload: string, status: number]> = [
  ['/../../etc/passwd', 400],
  ['/%2e%2e/%2e%2e/etc/passwd', 400],
  ['/.%2e/.%2e/etc/passwd', 400],
  ['/%2E%2E/etc/passwd', 400],
  ['/..%2f..%2fetc/passwd', 400],
  ['/%2e%2e%2f%2e%2e%2fetc%2fpasswd', 400],
  ['/..\\..\\etc\\passwd', 400],
  ['/..%5c..%5cetc%5cpasswd', 400],
  ['/%00', 400],
  ['/index.html%00.txt', 400],
  ['/%zz', 400],
  ['/%ff', 400],
  ['//etc/passwd', 404],
  ['/assets/../../etc/passwd', 400],
  ['/../outside/secret.txt', 400],
  ['/%2e%2e/outside/secret.txt', 400],
];

function expectNoLeak(text: string): void {
  expect(text).not.toContain('root:');
  expect(text).not.toContain(OUTSIDE_MARKER);
}

describe('path traversal', () => {
  it.each(PAYLOADS)('%s → %i (http.request)', async (payload, status) => {
    const res = await request(server.port, payload);
    expect(res.status).toBe(status);
    expectNoLeak(res.text);
  });

  it.each(PAYLOADS)('%s → %i (raw socket)', async (payload, status) => {
    const response = await rawRequest(server.port, payload);
    expect(response.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
    expectNoLeak(response);
  });

  it('refuses a raw NUL byte in the request line', async () => {
    const response = await rawRequest(server.port, '/index.html\0.txt');
    // Node's parser may refuse it before the handler does; either way it is a 400.
    expect(response.startsWith('HTTP/1.1 400 ')).toBe(true);
    expectNoLeak(response);
  });

  it('answers a 400 with a short text body', async () => {
    const res = await request(server.port, '/../../etc/passwd');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text.length).toBeLessThan(200);
  });

  it.each(['/leak.txt', '/leakdir/secret.txt', '/leakdir'])(
    'does not follow the symlink %s out of the folder',
    async (path) => {
      const res = await request(server.port, path);
      expect(res.status).toBe(404);
      expectNoLeak(res.text);
    },
  );

  it('does not rewrite to a file outside the folder through a splat', async () => {
    const res = await request(server.port, '/files/..%2f..%2fetc%2fpasswd');
    expect(res.status).toBe(400);
    expectNoLeak(res.text);
  });
});
