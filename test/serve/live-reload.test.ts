import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../helpers/engine.ts';
import { createFixture, NOT_FOUND_MARKER, request } from './fixture.ts';
import type { Fixture } from './fixture.ts';

const TAG = '<script src="/__site/livereload.js" defer></script>';

let fixture: Fixture;
let withReload: RunningServer;
let withoutReload: RunningServer;

beforeAll(async () => {
  fixture = await createFixture();
  withReload = await startServer({ dir: fixture.root, port: 0, host: '127.0.0.1', liveReload: true, log: () => {} });
  withoutReload = await startServer({ dir: fixture.root, port: 0, host: '127.0.0.1', log: () => {} });
});

afterAll(async () => {
  await withReload?.close();
  await withoutReload?.close();
  await fixture?.remove();
});

/** Opens the event stream and resolves once the server's first comment arrived, with a way to wait for more text. */
function openStream(
  port: number,
): Promise<{ res: http.IncomingMessage; waitFor: (text: string) => Promise<string>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/__site/livereload', agent: false }, (res) => {
      let received = '';
      const waiters: Array<() => void> = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        received += chunk;
        waiters.splice(0).forEach((wake) => wake());
      });
      const waitFor = (text: string): Promise<string> =>
        new Promise((done, fail) => {
          const check = (): void => {
            if (received.includes(text)) done(received);
            else waiters.push(check);
          };
          res.once('end', () => fail(new Error(`stream ended before "${text}"; got ${JSON.stringify(received)}`)));
          check();
        });
      waitFor(': connected').then(() => resolve({ res, waitFor, close: () => req.destroy() }), reject);
    });
    req.on('error', reject);
  });
}

describe('live reload on', () => {
  it('injects the script before </body> with a matching Content-Length', async () => {
    const res = await request(withReload.port, '/about');
    expect(res.text).toContain(`${TAG}</body>`);
    expect(res.text.match(/livereload\.js/g)).toHaveLength(1);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
  });

  it('injects into the 404 page too, but not into CSS', async () => {
    const missing = await request(withReload.port, '/missing');
    expect(missing.text).toContain(NOT_FOUND_MARKER);
    expect(missing.text).toContain(TAG);
    const css = await request(withReload.port, '/assets/main-ABC123.css');
    expect(css.text).not.toContain('livereload');
  });

  it('gives the injected page another ETag than the plain one', async () => {
    const injected = await request(withReload.port, '/about');
    const plain = await request(withoutReload.port, '/about');
    expect(injected.headers.etag).not.toBe(plain.headers.etag);
    const revalidated = await request(withReload.port, '/about', {
      headers: { 'If-None-Match': injected.headers.etag ?? '' },
    });
    expect(revalidated.status).toBe(304);
  });

  it('serves the client script', async () => {
    const res = await request(withReload.port, '/__site/livereload.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.text).toContain('new EventSource("/__site/livereload")');
    expect(res.text).toContain('location.reload()');
  });

  it('sends event: reload to every open stream after reload()', async () => {
    const streams = [await openStream(withReload.port), await openStream(withReload.port)];
    try {
      expect(streams[0]?.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(streams[0]?.res.headers['content-encoding']).toBeUndefined();
      withReload.reload();
      for (const stream of streams) {
        expect(await stream.waitFor('event: reload\ndata: 1\n\n')).toContain('event: reload\ndata: 1\n\n');
      }
    } finally {
      streams.forEach((stream) => stream.close());
    }
  });

  it('closes open streams when the server closes', async () => {
    const server = await startServer({
      dir: fixture.root,
      port: 0,
      host: '127.0.0.1',
      liveReload: true,
      log: () => {},
    });
    const stream = await openStream(server.port);
    const ended = new Promise<void>((resolve) => stream.res.on('close', () => resolve()));
    await server.close();
    // Without closeAll the stream would stay open and this would never settle.
    await ended;
  });
});

describe('live reload off', () => {
  it('injects nothing', async () => {
    const res = await request(withoutReload.port, '/about');
    expect(res.text).not.toContain('livereload');
  });

  it.each(['/__site/livereload', '/__site/livereload.js'])('answers %s with 404', async (path) => {
    const res = await request(withoutReload.port, path);
    expect(res.status).toBe(404);
  });

  it('makes reload() harmless', () => {
    expect(() => withoutReload.reload()).not.toThrow();
  });
});
