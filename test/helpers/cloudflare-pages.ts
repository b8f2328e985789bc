// Cloudflare's own runtime for static sites, run offline: `wrangler pages dev` (workerd) on 127.0.0.1, and the
// request variants and comparison the parity test uses to check `site serve` against it.
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { PROJECT_ROOT } from './fixture.ts';

const WRANGLER = path.join(PROJECT_ROOT, 'node_modules/wrangler/bin/wrangler.js');
/** Newer dates than the bundled workerd knows stop it from starting. */
const COMPATIBILITY_DATE = '2026-05-01';

export interface CloudflarePages {
  origin: string;
  stop(): Promise<void>;
  /** What wrangler printed so far (warnings and errors: it runs with --log-level warn). */
  output(): string;
}

/** A free port on 127.0.0.1, for a program that cannot be asked for port 0. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What a test may add to a plain static site: Functions and the variables they read. */
export interface CloudflarePagesOptions {
  /**
   * A Functions folder (the project's functions/) to run beside the static files. wrangler pages dev reads only
   * `./functions` of its working folder, so it is copied to `work/functions` as it is when the server starts.
   */
  functions?: string;
  /** Variables and secrets the Functions see in `context.env`, passed as `--binding KEY=VALUE`. */
  bindings?: Readonly<Record<string, string>>;
  /** The path polled until it answers 2xx, which tells the server is up; `/robots.txt` unless given. */
  readyPath?: string;
}

/** How long a stopping wrangler may take before it is killed (it stops in under a second, but once hung with its folder gone). */
const STOP_GRACE_MS = 5_000;

/**
 * Starts `wrangler pages dev dir`, its state and logs kept in `work`; resolves once it answers (at most 60 s).
 * It runs in a process group of its own, so stopping it also stops the workerd processes it started.
 */
export async function startCloudflarePages(
  dir: string,
  work: string,
  options: CloudflarePagesOptions = {},
): Promise<CloudflarePages> {
  const [port, inspector] = [await freePort(), await freePort()];
  if (options.functions) await cp(options.functions, path.join(work, 'functions'), { recursive: true });
  const bindings = Object.entries(options.bindings ?? {}).flatMap(([key, value]) => ['--binding', `${key}=${value}`]);
  const args = [
    WRANGLER,
    'pages',
    'dev',
    dir,
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(inspector),
    '--compatibility-date',
    COMPATIBILITY_DATE,
    '--persist-to',
    path.join(work, 'state'),
    '--log-level',
    'warn',
    '--show-interactive-dev-session=false',
    ...bindings,
  ];
  // CLOUDFLARE_CF_FETCH_ENABLED=false: miniflare would otherwise ask workers.cloudflare.com for a `request.cf`
  // object at start (and wait up to 3 s for this closed network to refuse); tests reach only 127.0.0.1.
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: work,
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_LOG_PATH: path.join(work, 'logs'),
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    CI: 'true',
  };
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: work,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // The group is gone already.
    }
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return signal('SIGKILL');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
    // workerd may outlive wrangler by a moment; nothing of the group may stay behind.
    signal('SIGKILL');
  };
  const readyUrl = origin + (options.readyPath ?? '/robots.txt');
  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null) break;
    const answered = await fetch(readyUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return { origin, stop, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`wrangler pages dev did not start:\n${output}`);
}

/** One answer as the parity test compares it: status, where a redirect points, and the headers `_headers` sets. */
export interface HostAnswer {
  status: number;
  location: string | null;
  headers: Record<string, string>;
}

/** The header names a `_headers` file sets, lowercased. */
export function headerNamesOf(headersFile: string): Set<string> {
  return new Set(
    headersFile
      .split('\n')
      .filter((line) => /^\s+[A-Za-z0-9-]+:/.test(line))
      .map((line) => line.trim().split(':')[0]!.toLowerCase()),
  );
}

/** Requests `url` without following a redirect; a Location is given as the path and query it leads to on the same origin. */
export async function answerOf(origin: string, url: string, headerNames: ReadonlySet<string>): Promise<HostAnswer> {
  const response = await fetch(origin + url, { redirect: 'manual' });
  await response.arrayBuffer();
  const raw = response.headers.get('location');
  const target = raw === null ? null : new URL(raw, origin + url);
  const location = target === null ? null : target.origin === origin ? target.pathname + target.search : target.href;
  const headers: Record<string, string> = {};
  for (const name of headerNames) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { status: response.status, location, headers };
}

/** Every difference between two answers to one URL, as one line naming the URL and both answers; empty when alike. */
export function differenceOf(url: string, ours: HostAnswer, theirs: HostAnswer): string[] {
  const lines: string[] = [];
  if (ours.status !== theirs.status || ours.location !== theirs.location) {
    lines.push(
      `${url}: site serve ${ours.status}${ours.location ? ` → ${ours.location}` : ''}, Cloudflare ${theirs.status}${
        theirs.location ? ` → ${theirs.location}` : ''
      }`,
    );
  }
  for (const name of new Set([...Object.keys(ours.headers), ...Object.keys(theirs.headers)])) {
    if (ours.headers[name] !== theirs.headers[name]) {
      lines.push(
        `${url}: ${name} is ${JSON.stringify(ours.headers[name] ?? null)} from site serve, ${JSON.stringify(
          theirs.headers[name] ?? null,
        )} from Cloudflare`,
      );
    }
  }
  return lines;
}

/**
 * The URLs to compare for a built folder: every file at its address, every page at its clean URL and in the forms
 * people and old links use (`.html`, a trailing slash, capitals, `/index`, a query string), the redirect sources,
 * and paths nothing answers.
 */
export async function urlVariants(dir: string): Promise<string[]> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)
    .sort();
  const urls = new Set<string>([
    '/',
    '/index',
    '/index.html',
    '/?utm_source=flyer',
    '/no-such-page',
    '/no-such-page/',
    '/No-Such-Page',
    '/assets/no-such-file.js',
    '/blog/no-such-post',
  ]);
  for (const file of files) {
    // The host reads these two and never serves them; wrangler's local server answers them with a 502 of its own.
    if (file === '/_headers' || file === '/_redirects') continue;
    if (!file.endsWith('.html')) {
      urls.add(file);
      urls.add(`${file}?v=2`);
      continue;
    }
    const page = file.replace(/\.html$/, '').replace(/\/index$/, '') || '/';
    if (page === '/') continue;
    for (const form of [
      page,
      `${page}.html`,
      `${page}/`,
      `${page}.html?ref=mail`,
      `${page}/?ref=mail`,
      `${page}?ref=mail`,
      `${page}/index`,
      `${page}/index.html`,
      page.toUpperCase(),
      titleCase(page),
      `${titleCase(page)}/`,
    ])
      urls.add(form);
  }
  const redirects = await readFile(path.join(dir, '_redirects'), 'utf8').catch(() => '');
  for (const line of redirects.split('\n')) {
    const from = /^\/\S*/.exec(line.trim())?.[0];
    if (from) {
      for (const form of [
        from.replace(/\*/g, 'any/thing').replace(/:\w+/g, 'x'),
        `${from.replace(/\*/g, 'x').replace(/:\w+/g, 'x')}?ref=old`,
      ])
        urls.add(form);
    }
  }
  return [...urls];
}

/** `/blog/kitchen-design-tips` → `/Blog/Kitchen-design-tips`: how a capitalised link is usually typed. */
function titleCase(page: string): string {
  return page.replace(/\/([a-z])/g, (_slash, letter: string) => `/${letter.toUpperCase()}`);
}
