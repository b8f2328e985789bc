/**
 * The site's origin, taken from the request itself rather than from a setting. Decap accepts the popup's messages
 * only from its own base_url, which is the site's origin, and the popup's origin is the request's: so this is the
 * one origin the token may ever go to, it cannot drift from a setting, and it is right on a custom domain and on a
 * *.pages.dev preview alike (each needs its callback address allowed by the GitHub OAuth app, as GitHub requires).
 */
export function siteOrigin(request: Request): string {
  return new URL(request.url).origin;
}

/** Where GitHub sends the user back to: functions/api/callback.ts, on the same origin. */
export function callbackUrl(origin: string): string {
  return `${origin}/api/callback`;
}
