import { beforeAll, describe, expect, it } from 'vitest';
import { scanHtmlFast } from '../../src/check/scan-fast.ts';
import { scanHtmlFull } from '../../src/check/scan-html.ts';
import { buildInMemory, type MemoryBuild } from '../helpers/build-in-memory.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';

let site: MemoryBuild;
beforeAll(async () => {
  site = await buildInMemory(PROJECT_ROOT);
});

describe('links', () => {
  it("passes the build's own link check over every page (href, src, srcset, poster, action, fragments)", () => {
    // The build throws LINK_BROKEN on any dead internal link, so reaching here means none; the count shows it looked.
    expect(site.report.linksChecked).toBeGreaterThan(5000);
  });

  it('scans every built page on the fast path, with exactly what the full HTML tokenizer finds', () => {
    const pages = site.files.filter((f) => f.path.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(100);
    for (const file of pages) {
      const html = site.text(file.path);
      const fast = scanHtmlFast(html);
      expect(fast, `${file.path} left the fast path`).toBeDefined();
      expect(fast, file.path).toEqual(scanHtmlFull(html));
    }
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
    const props = JSON.parse(built.$('admin-seo-pages.html')('#site-island-props-s0').text()) as {
      salt: string;
      digest: string;
    };
    const { createHash } = await import('node:crypto');
    expect(props.digest).toBe(
      createHash('sha256')
        .update(props.salt + password)
        .digest('hex'),
    );
  });
});

describe('budgets', () => {
  it("holds the site to the issue's budgets: 3 KB of JavaScript without islands, 12 KB of CSS, 12 KB of city-page HTML", async () => {
    const { default: definition } = await import('../../templates/site.config.ts');
    expect(definition.budgets).toEqual({
      scriptWithoutIslands: 3 * 1024,
      css: 12 * 1024,
      html: [{ pageFile: '[landing].tsx', maxBytes: 12 * 1024 }],
    });
  });
});
