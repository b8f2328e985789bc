import type { IncomingMessage, ServerResponse } from 'node:http';
import { headersForPath } from '../host/headers-file.ts';
import type { ParsedHeaderRule } from '../host/headers-file.ts';
import { isRedirectStatus, matchRedirect } from '../host/redirects-file.ts';
import type { ParsedRedirectRule, RedirectMatch } from '../host/redirects-file.ts';
import { findFile } from '../host/resolve-file.ts';
import type { ResolvedFile } from '../host/resolve-file.ts';
import { decodeRequestPath } from '../host/safe-path.ts';
import { encodePath, sameOriginPath, splitTarget } from '../host/url-paths.ts';
import type { FileCache } from './file-cache.ts';
import { isLiveReloadPath } from './live-reload.ts';
import type { LiveReloadHub } from './live-reload.ts';
import { sendRedirect, sendText } from './respond.ts';
import type { RuleHeaders } from './respond.ts';
import { sendFile } from './send-file.ts';

/** What every request needs: the real path of the served folder, the cache, the two rule files, live reload. */
export interface ServeContext {
  root: string;
  cache: FileCache;
  headerRules: () => Promise<readonly ParsedHeaderRule[]>;
  redirectRules: () => Promise<readonly ParsedRedirectRule[]>;
  liveReload: LiveReloadHub | undefined;
  /** The rebuild under way, if any: see afterRebuild. */
  rebuilding?: () => Promise<unknown> | undefined;
}

interface Reply {
  req: IncomingMessage;
  res: ServerResponse;
  ctx: ServeContext;
  rules: RuleHeaders;
  query: string;
  /** True once the request has waited for a rebuild: it is answered from what is there then. */
  waited: boolean;
}

/**
 * Answers one request as Cloudflare Pages does (workers-sdk, pages-shared/asset-server/handler.ts): `_redirects`
 * first, then the file, its clean URL or a 308 to it, then the nearest 404.html with `Cache-Control: no-store`.
 * Every answer carries the `_headers` rules that match the path as requested.
 */
export async function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: ServeContext,
  waited = false,
): Promise<void> {
  const { rawPath, query } = splitTarget(req.url ?? '/');
  if (ctx.liveReload !== undefined && isLiveReloadPath(rawPath)) return ctx.liveReload.handle(req, res, rawPath);
  const reply: Reply = { req, res, ctx, rules: headersForPath(await ctx.headerRules(), rawPath), query, waited };
  // A rule applies even where a file exists; a 200 rule answers with its target, found as a request for it would be.
  const match = matchRedirect(await ctx.redirectRules(), rawPath);
  if (match && isRedirectStatus(match.rule.status)) return applyRedirect(reply, match);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return sendText(req, res, 405, 'Method not allowed\n', reply.rules, { Allow: 'GET, HEAD' });
  }
  const decoded = decodeRequestPath(match ? splitTarget(match.target).rawPath : rawPath);
  if (!decoded.ok) return sendText(req, res, 400, `Bad request: ${decoded.reason}\n`, reply.rules);
  return answerPath(reply, decoded.path).catch(async (error: unknown) => {
    // A file found just before a rebuild's swap can be gone by the time it is read.
    if (!isMissingFile(error) || res.headersSent || !(await afterRebuild(reply))) throw error;
    return handleRequest(req, res, ctx, true);
  });
}

/**
 * A rebuild swaps its output in with two renames (output/staging.ts), and a request that falls between them finds
 * no folder at all, nor its `_headers` and `_redirects`: one that misses while a rebuild is under way waits for it,
 * once, and is answered again from the start. True when it waited. A path that is truly missing is answered a
 * rebuild later, which only `site serve --watch` ever runs.
 */
async function afterRebuild(reply: Reply): Promise<boolean> {
  const underWay = reply.waited ? undefined : reply.ctx.rebuilding?.();
  if (!underWay) return false;
  await underWay;
  return true;
}

function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** The file, clean URL or redirect a decoded path names, in Cloudflare's order. */
async function answerPath(reply: Reply, path: string): Promise<void> {
  const file = (candidate: string) => findFile(reply.ctx.root, candidate);
  const moved = (to: string) => redirectTo(reply, 308, to);
  if (path.endsWith('/')) {
    const index = await file(`${path}index.html`);
    if (index) return serve(reply, index, 200);
    if (path.endsWith('/index/')) return moved(path.slice(0, -'index/'.length));
    if (await file(`${path.slice(0, -1)}.html`)) return moved(path.slice(0, -1));
    return sendNotFound(reply, path);
  }
  const exact = await file(path);
  if (exact && path.endsWith('.html')) {
    const clean = path.slice(0, -'.html'.length);
    if (clean.endsWith('/index')) return moved(clean.slice(0, -'index'.length));
    return (await file(clean)) ? serve(reply, exact, 200) : moved(clean);
  }
  if (exact) return serve(reply, exact, 200);
  if (path.endsWith('/index')) return moved(path.slice(0, -'index'.length));
  const page = await file(`${path}.html`);
  if (page) return serve(reply, page, 200);
  if (await file(`${path}/index.html`)) return moved(`${path}/`);
  return sendNotFound(reply, path);
}

function redirectTo(reply: Reply, status: number, decodedPath: string): void {
  sendRedirect(reply.req, reply.res, status, sameOriginPath(encodePath(decodedPath)) + reply.query, reply.rules);
}

/** A redirect rule's answer: its target keeps the request's query string unless it has its own. */
function applyRedirect(reply: Reply, match: RedirectMatch): void {
  const location = match.target.startsWith('/') ? sameOriginPath(match.target) : match.target;
  const query = location.includes('?') ? '' : reply.query;
  sendRedirect(reply.req, reply.res, match.rule.status, location + query, reply.rules);
}

/**
 * The 404.html nearest the path (its folder, then each one above), never cached. A site without one is served as a
 * single-page app: its index.html answers, with 200.
 */
async function sendNotFound(reply: Reply, path: string): Promise<void> {
  if (await afterRebuild(reply)) return handleRequest(reply.req, reply.res, reply.ctx, true);
  const rules: RuleHeaders = [
    ...reply.rules.filter(([name]) => name.toLowerCase() !== 'cache-control'),
    ['Cache-Control', 'no-store'],
  ];
  for (let dir = path.slice(0, path.lastIndexOf('/')); ; dir = dir.slice(0, dir.lastIndexOf('/'))) {
    const page = await findFile(reply.ctx.root, `${dir}/404.html`);
    if (page) return serve({ ...reply, rules }, page, 404);
    if (dir === '') break;
  }
  const app = await findFile(reply.ctx.root, '/index.html');
  if (app) return serve(reply, app, 200);
  sendText(reply.req, reply.res, 404, 'Not found\n', rules);
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
