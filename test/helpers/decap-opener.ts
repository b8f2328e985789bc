// The opener side of Decap's popup sign-in, taken from Decap's prebuilt bundle itself (src/editor/decap/) rather than written again, so a
// test of the OAuth Functions runs the very code the CMS at /admin runs.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from './fixture.ts';

const BUNDLE = path.join(PROJECT_ROOT, 'src/editor/decap/decap-cms.js');
/**
 * Where NetlifyAuthenticator (minified to YR) and its error class (GR) start and end in decap-cms 3.16.3's bundle.
 * A new version minifies differently: the check below then fails, naming what to update.
 */
const START = 'class GR{constructor(e){this.err=e}';
const END = ',XR=Wy(';

/**
 * A browser script for a page with a `#login` button: a click signs in the way decap-cms's GitHub login page does
 * (`new NetlifyAuthenticator({ base_url, site_id, auth_endpoint }).authenticate({ provider: 'github', scope })`),
 * against `base_url` from the page's `data-base-url` (its own origin when absent). It leaves what Decap's callback
 * got in `window.__result` ({ token, provider } or { error }), every message the page received in
 * `window.__messages`, and the authenticator (with its popup, `authWindow`) in `window.__auth`.
 */
export async function decapOpenerScript(): Promise<string> {
  const bundle = await readFile(BUNDLE, 'utf8');
  const start = bundle.indexOf(START);
  const end = bundle.indexOf(END, start);
  const authenticator = start < 0 || end < 0 ? '' : bundle.slice(start, end);
  if (!authenticator.includes('"authorizing:"+e.provider') || authenticator.length > 10_000) {
    throw new Error(
      `NetlifyAuthenticator was not found in ${BUNDLE}: decap-cms changed; update START and END in test/helpers/decap-opener.ts`,
    );
  }
  return `(() => {
  // The bundle's lodash helpers, by webpack's names: la() is trimEnd, Fi() is trim.
  const la = () => (text, chars) => String(text ?? '').replace(/\\/+$/, '');
  const Fi = () => (text, chars) => String(text ?? '').replace(/^\\/+|\\/+$/g, '');
  ${authenticator};
  window.__messages = [];
  window.addEventListener('message', (event) => window.__messages.push({ origin: event.origin, data: String(event.data) }));
  const baseUrl = document.documentElement.dataset.baseUrl || location.origin;
  document.getElementById('login').addEventListener('click', () => {
    const auth = new YR({ base_url: baseUrl, site_id: 'www.example.com', auth_endpoint: 'api/auth' });
    window.__auth = auth;
    auth.authenticate({ provider: 'github', scope: 'repo' }, (error, data) => {
      window.__result = error ? { error: error.toString() } : data;
    });
  });
})();
`;
}

/** A page with the login button and `script` (a path), its Decap base_url set to `baseUrl` when given. */
export function openerPage(scripts: string[], baseUrl?: string): string {
  const tags = scripts.map((src) => `<script src="${src}" defer></script>`).join('\n');
  return `<!doctype html>
<html lang="en"${baseUrl ? ` data-base-url="${baseUrl}"` : ''}>
<head>
<meta charset="utf-8">
<title>Opener</title>
${tags}
</head>
<body>
<button id="login" type="button">Login with GitHub</button>
</body>
</html>
`;
}
