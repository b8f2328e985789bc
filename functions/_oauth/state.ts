// The OAuth `state`: a random value the sign-in's first request puts in a cookie and in GitHub's address, and the
// callback accepts only when both agree, so a callback this browser did not start (a forged or replayed sign-in
// link) is refused before GitHub is ever asked.

/**
 * `__Secure-` makes the browser refuse the cookie unless it is Secure and was set over a secure connection, so no
 * plain-http page on the network can plant a state of its own. Not `__Host-`: that prefix requires Path=/, and the
 * cookie is only for /api. Chromium counts http://127.0.0.1 as potentially trustworthy, so tests can set it too.
 */
export const STATE_COOKIE = '__Secure-decap-oauth-state';
/** Long enough to sign in to GitHub (with two-factor), short enough that a stale state is soon gone. */
const MAX_AGE_SECONDS = 600;
const ATTRIBUTES = 'Path=/api; HttpOnly; Secure; SameSite=Lax';

/** 256 random bits, base64url: a state no one can guess. */
export function newState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The Set-Cookie value that holds `state` for the callback. */
export function stateCookie(state: string): string {
  return `${STATE_COOKIE}=${state}; Max-Age=${MAX_AGE_SECONDS}; ${ATTRIBUTES}`;
}

/** The Set-Cookie value that removes the state: each state serves one callback, whatever its outcome. */
export function clearedStateCookie(): string {
  return `${STATE_COOKIE}=; Max-Age=0; ${ATTRIBUTES}`;
}

/** The state cookie's value in a Cookie header, or null when there is none. */
export function stateFromCookies(header: string | null): string | null {
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === STATE_COOKIE) {
      return pair.slice(separator + 1).trim() || null;
    }
  }
  return null;
}

/**
 * Whether two states are equal, in time that does not depend on where they differ: both are hashed first, so the
 * comparison always runs over 32 bytes and leaks neither a matching prefix nor the expected length.
 */
export async function statesMatch(given: string, expected: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const [a, b] = await Promise.all(
    [given, expected].map(
      async (value) => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(value))),
    ),
  );
  let difference = 0;
  for (let index = 0; index < 32; index++) difference |= a![index]! ^ b![index]!;
  return difference === 0;
}
