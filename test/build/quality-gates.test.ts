import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build, type SiteError, siteErrorsOf } from '../helpers/engine.ts';
import { copyFixture, testEnv } from '../helpers/fixture.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function fixture(): Promise<string> {
  const copy = await copyFixture('basic');
  cleanups.push(copy.remove);
  return copy.root;
}

async function edit(root: string, file: string, change: (source: string) => string): Promise<void> {
  const absolute = path.join(root, file);
  const before = await readFile(absolute, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`the edit changed nothing in ${file}`);
  await writeFile(absolute, after);
}

/** A stand-in for the previous build's output in the fixture's dist/, quicker than a build and unlike any. */
async function previousOutput(root: string): Promise<{ out: string; before: string }> {
  const out = path.join(root, 'dist');
  await mkdir(out);
  const before = '<!DOCTYPE html><title>The previous build</title>';
  await writeFile(path.join(out, 'index.html'), before);
  return { out, before };
}

/** The SiteErrors an in-memory build fails with; fails the test when the build succeeds. */
async function buildErrors(root: string, options: { linkCheck?: boolean } = {}): Promise<SiteError[]> {
  try {
    await build({ root, write: false, env: testEnv(), ...options });
  } catch (error) {
    const errors = siteErrorsOf(error);
    if (!errors) throw error;
    return errors;
  }
  throw new Error('the build succeeded but should have failed');
}

const addLink = (href: string) => (source: string) =>
  source.replace(
    '<h2 id="posts">Posts</h2>',
    `<h2 id="posts">Posts</h2>\n      <a href="${href}">Broken on purpose</a>`,
  );

