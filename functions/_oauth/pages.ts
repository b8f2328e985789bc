// The few Cloudflare Pages Functions types these files use. The project has no @cloudflare/workers-types, and a
// Function needs only the request and its environment; wrangler passes more (next, params, waitUntil...), unused here.

/** What the Pages project's Settings → Variables and Secrets give the OAuth Functions, as `context.env`. */
export interface OAuthEnv {
  GITHUB_OAUTH_CLIENT_ID?: string;
  GITHUB_OAUTH_CLIENT_SECRET?: string;
  /** GitHub's origin; https://github.com when unset. Tests point it at a fake server on 127.0.0.1. */
  GITHUB_OAUTH_ORIGIN?: string;
}

/** The part of a Pages Function's context these Functions read. */
export interface PagesContext<Env> {
  request: Request;
  env: Env;
}

/** A handler wrangler routes to when its file exports it as `onRequestGet` (or `onRequest`, `onRequestPost`...). */
export type PagesFunction<Env> = (context: PagesContext<Env>) => Response | Promise<Response>;
