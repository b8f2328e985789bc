import path from 'node:path';
import { SiteError } from './errors.ts';

/** What the CLI (or a test) asks for. */
export interface BuildOptions {
  root?: string;
  out?: string;
  data?: string;
  siteUrl?: string;
  debug?: boolean;
  /** false: run every stage but write nothing (tests build in memory). */
  write?: boolean;
  /** false skips the internal link check (`--no-link-check`, for debugging only). */
  linkCheck?: boolean;
  /** Threads: 1 does everything on the main thread, 2 checks and writes pages on a second one; unset picks by the page count. */
  workers?: number;
  /** true makes every warning an error (`--strict`, for production builds): nothing is written. */
  strict?: boolean;
  env?: Readonly<Record<string, string | undefined>>;
}

/** The resolved configuration every stage reads: absolute paths, environment values, defaults. */
export interface BuildConfig {
  root: string;
  templatesDir: string;
  pagesDir: string;
  islandsDir: string;
  dataDir: string;
  publicDir: string;
  outDir: string;
  /** From --site-url or SITE_URL; undefined means "ask the site's data". */
  siteUrlOverride: string | undefined;
  debug: boolean;
  write: boolean;
  linkCheck: boolean;
  /** Threads asked for (1 or 2), or undefined to choose by the page count (see build.ts). */
  workers: number | undefined;
  strict: boolean;
  time: Date;
  /** The environment the site's declared variables are read from (see EnvDefinition). */
  env: Readonly<Record<string, string | undefined>>;
}

/** Resolves flags and environment into a BuildConfig; a bad value is a CONFIG_INVALID error naming it. */
export function resolveConfig(options: BuildOptions): BuildConfig {
  const env = options.env ?? process.env;
  const root = path.resolve(options.root ?? process.cwd());
  const templatesDir = path.join(root, 'templates');
  const outDir = path.resolve(root, options.out ?? 'dist');
  const dataDir = path.resolve(root, options.data ?? 'data');
  const publicDir = path.join(root, 'public');
  guardOutDir(outDir, root, [templatesDir, dataDir, publicDir]);

  const rawUrl = options.siteUrl ?? env.SITE_URL;
  const siteUrlOverride = rawUrl ? normaliseSiteUrl(rawUrl, options.siteUrl ? '--site-url' : 'SITE_URL') : undefined;

  return {
    root,
    templatesDir,
    pagesDir: path.join(templatesDir, 'pages'),
    islandsDir: path.join(templatesDir, 'islands'),
    dataDir,
    publicDir,
    outDir,
    siteUrlOverride,
    debug: options.debug ?? false,
    write: options.write ?? true,
    linkCheck: options.linkCheck ?? true,
    workers: workerCount(options.workers),
    strict: options.strict ?? false,
    time: buildTime(env.SOURCE_DATE_EPOCH),
    env,
  };
}

/** Checks an origin such as `https://www.example.com` and drops a trailing slash. */
export function normaliseSiteUrl(value: string, source: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SiteError('CONFIG_INVALID', `${source} is not an absolute URL: "${value}".`, {
      hint: 'Give the origin with its scheme, such as https://www.example.com',
    });
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
    throw new SiteError(
      'CONFIG_INVALID',
      `${source} must be an http(s) origin with no path, query or fragment: "${value}".`,
      {
        hint: 'Give only scheme and host, such as https://www.example.com',
      },
    );
  }
  return url.origin;
}

function workerCount(value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (value !== 1 && value !== 2) {
    throw new SiteError('CONFIG_INVALID', `--workers must be 1 or 2, got "${value}".`, {
      hint: 'Leave it out to let the build choose.',
    });
  }
  return value;
}

function buildTime(sourceDateEpoch: string | undefined): Date {
  if (!sourceDateEpoch) return new Date();
  const seconds = Number(sourceDateEpoch);
  if (!Number.isInteger(seconds) || seconds < 0) {
    throw new SiteError(
      'CONFIG_INVALID',
      `SOURCE_DATE_EPOCH must be whole seconds since 1970, got "${sourceDateEpoch}".`,
    );
  }
  return new Date(seconds * 1000);
}

/** Refuses an output folder that would replace the project or its sources when the build swaps it in. */
function guardOutDir(outDir: string, root: string, sourceDirs: string[]): void {
  const within = (child: string, parent: string) => child === parent || child.startsWith(parent + path.sep);
  const clash =
    [root, ...sourceDirs].find((dir) => within(dir, outDir)) ?? sourceDirs.find((dir) => within(outDir, dir));
  if (clash) {
    throw new SiteError('CONFIG_INVALID', `--out ${outDir} would overwrite ${clash}.`, {
      hint: 'Build into a folder of its own, such as dist/.',
    });
  }
}
