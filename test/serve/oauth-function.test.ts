// The GitHub OAuth client Decap signs in through (functions/api/auth.ts and callback.ts), run in Cloudflare's own
// runtime offline (wrangler pages dev) against a fake GitHub on 127.0.0.1, with Debian's Chromium as the browser
// and decap-cms's own opener code (test/helpers/decap-opener.ts) on the opener's side.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, localContext } from '../helpers/chromium.ts';
import { type CloudflarePages, startCloudflarePages } from '../helpers/cloudflare-pages.ts';
import { decapOpenerScript, openerPage } from '../helpers/decap-opener.ts';
import { type FakeGitHub, FORGED_STATE, startFakeGitHub } from '../helpers/fake-github-oauth.ts';
import { PROJECT_ROOT, tempDir } from '../helpers/fixture.ts';

const CLIENT_ID = 'Iv1.test-client-id';
const CLIENT_SECRET = 'test-client-secret-0123456789abcdef';
const STATE_COOKIE = '__Secure-decap-oauth-state';
const NO_SIGN_IN =
  'No sign-in was started in this browser, or it took over 10 minutes. Close this window and sign in again.';
const WRONG_STATE =
  'This sign-in link does not belong to the sign-in started in this browser. Close this window and sign in again.';

/**
 * The site's `_headers` as it matters here: `/*` gives every page the site's COOP `same-origin`, a CSP without
 * inline scripts, and a marker; the opener (as the real /admin will) swaps COOP for `same-origin-allow-popups`, so
 * the popup it opens keeps its opener. Were these rules applied to the Functions' answers, the popup would lose
 * its opener and its inline script would be blocked.
 */
const HEADERS_FILE = `/*
  Content-Security-Policy: default-src 'self'; script-src 'self'; frame-ancestors 'none'
  Cross-Origin-Opener-Policy: same-origin
  X-Frame-Options: DENY
  X-Site-Rule: applied

/opener
  ! Cross-Origin-Opener-Policy
  Cross-Origin-Opener-Policy: same-origin-allow-popups
`;

