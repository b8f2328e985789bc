import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, SiteError, startServer } from '../helpers/engine.ts';
import { createFixture, request } from './fixture.ts';
import type { Fixture } from './fixture.ts';

let fixture: Fixture;
let first: RunningServer;

beforeAll(async () => {
  fixture = await createFixture();
  first = await startServer({ dir: fixture.root, port: 0, host: '127.0.0.1', log: () => {} });
});

afterAll(async () => {
  await first?.close();
  await fixture?.remove();
});

async function startError(dir: string, port: number): Promise<unknown> {
  try {
    const server = await startServer({ dir, port, host: '127.0.0.1', log: () => {} });
    await server.close();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('startServer errors', () => {
  it('rejects a port in use with SERVE_PORT_IN_USE and one clear line', async () => {
    const error = await startError(fixture.root, first.port);
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).code).toBe('SERVE_PORT_IN_USE');
    expect((error as SiteError).message).toBe(`Port ${first.port} on 127.0.0.1 is already in use.`);
  });

  it('rejects a missing folder with SERVE_DIR_MISSING naming the folder', async () => {
    const missing = path.join(fixture.root, 'no-such-folder');
    const error = await startError(missing, 0);
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).code).toBe('SERVE_DIR_MISSING');
    expect((error as SiteError).message).toContain(missing);
  });

  it('rejects a file given as the folder with SERVE_DIR_MISSING', async () => {
    const error = await startError(path.join(fixture.root, 'index.html'), 0);
    expect((error as SiteError).code).toBe('SERVE_DIR_MISSING');
  });
});

describe('close', () => {
  it('stops answering and frees the port', async () => {
    const server = await startServer({ dir: fixture.root, port: 0, host: '127.0.0.1', log: () => {} });
    expect((await request(server.port, '/')).status).toBe(200);
    await server.close();
    await expect(request(server.port, '/')).rejects.toThrow(/ECONNREFUSED/);
    const again = await startServer({ dir: fixture.root, port: server.port, host: '127.0.0.1', log: () => {} });
    await again.close();
  });

  it('resolves when called twice', async () => {
    const server = await startServer({ dir: fixture.root, port: 0, host: '127.0.0.1', log: () => {} });
    await server.close();
    await expect(server.close()).resolves.toBeUndefined();
  });
});

describe('a folder without 404.html or rule files', () => {
  it('is served as a single-page app, as on Cloudflare Pages: index.html answers an unknown path', async () => {
    const { promises: fs } = await import('node:fs');
    const bare = path.join(path.dirname(fixture.root), 'bare');
    await fs.mkdir(bare, { recursive: true });
    await fs.writeFile(path.join(bare, 'index.html'), '<p>bare</p>');
    const server = await startServer({ dir: bare, port: 0, host: '127.0.0.1', log: () => {} });
    try {
      const res = await request(server.port, '/missing');
      expect(res.status).toBe(200);
      expect(res.text).toBe('<p>bare</p>');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      await fs.rm(path.join(bare, 'index.html'));
      const empty = await request(server.port, '/missing');
      expect(empty.status).toBe(404);
      expect(empty.text).toBe('Not found\n');
      expect(empty.headers['cache-control']).toBe('no-store');
    } finally {
      await server.close();
    }
  });
});
