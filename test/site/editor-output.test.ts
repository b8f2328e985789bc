import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SiteError } from '../../src/core/errors.ts';
import { patchedBundle } from '../../src/editor/editor-files.ts';
import { headersForPath, parseHeadersFile } from '../../src/host/headers-file.ts';
import { buildInMemory, type MemoryBuild } from '../helpers/build-in-memory.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';

// Issue 52: the editor at /admin. Its page alone gets the policy Decap needs ('unsafe-eval', inline styles, a popup
// for the GitHub sign-in); every other page keeps the strict one. It stays out of search, of the sitemap and of the
// service worker, and the build reports its size.

let built: MemoryBuild;
let local: MemoryBuild;
const LOCAL_API = 'http://127.0.0.1:8091/api/v1';

beforeAll(async () => {
  [built, local] = await Promise.all([
    buildInMemory(PROJECT_ROOT),
    buildInMemory(PROJECT_ROOT, { SITE_EDITOR_LOCAL_BACKEND: LOCAL_API }),
  ]);
});

/** The headers a host gives a path, as Cloudflare Pages reads `_headers` (site serve reads it the same way). */
function headersOf(site: MemoryBuild, urlPath: string): Record<string, string> {
  return Object.fromEntries(headersForPath(parseHeadersFile(site.text('_headers')).rules, urlPath));
}

/** The directives of a Content-Security-Policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

describe("the editor's policy", () => {
  it('allows /admin and its files what Decap needs, and keeps the popup for the GitHub sign-in', () => {
    for (const urlPath of ['/admin', '/admin/config.yml', '/admin/decap-cms.js', '/admin/editor-init.js']) {
      const headers = headersOf(built, urlPath);
      const policy = directives(headers['Content-Security-Policy']!);
      expect(policy.get('script-src'), urlPath).toEqual(["'self'", "'unsafe-eval'"]);
      expect(policy.get('style-src'), urlPath).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy.get('connect-src'), urlPath).toEqual(["'self'", 'blob:', 'https://api.github.com']);
      expect(policy.get('frame-ancestors'), urlPath).toEqual(["'none'"]);
      // One policy, not the strict one joined to it (a browser would apply both, and the stricter would win).
      expect(headers['Content-Security-Policy'], urlPath).not.toContain(',');
      expect(headers['Cross-Origin-Opener-Policy'], urlPath).toBe('same-origin-allow-popups');
      expect(headers['X-Robots-Tag'], urlPath).toBe('noindex');
    }
  });

  it('keeps the strict policy on every page of the site, unchanged', () => {
    const strict = headersOf(built, '/')['Content-Security-Policy']!;
    expect(directives(strict).get('script-src')).toEqual(["'self'"]);
    expect(directives(strict).get('style-src')).toEqual(["'self'"]);
    for (const file of built.pages()) {
      const urlPath = file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`;
      const headers = headersOf(built, urlPath);
      expect(headers['Content-Security-Policy'], urlPath).toBe(strict);
      expect(headers['Cross-Origin-Opener-Policy'], urlPath).toBe('same-origin');
    }
    // /admin-seo-pages shares the prefix but not the folder: it keeps the site's policy.
    expect(headersOf(built, '/admin-seo-pages')['Content-Security-Policy']).toBe(strict);
  });

  it("warns, naming the README's steps, when the live editor has no repository to save to, and not once it has one", async () => {
    const warning =
      /^The editor at \/admin has no production backend: the owner cannot sign in on the live site until the site names the repository it saves to \(see "Setting it up \(once\)" in the README\)\.$/;
    expect(built.report.warnings.filter((line) => warning.test(line))).toHaveLength(1);
    const configured = await buildInMemory(PROJECT_ROOT, { SITE_EDITOR_REPO: 'hartwell/site' });
    expect(configured.report.warnings.some((line) => line.includes('no production backend'))).toBe(false);
    expect(JSON.parse(configured.text('admin/config.yml')).backend).toMatchObject({
      name: 'github',
      repo: 'hartwell/site',
      branch: 'main',
    });
  });

  it('lets the editor reach the local backend only in a build that site edit makes', () => {
    expect(JSON.parse(built.text('admin/config.yml'))).not.toHaveProperty('local_backend');
    expect(JSON.parse(local.text('admin/config.yml')).local_backend).toEqual({
      url: LOCAL_API,
      allowed_hosts: ['127.0.0.1', 'localhost'],
    });
    expect(directives(headersOf(local, '/admin')['Content-Security-Policy']!).get('connect-src')).toEqual([
      "'self'",
      'blob:',
      'https://api.github.com',
      'http://127.0.0.1:8091',
    ]);
    expect(headersOf(local, '/')['Content-Security-Policy']).toBe(headersOf(built, '/')['Content-Security-Policy']);
  });

  it('refuses a local backend that is not on this machine', async () => {
    let error: unknown;
    await buildInMemory(PROJECT_ROOT, { SITE_EDITOR_LOCAL_BACKEND: 'https://cms.example.com/api/v1' }).catch(
      (caught: unknown) => (error = caught),
    );
    // The build runs the engine's sources, so its error is an instance of src/core/errors.ts's class.
    expect(error).toBeInstanceOf(SiteError);
    expect(error).toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('SITE_EDITOR_LOCAL_BACKEND'),
    });
  });
});

describe("the editor's page and files", () => {
  it('is a page for no search engine, sitemap or service worker', () => {
    const $ = built.$('admin.html');
    expect($('meta[name=robots]').attr('content')).toBe('noindex, nofollow');
    expect($('link[rel=cms-config-url]').attr('href')).toBe('/admin/config.yml');
    expect(built.text('robots.txt')).toMatch(/^Disallow: \/admin$/m);
    expect(built.text('sitemap.xml')).not.toMatch(/\/admin</);
    const worker = built.text('service-worker.js');
    const manifest = JSON.parse(/\{"version":.*?"bypass":\[[^\]]*\]\}/.exec(worker)![0]) as {
      precache: string[];
      bypass: string[];
    };
    expect(manifest.bypass).toEqual(['/admin']);
    expect(manifest.precache.some((url) => url.startsWith('/admin'))).toBe(false);
  });

  it("ships Decap's own bundle as the engine keeps it, no CDN, with the stylesheet that fits it to a phone", () => {
    const bundle = readFileSync(path.join(PROJECT_ROOT, 'src/editor/decap/decap-cms.js'));
    const shipped = built.files.find((file) => file.path === 'admin/decap-cms.js')!;
    expect('source' in shipped && readFileSync(shipped.source).equals(patchedBundle(bundle))).toBe(true);
    const chunk = built.files.find((file) => file.path === 'admin/103.decap-cms.js')!;
    expect('source' in chunk && chunk.source).toBe(path.join(PROJECT_ROOT, 'src/editor/decap/103.decap-cms.js'));
    const $ = built.$('admin.html');
    expect(
      $('script')
        .map((_, script) => $(script).attr('src'))
        .get(),
    ).toEqual(['/admin/editor-init.js', '/admin/decap-cms.js']);
    expect($('link[rel=stylesheet]').attr('href')).toBe('/admin/editor.css');
    expect(built.files.some((file) => file.path === 'admin/editor.css')).toBe(true);
    const [editor] = built.report.features;
    expect(editor).toMatchObject({ name: 'editor', path: '/admin' });
    expect(editor!.bytes).toBeGreaterThan(bundle.length);
    expect(editor!.gzipBytes).toBeGreaterThan(1_000_000);
    expect(editor!.gzipBytes).toBeLessThan(bundle.length);
  });
});