let work: { dir: string; remove(): Promise<void> };
let fake: FakeGitHub;
let site: CloudflarePages;
let siteWithoutSecret: CloudflarePages;
let elsewhere: { origin: string; close(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  work = await tempDir('oauth-function');
  const staticDir = path.join(work.dir, 'static');
  await mkdir(staticDir, { recursive: true });
  const script = await decapOpenerScript();
  await Promise.all([
    writeFile(path.join(staticDir, '_headers'), HEADERS_FILE),
    writeFile(path.join(staticDir, 'opener.html'), openerPage(['/decap-auth.js'])),
    writeFile(path.join(staticDir, 'decap-auth.js'), script),
  ]);
  fake = await startFakeGitHub({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  const functions = path.join(PROJECT_ROOT, 'functions');
  const start = async (name: string, bindings: Record<string, string>) => {
    const dir = path.join(work.dir, name);
    await mkdir(dir, { recursive: true });
    return startCloudflarePages(staticDir, dir, { functions, bindings, readyPath: '/opener' });
  };
  // Two servers started side by side: the second lacks the secret, as a project not set up yet would.
  const started = await Promise.allSettled([
    start('site', {
      GITHUB_OAUTH_CLIENT_ID: CLIENT_ID,
      GITHUB_OAUTH_CLIENT_SECRET: CLIENT_SECRET,
      GITHUB_OAUTH_ORIGIN: fake.origin,
    }),
    start('site-without-secret', { GITHUB_OAUTH_CLIENT_ID: CLIENT_ID, GITHUB_OAUTH_ORIGIN: fake.origin }),
    launchChromium(),
  ]);
  if (started[0].status === 'fulfilled') site = started[0].value;
  if (started[1].status === 'fulfilled') siteWithoutSecret = started[1].value;
  if (started[2].status === 'fulfilled') browser = started[2].value;
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  fake.redirectUri = `${site.origin}/api/callback`;
  elsewhere = await startElsewhere(site.origin, script);
});

afterAll(async () => {
  await Promise.all([browser?.close(), site?.stop(), siteWithoutSecret?.stop(), fake?.close(), elsewhere?.close()]);
  await work?.remove();
});

/**
 * A page on another origin (another port of 127.0.0.1) that runs the same Decap code against the site, and also
 * plays the handshake itself: it keeps posting "authorizing:github" to the popup, to any origin.
 */
async function startElsewhere(siteOrigin: string, script: string): Promise<{ origin: string; close(): Promise<void> }> {
  const attack = `document.getElementById('login').addEventListener('click', () => {
  setInterval(() => window.__auth?.authWindow?.postMessage('authorizing:github', '*'), 50);
});`;
  const files: Record<string, [string, string]> = {
    '/opener': ['text/html', openerPage(['/decap-auth.js', '/attack.js'], siteOrigin)],
    '/decap-auth.js': ['text/javascript', script],
    '/attack.js': ['text/javascript', attack],
  };
  const server = http.createServer((request, response) => {
    const file = files[request.url ?? ''];
    if (file) response.writeHead(200, { 'Content-Type': file[0] }).end(file[1]);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface Received {
  origin: string;
  data: string;
}

/** Opens `url`, clicks Decap's login button and waits for Decap's callback: its result, the messages, the popup. */
async function signIn(
  context: BrowserContext,
  url: string,
): Promise<{ result: unknown; messages: Received[]; popup: Page }> {
  const page = await context.newPage();
  await page.goto(url);
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('#login')]);
  await page.waitForFunction(() => (window as unknown as { __result?: unknown }).__result !== undefined, undefined, {
    timeout: 20_000,
  });
  const [result, messages] = await page.evaluate(() => {
    const state = window as unknown as { __result: unknown; __messages: Received[] };
    return [state.__result, state.__messages] as const;
  });
  return { result, messages, popup };
}

/** The message the popup page would post, read from its HTML (for answers fetched without a browser). */
function popupMessageOf(html: string): string {
  const block = /<script type="application\/json" id="oauth-result">(.*?)<\/script>/s.exec(html)?.[1];
  if (block === undefined) throw new Error(`no oauth-result block in:\n${html}`);
  return (JSON.parse(block) as { message: string }).message;
}

const errorMessage = (message: string) =>
  `authorization:github:error:${JSON.stringify({ message, provider: 'github' })}`;

describe('GitHub sign-in for Decap (Pages Functions in wrangler pages dev)', () => {
  it('signs in through the popup: Decap receives the token GitHub gave for the right client, secret, code and callback', async () => {
    fake.reset();
    const context = await localContext(browser);
    try {
      const { result, messages, popup } = await signIn(context, `${site.origin}/opener`);
      expect(fake.tokens).toHaveLength(1);
      expect(result).toEqual({ token: fake.tokens[0], provider: 'github' });
      // The popup spoke first, Decap answered, then the popup sent the token: both from the site's own origin.
      expect(messages).toEqual([
        { origin: site.origin, data: 'authorizing:github' },
        {
          origin: site.origin,
          data: `authorization:github:success:${JSON.stringify({ token: fake.tokens[0], provider: 'github' })}`,
        },
      ]);
      const authorize = fake.authorizeRequests[0]!;
      expect(Object.fromEntries(authorize)).toEqual({
        client_id: CLIENT_ID,
        redirect_uri: `${site.origin}/api/callback`,
        scope: 'repo',
        state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      });
      expect(fake.tokenRequests).toEqual([
        {
          accept: 'application/json',
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          code: fake.codes[0],
          redirectUri: `${site.origin}/api/callback`,
        },
      ]);
      // Decap closes the popup once it has the token.
      await expect.poll(() => popup.isClosed()).toBe(true);
      // The state served its one callback and is gone.
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(STATE_COOKIE);
    } finally {
      await context.close();
    }
  });

  it('refuses a callback whose state is not the one this browser was given, without asking GitHub for a token', async () => {
    fake.reset();
    fake.forgeState = true;
    const context = await localContext(browser);
    try {
      const { result } = await signIn(context, `${site.origin}/opener`);
      expect(result).toEqual({ error: WRONG_STATE });
      expect(fake.authorizeRequests).toHaveLength(1);
      expect(fake.tokenRequests).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses a callback in a browser that holds no state cookie, without asking GitHub for a token', async () => {
    fake.reset();
    const context = await localContext(browser);
    // The popup's /api/auth is answered by the test, with a redirect to GitHub but no cookie: the callback then comes
    // to a browser that never started this sign-in, as a link sent by someone else would.
    await context.route(`${site.origin}/api/auth?**`, (route) => {
      const authorize = new URL(`${fake.origin}/login/oauth/authorize`);
      authorize.search = new URLSearchParams({
        client_id: CLIENT_ID,
        redirect_uri: `${site.origin}/api/callback`,
        scope: 'repo',
        state: FORGED_STATE,
      }).toString();
      return route.fulfill({ status: 302, headers: { Location: authorize.href } });
    });
    try {
      const { result } = await signIn(context, `${site.origin}/opener`);
      expect(result).toEqual({ error: NO_SIGN_IN });
      expect(fake.authorizeRequests).toHaveLength(1);
      expect(fake.tokenRequests).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses forged callbacks fetched directly: a wrong state with the cookie, the right state without it', async () => {
    fake.reset();
    const auth = await fetch(`${site.origin}/api/auth?provider=github&site_id=www.example.com&scope=repo`, {
      redirect: 'manual',
    });
    const location = new URL(auth.headers.get('location')!);
    const state = location.searchParams.get('state')!;
    const cookie = new RegExp(
      `^${STATE_COOKIE}=([A-Za-z0-9_-]{43}); Max-Age=600; Path=/api; HttpOnly; Secure; SameSite=Lax$`,
    ).exec(auth.headers.get('set-cookie') ?? '');
    expect(auth.status).toBe(302);
    expect(`${location.origin}${location.pathname}`).toBe(`${fake.origin}/login/oauth/authorize`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: CLIENT_ID,
      redirect_uri: `${site.origin}/api/callback`,
      scope: 'repo',
      state,
    });
    expect(cookie?.[1]).toBe(state);
    expect(auth.headers.get('cache-control')).toBe('no-store');

    const wrongState = await fetch(`${site.origin}/api/callback?code=some-code&state=${state.slice(1)}x`, {
      headers: { Cookie: `${STATE_COOKIE}=${state}` },
    });
    expect(wrongState.status).toBe(403);
    expect(popupMessageOf(await wrongState.text())).toBe(errorMessage(WRONG_STATE));
    const noCookie = await fetch(`${site.origin}/api/callback?code=some-code&state=${state}`);
    expect(noCookie.status).toBe(403);
    expect(popupMessageOf(await noCookie.text())).toBe(errorMessage(NO_SIGN_IN));
    expect(fake.tokenRequests).toEqual([]);
  });

  it('never gives the token to an opener on another origin, even one that plays the handshake itself', async () => {
    fake.reset();
    const context = await localContext(browser);
    try {
      const page = await context.newPage();
      await page.goto(`${elsewhere.origin}/opener`);
      // Chromium logs each message it drops for its target origin in the recipient's log, which Playwright does not relay.
      const dropped: string[] = [];
      const devtools = await context.newCDPSession(page);
      devtools.on('Log.entryAdded', ({ entry }) => {
        if (entry.text.includes('postMessage')) dropped.push(entry.text);
      });
      await devtools.send('Log.enable');
      const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('#login')]);
      await popup.waitForURL(/\/api\/callback\?/, { timeout: 15_000 });
      await popup.waitForLoadState('load');
      // The popup holds the token (GitHub gave it one), and has had time to answer any of the ~20 handshakes.
      await page.waitForTimeout(1_000);
      expect(fake.tokens).toHaveLength(1);
      expect(await popup.textContent('#oauth-result')).toContain(fake.tokens[0]);
      expect(await page.evaluate(() => (window as unknown as { __messages: Received[] }).__messages)).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __result?: unknown }).__result)).toBeUndefined();
      // The popup did speak: its one handshake message, addressed to the site's origin only, was dropped.
      expect(dropped).toEqual([
        `Failed to execute 'postMessage' on 'DOMWindow': The target origin provided ('${site.origin}') does not match the recipient window's origin ('${elsewhere.origin}').`,
      ]);
    } finally {
      await context.close();
    }
  });

  it("answers the callback with its own headers: a CSP for its one script, no-store, and none of the site's _headers", async () => {
    const opener = await fetch(`${site.origin}/opener`);
    // The server does apply _headers to its static files: the rules below are live.
    expect(opener.headers.get('x-site-rule')).toBe('applied');
    expect(opener.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');

    const callback = await fetch(`${site.origin}/api/callback?code=x&state=y`);
    const html = await callback.text();
    const csp = callback.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(
      /^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/]{43}='; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
    );
    const inline = [...html.matchAll(/<script>(.*?)<\/script>/gs)].map((match) => match[1]!);
    expect(inline).toHaveLength(1);
    expect(csp).toContain(`'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`);
    expect(callback.headers.get('cache-control')).toBe('no-store');
    expect(callback.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(callback.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(callback.headers.get('x-site-rule')).toBeNull();
    expect(callback.headers.get('x-frame-options')).toBeNull();
    expect(callback.headers.get('set-cookie')).toBe(
      `${STATE_COOKIE}=; Max-Age=0; Path=/api; HttpOnly; Secure; SameSite=Lax`,
    );
  });

  it('routes only /api/auth and /api/callback: the shared modules in functions/_oauth are no routes', async () => {
    // wrangler makes a route of every file that exports onRequest…, whatever its name; functions/_oauth exports none.
    for (const url of ['/_oauth/config', '/_oauth/state', '/_oauth/popup-page', '/api/auth/extra']) {
      const answer = await fetch(site.origin + url, { redirect: 'manual' });
      await answer.arrayBuffer();
      expect({ url, status: answer.status }).toEqual({ url, status: 404 });
    }
  });

  it('names a missing client secret and where to set it, and refuses any provider but github', async () => {
    const noSecret = await fetch(
      `${siteWithoutSecret.origin}/api/auth?provider=github&site_id=www.example.com&scope=repo`,
      { redirect: 'manual' },
    );
    expect(noSecret.status).toBe(500);
    expect(await noSecret.text()).toBe(
      'GITHUB_OAUTH_CLIENT_SECRET is not set. Set it in the Cloudflare Pages project → Settings → Variables and Secrets, then redeploy.\n',
    );
    const callback = await fetch(`${siteWithoutSecret.origin}/api/callback?code=x&state=y`);
    expect(callback.status).toBe(500);
    expect(popupMessageOf(await callback.text())).toBe(
      errorMessage(
        'GITHUB_OAUTH_CLIENT_SECRET is not set. Set it in the Cloudflare Pages project → Settings → Variables and Secrets, then redeploy.',
      ),
    );

    for (const query of ['provider=gitlab&site_id=www.example.com&scope=api', 'site_id=www.example.com']) {
      const refused = await fetch(`${site.origin}/api/auth?${query}`, { redirect: 'manual' });
      expect(refused.status).toBe(400);
      expect(refused.headers.get('set-cookie')).toBeNull();
      expect(await refused.text()).toBe('Only the github provider is supported.\n');
    }
  });
});
