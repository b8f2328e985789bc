import { createHash } from 'node:crypto';
import { normaliseSiteUrl, type BuildInfo, type EnvDefinition } from '../src/index.ts';
import type { EmailServiceConfig } from './client/send-inquiry.ts';

/** The admin password used when SITE_ADMIN_PASSWORD is unset; documented in the README, never for production. */
export const DEV_ADMIN_PASSWORD = 'site-dev-admin';
export const DEFAULT_EMAILJS_ORIGIN = 'https://api.emailjs.com';

/** What this site's pages receive as `site.env`: the EmailJS ids the browser needs and the admin digest. */
export interface SiteEnv {
  emailjs: EmailServiceConfig;
  /** The admin password only as a salted SHA-256 digest (hex) and its salt. */
  admin: { salt: string; digest: string };
  /** The GitHub repository (owner/name) and branch the owner's editor saves to on the live site; repo is '' when unset. */
  editor: { repo: string; branch: string };
}

const FORM_FAILS = "form submissions will fail with the 'Submission Failed' notice.";

/** What is wrong with an origin (checked by the engine's own rule), or undefined when it is an http(s) origin. */
function originProblem(value: string): string | undefined {
  try {
    normaliseSiteUrl(value, 'the value');
    return undefined;
  } catch {
    return 'must be an http(s) origin with no path, query or fragment';
  }
}

/** The salt comes from the site's origin, so builds are reproducible yet digests differ between sites. */
export function adminDigest(password: string, siteUrl: string): { salt: string; digest: string } {
  const salt = createHash('sha256').update(`site-admin-salt:${siteUrl}`).digest('hex').slice(0, 32);
  const digest = createHash('sha256').update(salt + password).digest('hex');
  return { salt, digest };
}

/** The environment this site reads: EmailJS ids for the forms (public), the admin password (secret). */
export const siteEnvDefinition: EnvDefinition = {
  fields: {
    SITE_EMAILJS_PUBLIC_KEY: { access: 'public', warning: FORM_FAILS, description: 'the EmailJS public key of the account that sends the forms' },
    SITE_EMAILJS_SERVICE_ID: { access: 'public', warning: FORM_FAILS, description: 'the EmailJS service id' },
    SITE_EMAILJS_TEMPLATE_ID: { access: 'public', warning: FORM_FAILS, description: 'the EmailJS template id' },
    SITE_EMAILJS_ORIGIN: { access: 'public', default: DEFAULT_EMAILJS_ORIGIN, validate: originProblem, description: 'the EmailJS API origin (tests point it at a fake server)' },
    SITE_ADMIN_PASSWORD: {
      access: 'secret',
      default: DEV_ADMIN_PASSWORD,
      warning: `the admin page uses the DEVELOPMENT password "${DEV_ADMIN_PASSWORD}". Set SITE_ADMIN_PASSWORD before you publish.`,
      description: 'the password of the admin listing, published only as a salted digest',
    },
    // The build warns when it is missing (the editor has no production backend); the deploy workflow sets it.
    SITE_EDITOR_REPO: { access: 'public', validate: (value) => (/^[\w.-]+\/[\w.-]+$/.test(value) ? undefined : 'must be a GitHub repository as owner/name'), description: 'the GitHub repository the editor at /admin saves to, as owner/name' },
    SITE_EDITOR_BRANCH: { access: 'public', default: 'main', description: 'the branch the editor saves to, which the deploy workflow publishes' },
  },
  derive(values, { siteUrl }): SiteEnv & Record<string, unknown> {
    return {
      emailjs: {
        publicKey: values.SITE_EMAILJS_PUBLIC_KEY ?? '',
        serviceId: values.SITE_EMAILJS_SERVICE_ID ?? '',
        templateId: values.SITE_EMAILJS_TEMPLATE_ID ?? '',
        origin: normaliseSiteUrl(values.SITE_EMAILJS_ORIGIN || DEFAULT_EMAILJS_ORIGIN, 'SITE_EMAILJS_ORIGIN'),
      },
      admin: adminDigest(values.SITE_ADMIN_PASSWORD || DEV_ADMIN_PASSWORD, siteUrl),
      editor: { repo: values.SITE_EDITOR_REPO ?? '', branch: values.SITE_EDITOR_BRANCH || 'main' },
    };
  },
};

/** The build's `site.env`, typed: it is what `siteEnvDefinition.derive` returned, so the cast only names it. */
export function siteEnv(env: BuildInfo['env']): SiteEnv {
  return env as unknown as SiteEnv;
}
