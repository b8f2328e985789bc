import { describe, expect, it } from 'vitest';
import { decodeRequestPath, relativeSegments } from '../../src/host/safe-path.ts';

describe('decodeRequestPath', () => {
  it.each([
    ['/', '/'],
    ['/about', '/about'],
    ['/caf%C3%A9', '/café'],
    ['/a%20b.txt', '/a b.txt'],
    ['//etc/passwd', '//etc/passwd'],
    ['/...', '/...'],
    ['/..foo/bar..', '/..foo/bar..'],
    ['/%252e%252e', '/%2e%2e'],
  ])('accepts %s as %s', (raw, decoded) => {
    expect(decodeRequestPath(raw)).toEqual({ ok: true, path: decoded });
  });

  it.each([
    'about',
    '/../etc/passwd',
    '/a/..',
    '/%2e%2e/etc',
    '/.%2e/etc',
    '/%2E./etc',
    '/..%2fetc',
    '/a%2Fb',
    '/a%5cb',
    '/a%5Cb',
    '/a\\b',
    '/%00',
    '/a\0b',
    '/%',
    '/%4',
    '/%zz',
    '/%ff',
    '/%c3%28',
  ])('refuses %j', (raw) => {
    const result = decodeRequestPath(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason.length).toBeGreaterThan(0);
  });
});

describe('relativeSegments', () => {
  it('drops empty and dot segments, so absolute-looking paths stay inside', () => {
    expect(relativeSegments('//etc/passwd')).toEqual(['etc', 'passwd']);
    expect(relativeSegments('/./a//b/')).toEqual(['a', 'b']);
    expect(relativeSegments('/')).toEqual([]);
  });
});
