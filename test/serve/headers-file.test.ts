import { describe, expect, it } from 'vitest';
import { headersForPath, parseHeadersFile } from '../../src/host/headers-file.ts';

const FILE = `# comment
/*
  X-Frame-Options: DENY
  Link: </a.css>; rel=preload
  Link: </b.js>; rel=modulepreload

/assets/*
  Cache-Control: public, max-age=31536000, immutable

/blog/:slug
  X-Robots-Tag: noindex
  # an indented comment
  x-frame-options: SAMEORIGIN
`;

describe('parseHeadersFile', () => {
  it('reads a rule per path with its indented headers', () => {
    const { rules, warnings } = parseHeadersFile(FILE);
    expect(warnings).toEqual([]);
    expect(rules.map((rule) => rule.pattern.source)).toEqual(['/*', '/assets/*', '/blog/:slug']);
    expect(rules[0]?.headers).toEqual([
      ['X-Frame-Options', 'DENY'],
      ['Link', '</a.css>; rel=preload'],
      ['Link', '</b.js>; rel=modulepreload'],
    ]);
    expect(rules[0]?.line).toBe(2);
  });

  it('keeps colons in values', () => {
    const { rules } = parseHeadersFile('/x\n  Content-Security-Policy: default-src https://a.example:8443\n');
    expect(rules[0]?.headers).toEqual([['Content-Security-Policy', 'default-src https://a.example:8443']]);
  });

  it('accepts CRLF line ends', () => {
    const { rules } = parseHeadersFile('/x\r\n  A: 1\r\n');
    expect(rules[0]?.headers).toEqual([['A', '1']]);
  });

  it('warns by line number about lines it cannot use', () => {
    const { rules, warnings } = parseHeadersFile(
      '  Orphan: 1\nabout\n  X: 1\n/ok\n  no colon here\n  Bad Name: 1\n  Good: yes\n',
    );
    expect(warnings).toHaveLength(5);
    expect(warnings[0]).toContain('line 1');
    expect(warnings[1]).toContain('line 2');
    expect(warnings[2]).toContain('line 3');
    expect(warnings[3]).toContain('line 5');
    expect(warnings[4]).toContain('line 6');
    expect(rules).toHaveLength(1);
    expect(rules[0]?.headers).toEqual([['Good', 'yes']]);
  });
});

describe('headersForPath', () => {
  const { rules } = parseHeadersFile(FILE);

  it('applies every matching rule and joins repeated headers with ", "', () => {
    expect(headersForPath(rules, '/blog/post-one')).toEqual([
      ['X-Frame-Options', 'DENY, SAMEORIGIN'],
      ['Link', '</a.css>; rel=preload, </b.js>; rel=modulepreload'],
      ['X-Robots-Tag', 'noindex'],
    ]);
  });

  it('applies only the rules that match', () => {
    const headers = new Map(headersForPath(rules, '/assets/main-ABC.css'));
    expect(headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(headers.has('X-Robots-Tag')).toBe(false);
    expect(headersForPath([], '/')).toEqual([]);
  });
});

describe('a rule that detaches a header (`! Name`, Cloudflare Pages syntax)', () => {
  // As wrangler pages dev answers it (checked by hand, and for the real _headers by test/site/cloudflare-parity.test.ts):
  // the detaching rule's own value stands alone on the paths it matches; other paths keep the general rule's.
  const { rules, warnings } = parseHeadersFile(`/*
  Content-Security-Policy: default-src 'self'
  X-Frame-Options: DENY

/admin/*
  ! Content-Security-Policy
  ! not a name
  Content-Security-Policy: default-src 'self'; script-src 'self' 'unsafe-eval'
`);

  it("drops the other rules' value of that header on the paths it matches, and keeps its own", () => {
    expect(warnings).toEqual(['_headers line 7: expected "! Name", got "! not a name"; line ignored.']);
    expect(headersForPath(rules, '/admin/config.yml')).toEqual([
      ['X-Frame-Options', 'DENY'],
      ['Content-Security-Policy', "default-src 'self'; script-src 'self' 'unsafe-eval'"],
    ]);
    expect(headersForPath(rules, '/about')).toEqual([
      ['Content-Security-Policy', "default-src 'self'"],
      ['X-Frame-Options', 'DENY'],
    ]);
  });
});
