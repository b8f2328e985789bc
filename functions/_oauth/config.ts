import type { OAuthEnv } from './pages.ts';

/** The OAuth client's settings, read from the host's environment on each request. */
export interface OAuthConfig {
  clientId: string;
  clientSecret: string;
  /** GitHub's origin without a trailing slash, such as https://github.com. */
  githubOrigin: string;
}

export type ConfigResult = { ok: true; config: OAuthConfig } | { ok: false; message: string };

const DEFAULT_GITHUB_ORIGIN = 'https://github.com';
const WHERE_TO_SET = 'Set it in the Cloudflare Pages project → Settings → Variables and Secrets, then redeploy.';

/**
 * Reads the client id and secret (and GitHub's origin) from the environment. A problem is described by the
 * variable's name and where to set it, never by a secret's value, since the message is shown in the browser.
 */
export function readConfig(env: OAuthEnv): ConfigResult {
  const clientId = env.GITHUB_OAUTH_CLIENT_ID?.trim() ?? '';
  const clientSecret = env.GITHUB_OAUTH_CLIENT_SECRET?.trim() ?? '';
  const missing = [
    clientId ? null : 'GITHUB_OAUTH_CLIENT_ID',
    clientSecret ? null : 'GITHUB_OAUTH_CLIENT_SECRET',
  ].filter((name) => name !== null);
  if (missing.length === 1) return { ok: false, message: `${missing[0]} is not set. ${WHERE_TO_SET}` };
  if (missing.length === 2) {
    return {
      ok: false,
      message: `GITHUB_OAUTH_CLIENT_ID and GITHUB_OAUTH_CLIENT_SECRET are not set. Set them in the Cloudflare Pages project → Settings → Variables and Secrets, then redeploy.`,
    };
  }
  const githubOrigin = originOf(env.GITHUB_OAUTH_ORIGIN?.trim() || DEFAULT_GITHUB_ORIGIN);
  if (githubOrigin === null) {
    return {
      ok: false,
      message: `GITHUB_OAUTH_ORIGIN must be an https origin such as ${DEFAULT_GITHUB_ORIGIN} (plain http only on 127.0.0.1 or localhost, for tests). Fix or delete it in the Cloudflare Pages project → Settings → Variables and Secrets.`,
    };
  }
  return { ok: true, config: { clientId, clientSecret, githubOrigin } };
}

/** The origin `value` names, or null unless it is https (or http on a loopback host): the secret travels to it. */
function originOf(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && loopback);
  const bare =
    (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username && !url.password;
  return secure && bare ? url.origin : null;
}
