import type { OAuthConfig } from './config.ts';

/** The scopes Decap asks for: `repo` for a private or public repository, `public_repo` for open authoring. */
const SCOPES = new Set(['repo', 'public_repo']);

/** The scope to ask GitHub for, from Decap's `scope` parameter (`repo` when absent), or null for any other. */
export function scopeOf(requested: string | null): string | null {
  const scope = requested ?? 'repo';
  return SCOPES.has(scope) ? scope : null;
}

/** GitHub's authorize page for this client, which sends the user back to `redirectUri` with a code and `state`. */
export function authorizeUrl(config: OAuthConfig, redirectUri: string, scope: string, state: string): string {
  const query = new URLSearchParams({ client_id: config.clientId, redirect_uri: redirectUri, scope, state });
  return `${config.githubOrigin}/login/oauth/authorize?${query}`;
}

export type Exchange = { ok: true; token: string } | { ok: false; message: string };

/** GitHub's answer to a token request: a token, or (with HTTP 200) an error code and description. */
interface TokenAnswer {
  access_token?: unknown;
  error?: unknown;
  error_description?: unknown;
}

/**
 * Trades the code GitHub sent to the callback for an access token. GitHub checks that `redirectUri` is the one the
 * authorize step used. Messages name what went wrong for the person signing in, never the secret.
 */
export async function exchangeCode(config: OAuthConfig, code: string, redirectUri: string): Promise<Exchange> {
  const body = new URLSearchParams({
    client_id: config.clientId,
    client_secret: config.clientSecret,
    code,
    redirect_uri: redirectUri,
  });
  let response: Response;
  try {
    response = await fetch(`${config.githubOrigin}/login/oauth/access_token`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': 'decap-oauth-pages-function',
      },
      body,
      // A hung GitHub would otherwise leave the sign-in window blank until the runtime gives up.
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return { ok: false, message: 'GitHub could not be reached to finish the sign-in. Try again in a minute.' };
  }
  if (!response.ok) {
    return { ok: false, message: `GitHub answered the sign-in with HTTP ${response.status}. Try again in a minute.` };
  }
  const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
  if (typeof answer.error === 'string') {
    const reason = typeof answer.error_description === 'string' ? answer.error_description : answer.error;
    return { ok: false, message: `GitHub refused the sign-in: ${reason}` };
  }
  if (typeof answer.access_token !== 'string' || answer.access_token === '') {
    return { ok: false, message: 'GitHub sent no access token. Try signing in again.' };
  }
  return { ok: true, token: answer.access_token };
}
