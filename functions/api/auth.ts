// GET /api/auth: the first step of Decap's GitHub sign-in. Decap opens it in a popup as
// /api/auth?provider=github&site_id=...&scope=repo; it sends the user to GitHub's authorize page with a fresh
// state, which it also keeps in a cookie for /api/callback to check.
import { readConfig } from '../_oauth/config.ts';
import { authorizeUrl, scopeOf } from '../_oauth/github.ts';
import type { OAuthEnv, PagesFunction } from '../_oauth/pages.ts';
import { textResponse } from '../_oauth/responses.ts';
import { callbackUrl, siteOrigin } from '../_oauth/site.ts';
import { newState, stateCookie } from '../_oauth/state.ts';

export const onRequestGet: PagesFunction<OAuthEnv> = ({ request, env }) => {
  const query = new URL(request.url).searchParams;
  if (query.get('provider') !== 'github') return textResponse(400, 'Only the github provider is supported.');
  const scope = scopeOf(query.get('scope'));
  if (scope === null) return textResponse(400, 'The scope must be repo or public_repo.');
  // Checked here, before GitHub, so a missing secret shows at once rather than after the user has signed in.
  const read = readConfig(env);
  if (!read.ok) return textResponse(500, read.message);
  const state = newState();
  const location = authorizeUrl(read.config, callbackUrl(siteOrigin(request)), scope, state);
  return new Response(null, {
    status: 302,
    headers: {
      Location: location,
      'Set-Cookie': stateCookie(state),
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
};
