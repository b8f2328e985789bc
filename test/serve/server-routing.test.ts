import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../helpers/engine.ts';
import { createFixture, NOT_FOUND_MARKER, request } from './fixture.ts';
import type { Fixture } from './fixture.ts';

let fixture: Fixture;
let server: RunningServer;
const logged: string[] = [];

beforeAll(async () => {
  fixture = await createFixture();
  server = await startServer({ dir: fixture.root, port: 0, host: '127.0.0.1', log: (line) => logged.push(line) });
});

afterAll(async () => {
  await server?.close();
  await fixture?.remove();
});

const get = (path: string, headers?: Record<string, string>) => request(server.port, path, { headers });

describe('startServer', () => {
  it('reports the real port and url when asked for port 0', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });
});

describe('clean URLs', () => {
  it.each([
    ['/', 'Home page'],
    ['/about', 'About page'],
    ['/blog', 'Blog page'],
    ['/blog/post-one', 'Post one'],
  ])('%s serves its page', async (path, title) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain(`<h1>${title}</h1>`);
  });

  it('serves a hashed asset with upper-case letters by its exact name', async () => {
    const res = await get('/assets/main-ABC123.css');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
  });
});

describe('clean URLs as Cloudflare Pages answers them', () => {
  it.each([
    ['/about.html', '/about'],
    ['/index.html', '/'],
    ['/index', '/'],
    ['/blog/post-one.html', '/blog/post-one'],
    ['/about.html?x=1', '/about?x=1'],
    ['/about/', '/about'],
    ['/blog/?page=2', '/blog?page=2'],
    ['/blog/post-one/index', '/blog/post-one/'],
    ['/blog/post-one/index/', '/blog/post-one/'],
  ])('%s → 308 %s', async (path, location) => {
    const res = await get(path);
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe(location);
  });

  it.each(['/About', '/About/', '/BLOG/Post-One', '/about.HTML'])(
    'answers %s, with capitals, with the 404 page, never cached',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.text).toContain(NOT_FOUND_MARKER);
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('never redirects to another host when the path starts with two slashes', async () => {
    expect((await get('//evil.example/')).status).toBe(404);
    const res = await get('//about/');
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe('/about');
  });
});

describe('_redirects', () => {
  it('applies a plain rule with the default 302', async () => {
    const res = await get('/old-about');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/about');
  });

  it('substitutes a splat and keeps the query string', async () => {
    const res = await get('/old-blog/post-one?ref=feed');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/blog/post-one?ref=feed');
  });

  it('substitutes a placeholder', async () => {
    const res = await get('/posts/post-one');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/blog/post-one');
  });

  it('redirects to an absolute URL', async () => {
    const res = await get('/docs');
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe('https://docs.example.com/start');
  });

  it('rewrites with 200 to the target, found as a request for it would be', async () => {
    const res = await get('/app/dashboard/settings');
    expect(res.status).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.text).toContain('<h1>Blog page</h1>');
  });

  it('applies a rule even where a file exists, as Cloudflare Pages does', async () => {
    const res = await get('/moved.txt');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/robots.txt');
  });

  it('logs the malformed line by number at start-up', () => {
    expect(logged.filter((line) => line.includes('_redirects line 8'))).toHaveLength(1);
    expect(logged.some((line) => line.includes('_redirects line') && !line.includes('line 8'))).toBe(false);
  });
});

describe('not found', () => {
  it('answers an unknown path with 404 and the 404.html page', async () => {
    const res = await get('/no-such-page');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain(NOT_FOUND_MARKER);
  });

  it.each(['/_headers', '/_redirects'])('never serves %s', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.text).toContain(NOT_FOUND_MARKER);
    expect(res.text).not.toContain('X-Frame-Options');
    expect(res.text).not.toContain('/old-about');
  });

  it('does not find a file under another letter case', async () => {
    const res = await get('/assets/main-abc123.css');
    expect(res.status).toBe(404);
  });
});

describe('_headers', () => {
  it('applies the /* rule to pages, 404s and redirects', async () => {
    for (const path of ['/', '/no-such-page', '/About/', '/old-about', '/about.html']) {
      const res = await get(path);
      expect(res.headers['x-frame-options'], path).toBe('DENY');
    }
  });

  it('applies /assets/* to assets', async () => {
    const res = await get('/assets/main-ABC123.css');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['permissions-policy']).toBe('camera=()');
  });

  it('matches the path as requested and joins a header two rules set', async () => {
    const res = await get('/about');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(res.headers['permissions-policy']).toBe('camera=(), geolocation=()');
    const moved = await get('/about/');
    expect(moved.headers['permissions-policy']).toBe('camera=()');
    expect(moved.headers['cache-control']).toBeUndefined();
  });

  it('replaces any Cache-Control of a 404 with no-store', async () => {
    const res = await get('/assets/missing.css');
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('always sends nosniff', async () => {
    expect((await get('/')).headers['x-content-type-options']).toBe('nosniff');
    expect((await get('/missing')).headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('content types', () => {
  it.each([
    ['/assets/app-XYZ789.js', 'text/javascript; charset=utf-8'],
    ['/assets/logo.png', 'image/png'],
    ['/assets/data.bin', 'application/octet-stream'],
    ['/images/photo.webp', 'image/webp'],
    ['/sitemap.xml', 'application/xml; charset=utf-8'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/site.webmanifest', 'application/manifest+json; charset=utf-8'],
    ['/data.json', 'application/json; charset=utf-8'],
    ['/icon.svg', 'image/svg+xml; charset=utf-8'],
    ['/video.mp4', 'video/mp4'],
  ])('%s is %s', async (path, type) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
  });
});

describe('methods', () => {
  it('answers HEAD with the same headers as GET and no body', async () => {
    const full = await get('/about');
    const head = await request(server.port, '/about', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-type', 'content-length', 'etag', 'last-modified', 'cache-control']) {
      expect(head.headers[name], name).toBe(full.headers[name]);
    }
    expect(Number(head.headers['content-length'])).toBe(full.body.length);
  });

  it.each(['POST', 'PUT', 'DELETE'])('answers %s with 405 and Allow', async (method) => {
    const res = await request(server.port, '/about', { method });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

describe('byte ranges', () => {
  it('sends part of a media file', async () => {
    const res = await get('/video.mp4', { Range: 'bytes=2-5' });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 2-5/10');
    expect(res.text).toBe('2345');
  });

  it('refuses a range past the end with 416', async () => {
    const res = await get('/video.mp4', { Range: 'bytes=50-' });
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */10');
  });
});