describe('the link check stops the build', () => {
  it('names the page, the dead link and the nearest existing path, and leaves the previous output whole', async () => {
    const root = await fixture();
    const { out, before } = await previousOutput(root);
    await edit(root, 'templates/pages/index.tsx', addLink('/blog/frist-post'));

    let caught: unknown;
    await build({ root, out, env: testEnv() }).catch((error: unknown) => (caught = error));
    if (!siteErrorsOf(caught)) throw caught;
    const [error, ...others] = siteErrorsOf(caught) ?? [];
    expect(others).toEqual([]);
    expect(error?.code).toBe('LINK_BROKEN');
    expect(error?.message).toBe(
      '/ links to /blog/frist-post in <a href>: no page, file or redirect of this build answers that path.',
    );
    expect(error?.file).toBe('templates/pages/index.tsx');
    expect(error?.hint).toMatch(/^Did you mean \/blog\/first-post\? .*--no-link-check/);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe(before);
  });

  it('reports one broken link used on many pages once, naming the pages', async () => {
    const root = await fixture();
    await edit(root, 'templates/components/frame.tsx', (s) =>
      s.replace('cacheKey="nav">', 'cacheKey="nav">\n<a href="/abuot">About</a>'),
    );
    const errors = await buildErrors(root);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(/^\d+ pages \(.+ and \d+ more\) link to \/abuot in <a href>/);
  });

  it('checks fragments against the ids of the target page', async () => {
    const root = await fixture();
    await edit(root, 'templates/pages/index.tsx', addLink('#post'));
    const [error] = await buildErrors(root);
    expect(error?.message).toBe('/ links to #post in <a href>: no element on / has id="post".');
    expect(error?.hint).toMatch(/^Did you mean #posts\?/);
  });

  it('finds the same dead links and fragments in pages rendered and scanned on worker threads', async () => {
    const root = await fixture();
    const { out, before } = await previousOutput(root);
    await edit(root, 'templates/components/frame.tsx', (s) =>
      s.replace('cacheKey="nav">', 'cacheKey="nav">\n<a href="/abuot">About</a>'),
    );
    await edit(root, 'templates/pages/index.tsx', addLink('#post'));
    let caught: unknown;
    await build({ root, out, env: testEnv(), workers: 2 }).catch((error: unknown) => (caught = error));
    if (!siteErrorsOf(caught)) throw caught;
    const messages = (siteErrorsOf(caught) ?? []).map((error) => error.message);
    expect(messages).toHaveLength(2);
    expect(messages).toContain('/ links to #post in <a href>: no element on / has id="post".');
    expect(messages.find((message) => message.includes('/abuot'))).toMatch(
      /^\d+ pages \(.+ and \d+ more\) link to \/abuot in <a href>/,
    );
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe(before);
  });

  it('follows _redirects, and fails a redirect that ends nowhere', async () => {
    const root = await fixture();
    await edit(root, 'templates/site.config.ts', (s) =>
      s.replace(
        "redirects: () => [{ from: '/old-post', to: '/blog/first-post', status: 301 }]",
        "redirects: () => [{ from: '/old-post', to: '/blog/gone', status: 301 }]",
      ),
    );
    const [error] = await buildErrors(root);
    expect(error?.message).toBe(
      '/ links to /old-post in <a href>: no page, file or redirect of this build answers that path.',
    );
  });

  it('checks src, srcset and form action too, and skips other sites, mail and phone links', async () => {
    const root = await fixture();
    await edit(root, 'templates/pages/index.tsx', (s) =>
      addLink('mailto:a@b.example')(s).replace(
        '<h2 id="posts">',
        '<img src="/icon.svg" srcSet="/icon.svg 1x, /icon@2x.svg 2x" width={10} height={10} alt="" /><form action="/send" /><a href="https://elsewhere.example/x">x</a><a href="tel:+15555550100">call</a>\n<h2 id="posts">',
      ),
    );
    const messages = (await buildErrors(root)).map((e) => e.message).sort();
    expect(messages).toEqual([
      '/ links to /icon@2x.svg in <img srcset>: no page, file or redirect of this build answers that path.',
      '/ links to /send in <form action>: no page, file or redirect of this build answers that path.',
    ]);
  });

  it('can be turned off for debugging', async () => {
    const root = await fixture();
    await edit(root, 'templates/pages/index.tsx', addLink('/nowhere'));
    const { report, files } = await build({ root, write: false, env: testEnv(), linkCheck: false });
    // Built, the broken link and all, with no link followed.
    expect(report.linksChecked).toBe(0);
    const home = files.find((file) => file.path === 'index.html');
    expect(home && 'contents' in home && String(home.contents)).toContain('href="/nowhere"');
  });
});

describe('budgets stop the build', () => {
  const withBudgets = (budgets: string) => (s: string) =>
    s.replace("csp: { 'img-src'", `budgets: ${budgets},\n  csp: { 'img-src'`);

  it('fails a page without islands whose JavaScript is over budget, with the page and the figure', async () => {
    const root = await fixture();
    await edit(root, 'templates/site.config.ts', withBudgets('{ scriptWithoutIslands: 20 }'));
    const [error, ...others] = await buildErrors(root);
    expect(others).toEqual([]);
    expect(error?.code).toBe('BUDGET_EXCEEDED');
    expect(error?.file).toBe('templates/pages/scripted.tsx');
    expect(error?.message).toMatch(
      /^\/scripted: loads 0\.\d KB \(\d+ bytes\) of JavaScript gzipped \(assets\/scripts\/mark-page-\w+\.js \d+ B\) with no island on the page; the budget is 0\.0 KB \(20 bytes\)\.$/,
    );
  });

  it('fails a page without islands whose script pulls in React', async () => {
    const root = await fixture();
    await writeFile(
      path.join(root, 'templates/scripts/mark-page.ts'),
      "import { version } from 'react';\ndocument.documentElement.dataset.scripted = version;\n",
    );
    await edit(root, 'templates/site.config.ts', withBudgets('{ scriptWithoutIslands: 100000 }'));
    const [error] = await buildErrors(root);
    expect(error?.message).toMatch(
      /^\/scripted: has no island but its scripts load React \(assets\/chunks\/chunk-\w+\.js\)\.$/,
    );
  });

  it('checks CSS for every page and HTML for the pages of one page file', async () => {
    const root = await fixture();
    await edit(
      root,
      'templates/site.config.ts',
      withBudgets("{ css: 10, html: [{ pageFile: 'blog/[slug].tsx', maxBytes: 100 }] }"),
    );
    const messages = (await buildErrors(root)).map((e) => e.message);
    expect(
      messages.filter((m) =>
        /links 0\.\d KB \(\d+ bytes\) of CSS gzipped; the budget is 0\.0 KB \(10 bytes\)\.$/.test(m),
      ),
    ).toHaveLength(9);
    expect(messages.filter((m) => m.includes('HTML'))).toEqual([
      expect.stringMatching(
        /^\/blog\/first-post: its HTML is 0\.\d KB \(\d+ bytes\) gzipped; the budget for blog\/\[slug\]\.tsx pages is 0\.1 KB \(100 bytes\)\.$/,
      ),
      expect.stringMatching(/^\/blog\/second-post: its HTML/),
    ]);
  });

  it('passes the same pages under budgets they meet', async () => {
    const root = await fixture();
    await edit(
      root,
      'templates/site.config.ts',
      withBudgets(
        "{ scriptWithoutIslands: 3072, css: 12288, html: [{ pageFile: 'blog/[slug].tsx', maxBytes: 12288 }] }",
      ),
    );
    const { files } = await build({ root, write: false, env: testEnv() });
    // Every page the budgets cover is built: the home page and each post.
    const pages = files.map((file) => file.path).filter((file) => file.endsWith('.html'));
    expect(pages).toContain('index.html');
    expect(pages.filter((file) => file.startsWith('blog/') && file !== 'blog/index.html').length).toBeGreaterThan(0);
  });
});

describe('inline code a strict CSP would block stops the build', () => {
  it('names the page with an inline script', async () => {
    const root = await fixture();
    await edit(root, 'templates/pages/index.tsx', (s) =>
      s.replace('<h2 id="posts">', '<script dangerouslySetInnerHTML={{ __html: "window.x = 1" }} />\n<h2 id="posts">'),
    );
    const [error] = await buildErrors(root);
    expect(error?.code).toBe('CSP_BLOCKED');
    expect(error?.file).toBe('templates/pages/index.tsx');
    expect(error?.message).toBe(
      "/ has 1 piece of inline code the browser will refuse under script-src 'self' and style-src 'self': <script>window.x = 1</script>.",
    );
  });

  it('names an inline style attribute', async () => {
    const root = await fixture();
    await edit(root, 'templates/pages/index.tsx', (s) =>
      s.replace('<h2 id="posts">', '<h2 style={{ color: "red" }} id="posts">'),
    );
    const [error] = await buildErrors(root);
    expect(error?.message).toMatch(/: <h2 style>\.$/);
  });
});

describe('a secret in the output stops the build', () => {
  const leakGreeting = (s: string) =>
    s
      .replace("FIXTURE_GREETING: { access: 'public'", "FIXTURE_GREETING: { access: 'secret'")
      .replace('env: { fields:', 'env: { derive: (values) => ({ FIXTURE_GREETING: values.FIXTURE_GREETING }), fields:');

  it('names the page, on one thread or two, and leaves the previous output whole with no staged output behind', async () => {
    const root = await fixture();
    const { out, before } = await previousOutput(root);
    await edit(root, 'templates/site.config.ts', leakGreeting);
    for (const workers of [1, 2]) {
      let caught: unknown;
      await build({ root, out, env: testEnv({ FIXTURE_GREETING: 'Open-Sesame-4242' }), workers }).catch(
        (error: unknown) => (caught = error),
      );
      if (!siteErrorsOf(caught)) throw caught;
      expect(siteErrorsOf(caught)!.map((error) => [error.code, error.message])).toEqual([
        ['SECRET_IN_OUTPUT', 'index.html contains the value of a secret environment variable.'],
      ]);
      expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe(before);
      expect((await readdir(root)).filter((name) => name.startsWith('.site-'))).toEqual([]);
    }
  });

  it('names a generated file that holds it, the pages being clean', async () => {
    const root = await fixture();
    await edit(root, 'templates/site.config.ts', leakGreeting);
    await edit(root, 'templates/pages/index.tsx', (s) => s.replace('{String(site.env.FIXTURE_GREETING)}', 'Hello'));
    await edit(root, 'templates/pages/feed.xml.ts', (s) =>
      s.replace('</channel>', '<description>${String(site.env.FIXTURE_GREETING)}</description></channel>'),
    );
    let caught: unknown;
    await build({ root, write: false, env: testEnv({ FIXTURE_GREETING: 'Open-Sesame-4242' }) }).catch(
      (error: unknown) => (caught = error),
    );
    if (!siteErrorsOf(caught)) throw caught;
    expect(siteErrorsOf(caught)!.map((error) => [error.code, error.message])).toEqual([
      ['SECRET_IN_OUTPUT', 'feed.xml contains the value of a secret environment variable.'],
    ]);
  });
});
