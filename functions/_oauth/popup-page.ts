// The page the callback answers with, in the popup Decap opened. It speaks Decap's popup protocol (decap-cms's
// NetlifyAuthenticator): it posts "authorizing:github" to its opener, and once the opener posts the same string
// back, it posts the outcome, "authorization:github:success:{...}" or "authorization:github:error:{...}".
import { clearedStateCookie } from './state.ts';

/** How the sign-in ended: with GitHub's token, or with a message Decap shows on its login page. */
export type Outcome = { token: string } | { error: string };

/**
 * Every message goes to `origin` only (never "*"), and only a message from `origin`, sent by the window that opened
 * this one, is answered: a page of any other origin that opens the sign-in gets nothing, even if it plays the
 * handshake itself. The data comes from the JSON block, so this script is the same on every page and one hash
 * in the Content-Security-Policy allows it and nothing else.
 */
const SCRIPT = `(() => {
  const { origin, message } = JSON.parse(document.getElementById('oauth-result').textContent);
  const opener = window.opener;
  if (!opener) {
    document.getElementById('status').textContent = 'This window has no CMS to report to: sign in from the CMS at /admin.';
    return;
  }
  const answer = (event) => {
    if (event.origin !== origin || event.source !== opener || event.data !== 'authorizing:github') return;
    window.removeEventListener('message', answer);
    opener.postMessage(message, origin);
  };
  window.addEventListener('message', answer);
  opener.postMessage('authorizing:github', origin);
})();`;

let scriptHash: Promise<string> | undefined;

/** The CSP source that allows SCRIPT, computed once per isolate. */
function scriptSource(): Promise<string> {
  scriptHash ??= crypto.subtle
    .digest('SHA-256', new TextEncoder().encode(SCRIPT))
    .then((digest) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
  return scriptHash;
}

/** The message Decap's opener expects for `outcome`. */
export function messageOf(outcome: Outcome): string {
  return 'token' in outcome
    ? `authorization:github:success:${JSON.stringify({ token: outcome.token, provider: 'github' })}`
    : `authorization:github:error:${JSON.stringify({ message: outcome.error, provider: 'github' })}`;
}

/**
 * The popup page for `outcome`, whose messages go to `origin` (the site's). It also removes the state cookie, and
 * sets every header it needs itself: Cloudflare Pages never applies `_headers` to a Function's response.
 */
export async function popupResponse(origin: string, outcome: Outcome, status: number): Promise<Response> {
  const data = JSON.stringify({ origin, message: messageOf(outcome) }).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const text = 'token' in outcome ? 'Signed in. This window closes by itself.' : `Sign-in failed: ${outcome.error}`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Signing in to the CMS</title>
</head>
<body>
<p id="status">${escapeHtml(text)}</p>
<script type="application/json" id="oauth-result">${data}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    // No Cross-Origin-Opener-Policy: same-origin here, which would cut this window off from the CMS that opened it.
    'Content-Security-Policy': `default-src 'none'; script-src ${await scriptSource()}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    // The page holds a token: no cache may keep it, and the address (with GitHub's code) goes to no one.
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Set-Cookie': clearedStateCookie(),
  });
  return new Response(html, { status, headers });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
