import { promises as fs } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../helpers/engine.ts';
import { createFixture, CSS, request } from './fixture.ts';
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

const get = (path: string, headers?: Record<string, string>) => request(server.port, path, { headers });
const CSS_PATH = '/assets/main-ABC123.css';

describe('compression', () => {
  it('sends brotli when br is accepted, and it decodes to the file', async () => {
    const res = await get(CSS_PATH, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(CSS));
    expect(brotliDecompressSync(res.body).toString()).toBe(CSS);
  });

  it('sends gzip when br is refused with q=0, and it decodes to the file', async () => {
    const res = await get(CSS_PATH, { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(CSS);
  });

  it('sends the file as is when no coding is accepted', async () => {
    const res = await get(CSS_PATH, { 'Accept-Encoding': 'gzip;q=0' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.text).toBe(CSS);
  });

  it('never compresses images', async () => {
    const res = await get('/assets/logo.png', { 'Accept-Encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
  });

  it('answers a repeated request with the same compressed bytes', async () => {
    const first = await get('/', { 'Accept-Encoding': 'br' });
    const second = await get('/', { 'Accept-Encoding': 'br' });
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
  });
});

describe('ETag and 304', () => {
  it('gives each encoding its own strong ETag', async () => {
    const plain = (await get(CSS_PATH)).headers.etag;
    const br = (await get(CSS_PATH, { 'Accept-Encoding': 'br' })).headers.etag;
    const gzip = (await get(CSS_PATH, { 'Accept-Encoding': 'gzip' })).headers.etag;
    expect(plain).toMatch(/^"[0-9a-f]+"$/);
    expect(br).toBe(plain?.replace(/"$/, '-br"'));
    expect(gzip).toBe(plain?.replace(/"$/, '-gzip"'));
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await get(CSS_PATH);
    const etag = first.headers.etag ?? '';
    expect(first.headers['last-modified']).toBeTruthy();
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get(CSS_PATH, { 'If-None-Match': ifNoneMatch });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(res.body.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers a stale If-None-Match with the full file', async () => {
    const res = await get(CSS_PATH, { 'If-None-Match': '"stale"' });
    expect(res.status).toBe(200);
    expect(res.text).toBe(CSS);
  });

  it('answers If-Modified-Since with 304 when the file is older', async () => {
    const lastModified = (await get('/robots.txt')).headers['last-modified'] ?? '';
    expect((await get('/robots.txt', { 'If-Modified-Since': lastModified })).status).toBe(304);
  });

  it('never answers 304 for the 404 page', async () => {
    const res = await get('/missing', { 'If-None-Match': '*' });
    expect(res.status).toBe(404);
  });

  it('changes the ETag and body when the file changes', async () => {
    const before = await get('/data.json');
    await fs.writeFile(path.join(fixture.root, 'data.json'), '{"a":2,"changed":true}\n');
    const after = await get('/data.json', { 'If-None-Match': before.headers.etag ?? '' });
    expect(after.status).toBe(200);
    expect(after.text).toBe('{"a":2,"changed":true}\n');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(Number(after.headers['content-length'])).toBe(after.body.length);
  });
});

describe('rule files are re-read when they change', () => {
  it('picks up a new _headers and _redirects', async () => {
    await fs.writeFile(path.join(fixture.root, '_headers'), '/robots.txt\n  X-Robots: changed\n');
    await fs.writeFile(path.join(fixture.root, '_redirects'), '/brand-new /about 307\n');
    const robots = await get('/robots.txt');
    expect(robots.headers['x-robots']).toBe('changed');
    expect(robots.headers['x-frame-options']).toBeUndefined();
    const moved = await get('/brand-new');
    expect(moved.status).toBe(307);
    expect(moved.headers.location).toBe('/about');
  });
});
