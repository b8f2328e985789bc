import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminDigest, DEV_ADMIN_PASSWORD, normaliseSiteUrl, resolveConfig } from '../../src/config.ts';
import { SiteError } from '../../src/errors.ts';

describe('resolveConfig', () => {
  it('resolves folders and environment with their defaults', () => {
    const config = resolveConfig({ root: '/srv/site', env: {} });
    expect(config.outDir).toBe('/srv/site/dist');
    expect(config.dataDir).toBe('/srv/site/data');
    expect(config.pagesDir).toBe(path.join('/srv/site/templates/pages'));
    expect(config.emailjs).toEqual({ publicKey: '', serviceId: '', templateId: '', origin: 'https://api.emailjs.com' });
    expect(config.adminPassword).toBe(DEV_ADMIN_PASSWORD);
    expect(config.adminPasswordIsDefault).toBe(true);
    expect(config.siteUrlOverride).toBeUndefined();
  });

  it('reads SITE_* variables, and --site-url wins over SITE_URL', () => {
    const config = resolveConfig({
      root: '/srv/site',
      siteUrl: 'https://flag.example',
      env: {
        SITE_URL: 'https://env.example',
        SITE_EMAILJS_PUBLIC_KEY: 'pk',
        SITE_EMAILJS_SERVICE_ID: 'svc',
        SITE_EMAILJS_TEMPLATE_ID: 'tpl',
        SITE_EMAILJS_ORIGIN: 'http://127.0.0.1:8787/',
        SITE_ADMIN_PASSWORD: 'secret',
        SOURCE_DATE_EPOCH: '0',
      },
    });
    expect(config.siteUrlOverride).toBe('https://flag.example');
    expect(config.emailjs).toEqual({ publicKey: 'pk', serviceId: 'svc', templateId: 'tpl', origin: 'http://127.0.0.1:8787' });
    expect(config.adminPasswordIsDefault).toBe(false);
    expect(config.time.toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });

  it.each(['.', 'templates', 'data', 'public', 'templates/pages', '..'])('refuses --out %s', (out) => {
    expect(() => resolveConfig({ root: '/srv/site', out, env: {} })).toThrow(SiteError);
  });

  it('accepts an output folder outside the project', () => {
    expect(resolveConfig({ root: '/srv/site', out: '/tmp/out', env: {} }).outDir).toBe('/tmp/out');
  });
});

describe('normaliseSiteUrl', () => {
  it('keeps the origin and drops a trailing slash', () => {
    expect(normaliseSiteUrl('https://www.example.com/', 'SITE_URL')).toBe('https://www.example.com');
  });
  it.each(['example.com', 'ftp://example.com', 'https://example.com/sub', 'https://example.com/?q=1'])('rejects %s', (value) => {
    expect(() => normaliseSiteUrl(value, 'SITE_URL')).toThrow(/SITE_URL/);
  });
});

describe('adminDigest', () => {
  it('is SHA-256 of salt + password, with a salt that depends on the site', () => {
    const { salt, digest } = adminDigest('pw', 'https://a.example');
    expect(digest).toBe(createHash('sha256').update(`${salt}pw`).digest('hex'));
    expect(adminDigest('pw', 'https://b.example').salt).not.toBe(salt);
    expect(adminDigest('pw', 'https://a.example')).toEqual({ salt, digest });
  });
});
