import { describe, expect, it } from 'vitest';
import { matchRedirect, parseRedirectsFile } from '../../src/host/redirects-file.ts';

const FILE = `# Moved pages
/old        /new
/temp       /new           302
/news/*     /blog/:splat   301
/posts/:year/:slug  /blog/:slug?y=:year  308
/app/*      /index.html    200   # a trailing comment
/ext/*      https://example.com:8443/:splat 301
`;

describe('parseRedirectsFile', () => {
  const { rules, warnings } = parseRedirectsFile(FILE);

  it('reads rules with their status, 302 by default as on Cloudflare Pages', () => {
    expect(warnings).toEqual([]);
    expect(rules.map((rule) => [rule.from.source, rule.to, rule.status, rule.line])).toEqual([
      ['/old', '/new', 302, 2],
      ['/temp', '/new', 302, 3],
      ['/news/*', '/blog/:splat', 301, 4],
      ['/posts/:year/:slug', '/blog/:slug?y=:year', 308, 5],
      ['/app/*', '/index.html', 200, 6],
      ['/ext/*', 'https://example.com:8443/:splat', 301, 7],
    ]);
  });

  it.each([
    ['just-one-token', 'expected "from to [status]"'],
    ['/a', 'expected "from to [status]"'],
    ['/a /b 301 extra', 'expected "from to [status]"'],
    ['a /b', 'must start with "/"'],
    ['/a /b 999', 'the status must be'],
    ['/a /b abc', 'the status must be'],
    ['/a /b 404', 'the status must be'],
    ['/a /b 301!', 'the status must be'],
    ['/old /b', 'an earlier line already redirects /old'],
    ['/a https://x.example 200', 'must point at a path'],
    ['/a b 301', 'the target must be'],
  ])('ignores %j with a warning naming its line', (line, why) => {
    const { rules: parsed, warnings: found } = parseRedirectsFile(`# first\n/old /new\n${line}\n/ok /fine\n`);
    expect(parsed.map((rule) => rule.from.source)).toEqual(['/old', '/ok']);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('_redirects line 3');
    expect(found[0]).toContain(why);
  });
});

describe('matchRedirect', () => {
  const { rules } = parseRedirectsFile(FILE);
  const target = (path: string) => matchRedirect(rules, path)?.target;

  it('fills in :splat and named placeholders', () => {
    expect(target('/old')).toBe('/new');
    expect(target('/news/2024/launch')).toBe('/blog/2024/launch');
    expect(target('/posts/2023/hello')).toBe('/blog/hello?y=2023');
    expect(target('/ext/a/b')).toBe('https://example.com:8443/a/b');
  });

  it('fills in what it matched, percent-encoded as the request had it', () => {
    expect(target('/news/caf%20%C3%A9')).toBe('/blog/caf%20%C3%A9');
  });

  it('matches letter case and a trailing slash exactly', () => {
    expect(target('/Old')).toBeUndefined();
    expect(target('/old/')).toBeUndefined();
  });

  it('returns the first match in file order, or undefined', () => {
    expect(matchRedirect(rules, '/temp')?.rule.status).toBe(302);
    expect(matchRedirect(parseRedirectsFile('/a/* /first 301\n/a/b /second 301\n').rules, '/a/b')?.target).toBe(
      '/first',
    );
    expect(target('/nothing')).toBeUndefined();
  });
});
