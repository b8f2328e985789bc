import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const NOT_FOUND_MARKER = 'FIXTURE-404-PAGE-MARKER';
export const OUTSIDE_MARKER = 'root:x:0:0:OUTSIDE-SECRET';

const page = (title: string): string =>
  `<!doctype html>\n<html><head><title>${title}</title></head>\n<body><h1>${title}</h1>\n${'<p>Filler text so compression has something to do.</p>\n'.repeat(
    40,
  )}</body></html>\n`;

export const CSS = `body { color: #123456; }\n${'.card { margin: 0 auto; padding: 1rem; }\n'.repeat(50)}`;

const HEADERS_FILE = `# Security headers for every response
/*
  X-Frame-Options: DENY
  Permissions-Policy: camera=()

/assets/*
  Cache-Control: public, max-age=31536000, immutable

/about
  Cache-Control: public, max-age=0, must-revalidate
  Permissions-Policy: geolocation=()
`;

const REDIRECTS_FILE = `# Moved pages
/old-about        /about
/old-blog/*       /blog/:splat      302
/posts/:slug      /blog/:slug       301

/app/*            /blog             200
/files/*          /assets/:splat    200
this-line-is-malformed
/docs             https://docs.example.com/start 308
/moved.txt        /robots.txt       301
`;
/** A built-site fixture in a temp folder, with a secret file next to (outside) it. */
export interface Fixture {
  root: string;
  outside: string;
  remove(): Promise<void>;
}

/** Writes the fixture site: pages, an asset, 404.html, _headers, _redirects and symlinks that point outside. */
export async function createFixture(): Promise<Fixture> {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), 'site-serve-test-'));
  const root = path.join(base, 'dist');
  const outside = path.join(base, 'outside');
  const files: Record<string, string> = {
    'index.html': page('Home page'),
    'about.html': page('About page'),
    'blog.html': page('Blog page'),
    'blog/post-one.html': page('Post one'),
    '404.html': `<!doctype html><html><body><h1>${NOT_FOUND_MARKER}</h1></body></html>`,
    'assets/main-ABC123.css': CSS,
    'assets/app-XYZ789.js': 'console.log("hi");\n',
    'assets/logo.png': '\x89PNG fake',
    'assets/data.bin': 'binary-ish',
    'images/photo.webp': 'RIFF fake',
    'sitemap.xml': '<?xml version="1.0"?><urlset></urlset>\n',
    'robots.txt': 'User-agent: *\n',
    'moved.txt': 'this file is shadowed by a rule, as on Cloudflare Pages\n',
    'site.webmanifest': '{"name":"site"}\n',
    'data.json': '{"a":1}\n',
    'icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>\n',
    'video.mp4': '0123456789',
    _headers: HEADERS_FILE,
    _redirects: REDIRECTS_FILE,
  };
  for (const [name, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await fs.writeFile(path.join(root, name), content, name.endsWith('.png') ? 'latin1' : 'utf8');
  }
  await fs.mkdir(outside, { recursive: true });
  await fs.writeFile(path.join(outside, 'secret.txt'), `${OUTSIDE_MARKER}\n`);
  await fs.symlink(path.join(outside, 'secret.txt'), path.join(root, 'leak.txt'));
  await fs.symlink(outside, path.join(root, 'leakdir'));
  return { root, outside, remove: () => fs.rm(base, { recursive: true, force: true }) };
}

/** A response with its body collected as bytes (not decompressed). */
export interface TestResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** Sends one request to 127.0.0.1 with the path exactly as given (Node does not normalise it). */
export function request(
  port: number,
  requestPath: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: requestPath,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Writes a request line byte for byte on a socket and returns everything the server sent back. */
export function rawRequest(port: number, requestPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('connect', () =>
      socket.write(`GET ${requestPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}
