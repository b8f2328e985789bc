import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseSiteUrl, resolveConfig } from '../../src/core/config.ts';
import { SiteError, SiteErrorList } from '../../src/core/errors.ts';
import type { EnvDefinition } from '../../src/core/site-definition.ts';
import { resolveEnv } from '../../src/load/env.ts';
import { adminDigest, DEV_ADMIN_PASSWORD, siteEnvDefinition } from '../../templates/site-env.ts';

describe('resolveConfig', () => {
  it('resolves folders and environment with their defaults', () => {
    const config = resolveConfig({ root: '/srv/site', env: {} });
    expect(config.outDir).toBe('/srv/site/dist');
    expect(config.dataDir).toBe('/srv/site/data');
    expect(config.pagesDir).toBe(path.join('/srv/site/templates/pages'));
    expect(config.env).toEqual({});
    expect(config.siteUrlOverride).toBeUndefined();
  });

  it('passes the environment on, and --site-url wins over SITE_URL', () => {
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
    expect(config.env.SITE_EMAILJS_PUBLIC_KEY).toBe('pk');
    expect(config.time.toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });

  it('takes a thread count from 1 to 64, or none for the build to choose', () => {
    expect(resolveConfig({ root: '/srv/site', env: {}, workers: 2 }).workers).toBe(2);
    expect(resolveConfig({ root: '/srv/site', env: {} }).workers).toBeUndefined();
    for (const workers of [0, 3, 1.5, Number.NaN]) {
      expect(() => resolveConfig({ root: '/srv/site', env: {}, workers }), String(workers)).toThrow(
        /--workers must be 1 or 2/,
      );
    }
  });

  it('takes the build time from SOURCE_DATE_EPOCH, whole seconds, and refuses anything else', () => {
    expect(resolveConfig({ root: '/srv/site', env: { SOURCE_DATE_EPOCH: '1767225600' } }).time.toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
    for (const value of ['-1', '1.5', 'yesterday']) {
      expect(() => resolveConfig({ root: '/srv/site', env: { SOURCE_DATE_EPOCH: value } }), value).toThrow(
        expect.objectContaining({
          code: 'CONFIG_INVALID',
          message: `SOURCE_DATE_EPOCH must be whole seconds since 1970, got "${value}".`,
        }),
      );
    }
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
  it.each(['example.com', 'ftp://example.com', 'https://example.com/sub', 'https://example.com/?q=1'])(
    'rejects %s',
    (value) => {
      expect(() => normaliseSiteUrl(value, 'SITE_URL')).toThrow(/SITE_URL/);
    },
  );
});

describe('resolveEnv: the environment a site declares', () => {
  const definition: EnvDefinition = {
    fields: {
      API_ORIGIN: {
        access: 'public',
        default: 'https://api.example',
        validate: (v) => (v.startsWith('http') ? undefined : 'must be a URL'),
      },
      API_KEY: { access: 'public', warning: 'the form will not send.' },
      API_ID: { access: 'public', warning: 'the form will not send.' },
      TOKEN: { access: 'secret', required: true, description: 'the deploy token' },
    },
  };

  it('fails a build when a required variable is missing, naming it', () => {
    const error = (() => {
      try {
        resolveEnv(definition, {}, { siteUrl: 'https://a.example' });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(SiteErrorList);
    expect((error as SiteErrorList).errors.map((e) => [e.code, e.message])).toEqual([
      ['ENV_MISSING', 'TOKEN is required by this site and is not set.'],
    ]);
    expect((error as SiteErrorList).errors[0]!.hint).toBe(
      'Set TOKEN in the environment of the build: the deploy token',
    );
  });

  it('refuses an invalid value without printing a secret', () => {
    const errors = (() => {
      try {
        resolveEnv(definition, { TOKEN: 't0k3n', API_ORIGIN: 'ftp' }, { siteUrl: 'x' });
      } catch (caught) {
        return (caught as SiteErrorList).errors;
      }
      return [];
    })();
    expect(errors.map((e) => [e.code, e.message])).toEqual([['ENV_INVALID', 'API_ORIGIN must be a URL: "ftp".']]);
    const secret = { fields: { TOKEN: { access: 'secret', validate: () => 'is too short' } } } satisfies EnvDefinition;
    expect(() => resolveEnv(secret, { TOKEN: 'hunter22' }, { siteUrl: 'x' })).toThrow(SiteErrorList);
    try {
      resolveEnv(secret, { TOKEN: 'hunter22' }, { siteUrl: 'x' });
    } catch (caught) {
      expect((caught as SiteErrorList).errors[0]!.message).toBe('TOKEN is too short: "(hidden)".');
    }
  });

  it('fills defaults, warns once for variables sharing a warning, and gives pages only public values', () => {
    const env = resolveEnv(definition, { TOKEN: 't0k3n' }, { siteUrl: 'https://a.example' });
    expect(env.public).toEqual({ API_ORIGIN: 'https://api.example', API_KEY: '', API_ID: '' });
    expect(env.warnings).toEqual(['API_KEY, API_ID not set: the form will not send.']);
    expect(env.secrets).toEqual(['t0k3n']);
    // What pages see cannot be changed by one of them.
    expect(Object.isFrozen(env.public)).toBe(true);
  });

  it('gives a site without an env definition nothing', () => {
    expect(resolveEnv(undefined, { SITE_ADMIN_PASSWORD: 'x' }, { siteUrl: 'x' })).toEqual({
      public: {},
      secrets: [],
      warnings: [],
    });
  });

  it("derives this site's env: EmailJS ids public, the admin password only as a digest", () => {
    const env = resolveEnv(
      siteEnvDefinition,
      { SITE_ADMIN_PASSWORD: 'hunter22', SITE_EMAILJS_ORIGIN: 'http://127.0.0.1:8787/' },
      { siteUrl: 'https://a.example' },
    );
    expect(env.public).toEqual({
      emailjs: { publicKey: '', serviceId: '', templateId: '', origin: 'http://127.0.0.1:8787' },
      admin: adminDigest('hunter22', 'https://a.example'),
      editor: { repo: '', branch: 'main' },
    });
    expect(JSON.stringify(env.public)).not.toContain('hunter22');
    expect(env.warnings).toEqual([
      "SITE_EMAILJS_PUBLIC_KEY, SITE_EMAILJS_SERVICE_ID, SITE_EMAILJS_TEMPLATE_ID not set: form submissions will fail with the 'Submission Failed' notice.",
    ]);
    const unset = resolveEnv(siteEnvDefinition, {}, { siteUrl: 'https://a.example' });
    expect(unset.public.admin).toEqual(adminDigest(DEV_ADMIN_PASSWORD, 'https://a.example'));
    expect(unset.warnings[1]).toContain('DEVELOPMENT password');
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
