import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, type MemoryBuild } from '../helpers/build-in-memory.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';

let site: MemoryBuild;
let redirects: Map<string, string>;

beforeAll(async () => {
  site = await buildInMemory(PROJECT_ROOT);
  redirects = new Map(
    site
      .text('_redirects')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split(/\s+/) as [string, string]),
  );
});

/** The built file a site path serves, the way the host resolves clean URLs; undefined when none. */
function builtFileFor(path: string): string | undefined {
  if (path === '/') return site.has('index.html') ? 'index.html' : undefined;
  const name = path.slice(1);
  if (site.has(name)) return name;
  if (site.has(`${name}.html`)) return `${name}.html`;
  return undefined;
}

describe('links', () => {
  it('every internal href and src of every page ends on a built file or a redirect to one', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of site.files.filter((f) => f.path.endsWith('.html'))) {
      const $ = site.$(file.path);
      const targets = [
        ...$('a[href], link[href]').map((_, el) => $(el).attr('href')).get(),
        ...$('img[src], script[src], source[src]').map((_, el) => $(el).attr('src')).get(),
        ...$('video[poster]').map((_, el) => $(el).attr('poster')).get(),
      ];
      for (const target of targets) {
        if (target.startsWith('#')) {
          if (target !== '#' && $(`[id="${target.slice(1)}"]`).length === 0) broken.push(`${file.path}: ${target} (no such id)`);
          continue;
        }
        if (!target.startsWith('/') || target.startsWith('//')) continue;
        checked++;
        const path = target.replace(/[?#].*$/, '');
        const redirected = redirects.get(path);
        if (builtFileFor(path) ?? (redirected && builtFileFor(redirected))) continue;
        broken.push(`${file.path}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  });

  it('points every external link and image at https', () => {
    for (const file of site.files.filter((f) => f.path.endsWith('.html'))) {
      const $ = site.$(file.path);
      $('a[href^="http:"], img[src^="http:"], source[src^="http:"]').each((_, el) => {
        throw new Error(`${file.path}: insecure URL ${$(el).attr('href') ?? $(el).attr('src')}`);
      });
    }
  });
});

describe('no placeholder text', () => {
  it('has no lorem ipsum, TODO, coming soon or CMS placeholder anywhere in the output', () => {
    const pattern = /lorem|\bTODO\b|coming soon|content would come from|FIXME/i;
    for (const file of site.files) {
      if ('source' in file || !/\.(html|xml|txt|json)$/.test(file.path)) continue;
      const text = site.text(file.path);
      expect(pattern.exec(text)?.[0], file.path).toBeUndefined();
    }
  });
});

describe('the admin password', () => {
  it('appears nowhere in the built site, only as a salted digest', async () => {
    const password = 'Quiet-Harbor-Lighthouse-58';
    const built = await buildInMemory(PROJECT_ROOT, { SITE_ADMIN_PASSWORD: password });
    for (const file of built.files) {
      if ('source' in file) continue;
      expect(built.text(file.path).includes(password), file.path).toBe(false);
    }
    const props = JSON.parse(built.$('admin-seo-pages.html')('#site-island-props-s0').text()) as { salt: string; digest: string };
    const { createHash } = await import('node:crypto');
    expect(props.digest).toBe(createHash('sha256').update(props.salt + password).digest('hex'));
  });
});
