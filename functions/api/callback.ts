// GET /api/callback: where GitHub sends the user back with a code and the state. It checks the state against the
// cookie /api/auth set, trades the code for a token, and answers with the popup page that hands the token to Decap.
import { readConfig } from '../_oauth/config.ts';
import { exchangeCode } from '../_oauth/github.ts';
import type { OAuthEnv, PagesFunction } from '../_oauth/pages.ts';
import { popupResponse } from '../_oauth/popup-page.ts';
import { callbackUrl, siteOrigin } from '../_oauth/site.ts';
import { stateFromCookies, statesMatch } from '../_oauth/state.ts';

export const onRequestGet: PagesFunction<OAuthEnv> = async ({ request, env }) => {
  const origin = siteOrigin(request);
  const query = new URL(request.url).searchParams;
  const read = readConfig(env);
  if (!read.ok) return popupResponse(origin, { error: read.message }, 500);
  // The state is checked before anything else in the address is believed, and GitHub is not asked without it.
  const expected = stateFromCookies(request.headers.get('Cookie'));
  if (expected === null) {
    return popupResponse(
      origin,
      {
        error:
          'No sign-in was started in this browser, or it took over 10 minutes. Close this window and sign in again.',
      },
      403,
    );
  }
  const given = query.get('state');
  if (given === null || !(await statesMatch(given, expected))) {
    return popupResponse(
      origin,
      {
        error:
          'This sign-in link does not belong to the sign-in started in this browser. Close this window and sign in again.',
      },
      403,
    );
  }
  const denied = query.get('error');
  if (denied !== null) {
    return popupResponse(
      origin,
      {
        error: `GitHub did not authorize the CMS: ${query.get('error_description') ?? denied}`,
      },
      400,
    );
  }
  const code = query.get('code');
  if (!code) return popupResponse(origin, { error: 'GitHub sent no code. Close this window and sign in again.' }, 400);
  const exchange = await exchangeCode(read.config, code, callbackUrl(origin));
  return exchange.ok
    ? popupResponse(origin, { token: exchange.token }, 200)
    : popupResponse(origin, { error: exchange.message }, 502);
};
