import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FileCache } from './file-cache.ts';
import { headersForPath } from '../host/headers-file.ts';
import type { HeaderRule } from '../host/headers-file.ts';
import { isLiveReloadPath } from './live-reload.ts';
import type { LiveReloadHub } from './live-reload.ts';
import { isRedirectStatus, matchRedirect } from '../host/redirects-file.ts';
import type { RedirectMatch, RedirectRule } from '../host/redirects-file.ts';
import { findFile, findPageFile, isConfigFilePath } from '../host/resolve-file.ts';
import type { ResolvedFile } from '../host/resolve-file.ts';
import { sendRedirect, sendText } from './respond.ts';
import type { RuleHeaders } from './respond.ts';
import { decodeRequestPath } from '../host/safe-path.ts';
import { sendFile } from './send-file.ts';
import { canonicalPath, cleanUrlOf, encodePath, sameOriginPath, splitTarget } from '../host/url-paths.ts';

/** What every request needs: the real path of the served folder, the cache, the two rule files, live reload. */
export interface ServeContext {
  root: string;
  cache: FileCache;
  headerRules: () => Promise<readonly HeaderRule[]>;
  redirectRules: () => Promise<readonly RedirectRule[]>;
  liveReload: LiveReloadHub | undefined;
}

interface Reply {
  req: IncomingMessage;
  res: ServerResponse;
  ctx: ServeContext;
  rules: RuleHeaders;
  query: string;
}

/** Answers one request the way the production static host would (the numbered steps are the serve spec's order). */
export async function handleRequest(req: IncomingMessage, res: ServerResponse, ctx: ServeContext): Promise<void> {
  const { rawPath, query } = splitTarget(req.url ?? '/');
  const internal = ctx.liveReload !== undefined && isLiveReloadPath(rawPath);
  const decoded = decodeRequestPath(rawPath);
  // `_headers` patterns see the path as requested, so a redirect or 404 gets the same rules as a page would.
  const rules = internal ? [] : headersForPath(await ctx.headerRules(), decoded.ok ? decoded.path : rawPath);
  // 1. Methods.
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return sendText(req, res, 405, 'Method not allowed\n', rules, { Allow: 'GET, HEAD' });
  }
  // 2. Live reload.
  if (internal) return ctx.liveReload?.handle(req, res, rawPath);
  // 3. Traversal.
  if (!decoded.ok) return sendText(req, res, 400, `Bad request: ${decoded.reason}\n`, rules);
  const path = decoded.path;
  const reply: Reply = { req, res, ctx, rules, query };
  // 4. The host's own configuration files.
  if (isConfigFilePath(path)) return sendNotFound(reply);
  const redirectRules = await ctx.redirectRules();
  const forced = matchRedirect(redirectRules.filter((rule) => rule.force), path);
  if (forced) return applyRedirect(reply, forced);
  // 5. An exact file; pages (.html) instead go to their clean URL in step 7.
  if (!path.endsWith('.html')) {
    const exact = await findFile(ctx.root, path);
    if (exact) return serve(reply, exact, 200);
  }
  // 6. Lowercase, no trailing slash.
  const canonical = canonicalPath(path);
  if (canonical !== undefined) return redirectTo(reply, 301, canonical);
  // 7. `/about.html` → `/about`.
  if (path.endsWith('.html') && (await findFile(ctx.root, path))) return redirectTo(reply, 301, cleanUrlOf(path));
  // 9. Clean URLs come before redirect rules: like Netlify, a rule never shadows an existing page.
  const page = await findPageFile(ctx.root, path);
  if (page) return serve(reply, page, 200);
  // 8. `_redirects`.
  const match = matchRedirect(redirectRules, path);
  if (match) return applyRedirect(reply, match);
  // 10. Not found.
  return sendNotFound(reply);
}

function redirectTo(reply: Reply, status: number, decodedPath: string): void {
  sendRedirect(reply.req, reply.res, status, sameOriginPath(encodePath(decodedPath)) + reply.query, reply.rules);
}

async function applyRedirect(reply: Reply, match: RedirectMatch): Promise<void> {
  const { status } = match.rule;
  if (isRedirectStatus(status)) {
    const location = match.target.startsWith('/') ? sameOriginPath(match.target) : match.target;
    const query = location.includes('?') ? '' : reply.query;
    return sendRedirect(reply.req, reply.res, status, location + query, reply.rules);
  }
  // A rewrite's target goes through the same traversal checks as a request path.
  const target = decodeRequestPath(splitTarget(match.target).rawPath);
  const file = target.ok && !isConfigFilePath(target.path) ? await findTarget(reply.ctx.root, target.path) : undefined;
  if (!file) return sendNotFound(reply);
  return serve(reply, file, status);
}

async function findTarget(root: string, path: string): Promise<ResolvedFile | undefined> {
  return (await findFile(root, path)) ?? findPageFile(root, path);
}

async function sendNotFound(reply: Reply): Promise<void> {
  const page = await findFile(reply.ctx.root, '/404.html');
  if (page) return serve(reply, page, 404);
  sendText(reply.req, reply.res, 404, 'Not found\n', reply.rules);
}

function serve(reply: Reply, file: ResolvedFile, status: number): Promise<void> {
  const { ctx } = reply;
  return sendFile(reply.req, reply.res, file, {
    status,
    rules: reply.rules,
    cache: ctx.cache,
    liveReload: ctx.liveReload !== undefined,
  });
}
