import { describe, expect, it } from 'vitest';
import { compilePathPattern, matchPathPattern } from '../../src/host/path-pattern.ts';

const match = (pattern: string, path: string) => matchPathPattern(compilePathPattern(pattern), path);

describe('matchPathPattern (as Cloudflare Pages matches _headers and _redirects)', () => {
  it('matches literal paths exactly: letter case and a trailing slash count', () => {
    expect(match('/about', '/about')).toEqual({});
    expect(match('/about', '/about/')).toBeUndefined();
    expect(match('/About', '/about')).toBeUndefined();
    expect(match('/about', '/About')).toBeUndefined();
    expect(match('/about', '/about-us')).toBeUndefined();
    expect(match('/about', '/')).toBeUndefined();
  });

  it('matches the root only with /', () => {
    expect(match('/', '/')).toEqual({});
    expect(match('/', '/about')).toBeUndefined();
  });

  it('lets * match anything, slashes included, as splat, wherever it stands', () => {
    expect(match('/*', '/')).toEqual({ splat: '' });
    expect(match('/*', '/a/b/c')).toEqual({ splat: 'a/b/c' });
    expect(match('/assets/*', '/assets/main-ABC.css')).toEqual({ splat: 'main-ABC.css' });
    expect(match('/assets/*', '/assets')).toBeUndefined();
    expect(match('/adu-contractor-*', '/adu-contractor-palo-alto')).toEqual({ splat: 'palo-alto' });
    expect(match('/assets/*', '/assets-old/x')).toBeUndefined();
  });

  it('lets :name match exactly one segment', () => {
    expect(match('/blog/:slug', '/blog/post-one')).toEqual({ slug: 'post-one' });
    expect(match('/blog/:slug', '/blog/a/b')).toBeUndefined();
    expect(match('/blog/:slug', '/blog')).toBeUndefined();
    expect(match('/:year/:month/*', '/2024/05/a/b')).toEqual({ year: '2024', month: '05', splat: 'a/b' });
  });

  it('treats regex characters in a pattern literally', () => {
    expect(match('/a.b', '/a.b')).toEqual({});
    expect(match('/a.b', '/axb')).toBeUndefined();
    expect(match('/(x)', '/(x)')).toEqual({});
  });
});
