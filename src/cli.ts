import { Command, InvalidArgumentError } from 'commander';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from './build.ts';
import { engineFile } from './core/engine-files.ts';
import { formatSiteError, siteErrorsOf } from './core/errors.ts';
import { PageMemory } from './pages/page-memory.ts';
import { formatReport } from './report.ts';

export { PageMemory };

/**
 * Runs the `site` command line; resolves to the process exit code. `memory` is given by a process that builds again
 * and again for `site serve --watch` (serve/build-process.mjs): each build renders only what changed since the last.
 */
export async function main(argv: string[], memory?: PageMemory): Promise<number> {
  // Read from the file: the compiled engine runs from a cache folder, away from package.json.
  const { version } = JSON.parse(readFileSync(engineFile('../package.json'), 'utf8')) as { version: string };
  const program = new Command('site')
    .description('Build and serve a static React site.')
    .version(version, '-v, --version', 'print the version')
    .exitOverride()
    .showHelpAfterError();
  let exitCode = 0;

  program
    .command('build')
    .description('Render every route to HTML, bundle assets and write the site atomically into the output folder.')
    .option('--out <dir>', 'output folder', 'dist')
    .option('--site-url <url>', 'canonical origin (default: SITE_URL, then the site data)')
    .option('--data <dir>', 'data folder', 'data')
    .option('--root <dir>', 'project folder holding templates/, data/ and public/', '.')
    .option('--debug', 'print stack traces')
    .option(
      '--strict',
      'fail on any warning, such as placeholder facts or a missing environment variable (use it for production)',
    )
    .option('--no-link-check', 'skip the internal link check (for debugging only: the output may have broken links)')
    .option(
      '--workers <n>',
      'threads: 1 renders, checks and writes every page on the main thread; 2 checks and writes on a second one (default: 2 from 1,000 pages on two cores or more)',
      parseWorkers,
    )
    .action(async (options: BuildFlags) => {
      exitCode = await runBuild(options, memory);
    });

  program
    .command('serve')
    .description('Serve the built site like the production host: clean URLs, _headers, _redirects, 404.')
    .option('--dir <dir>', 'folder to serve', 'dist')
    .option('--port <port>', 'port', parsePort, 4173)
    .option('--host <host>', 'host to listen on', '127.0.0.1')
    .option(
      '--watch',
      'rebuild on every change in templates/, data/ and public/ (saves, renames, new and deleted files and folders) and reload open pages',
    )
    .option('--root <dir>', 'project folder (for --watch)', '.')
    .action(async (options: { dir: string; port: number; host: string; watch?: boolean; root: string }) => {
      exitCode = await runServe(options);
    });

  program
    .command('edit')
    .description(
      'Edit the content in the browser: the editor (at /admin) saves through a backend on 127.0.0.1 that makes each Publish one git commit, and the site rebuilds and reloads as you save.',
    )
    .option('--port <port>', 'port of the site and its editor', parsePort, 4173)
    .option('--backend-port <port>', "port of the editor's backend", parsePort, 8081)
    .option('--dir <dir>', 'output folder', 'dist')
    .option('--root <dir>', 'project folder (a git repository)', '.')
    .action(async (options: { port: number; backendPort: number; dir: string; root: string }) => {
      const { runEdit } = await import('./edit/edit-command.ts');
      exitCode = await runEdit(options, runServe, (error) => printFailure(error, false, undefined));
    });

  try {
    await program.parseAsync(argv);
  } catch (error) {
    const code = (error as { exitCode?: number }).exitCode;
    if (typeof code === 'number') return code;
    throw error;
  }
  return exitCode;
}

interface BuildFlags {
  out: string;
  siteUrl?: string;
  data: string;
  root: string;
  debug?: boolean;
  strict?: boolean;
  /** commander's `--no-link-check` sets this to false. */
  linkCheck: boolean;
  workers?: number;
}

async function runBuild(options: BuildFlags, memory: PageMemory | undefined): Promise<number> {
  try {
    const result = await build({ ...options, debug: options.debug ?? false }, memory);
    console.log(formatReport(result.report, result.outDir && path.relative(process.cwd(), result.outDir)));
    return 0;
  } catch (error) {
    return printFailure(error, options.debug ?? false, 'The build failed; the previous output is unchanged.');
  }
}

async function runServe(
  options: { dir: string; port: number; host: string; watch?: boolean; root: string },
  ready?: (url: string, dir: string) => Promise<void>,
): Promise<number> {
  const dir = path.resolve(options.root, options.dir);
  // Loaded here so `site build` never pays for the server's modules.
  const { startServer } = await import('./serve/server.ts');
  const { startBuilder } = await import('./serve/builder.ts');
  const { watchSources } = await import('./serve/watch.ts');
  const builder = options.watch ? startBuilder(path.resolve(options.root), dir) : undefined;
  try {
    if (builder && !(await builder.build())) console.error('Serving the last good build.');
    const server = await startServer({
      dir,
      port: options.port,
      host: options.host,
      liveReload: options.watch ?? false,
      rebuilding: builder?.running,
    });
    let stopping = false;
    const watching = builder
      ? await watchSources(path.resolve(options.root), async () => {
          const built = await builder.build();
          if (built) server.reload();
          else if (!stopping) console.error('Rebuild failed: still serving the last good build.');
        })
      : undefined;
    console.log(
      `Serving ${path.relative(process.cwd(), dir) || '.'} at ${server.url}${
        watching ? ' (watching for changes)' : ''
      }`,
    );
    await ready?.(server.url, dir);
    await new Promise<void>((resolve) => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
    });
    stopping = true;
    await watching?.close();
    await Promise.all([builder?.close(), server.close()]);
    return 0;
  } catch (error) {
    await builder?.close();
    return printFailure(error, false, undefined);
  }
}

function printFailure(error: unknown, debug: boolean, footer: string | undefined): number {
  const errors = siteErrorsOf(error);
  if (!errors) {
    console.error(
      debug && error instanceof Error
        ? error.stack
        : `Unexpected error: ${
            error instanceof Error ? error.message : String(error)
          } (run with --debug for the stack trace)`,
    );
    return 1;
  }
  console.error(errors.map((e) => formatSiteError(e, debug)).join('\n\n'));
  if (footer) console.error(`\n${footer}`);
  return 1;
}

function parseWorkers(value: string): number {
  const workers = Number(value);
  if (value !== '1' && value !== '2') throw new InvalidArgumentError('a build uses 1 or 2 threads.');
  return workers;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new InvalidArgumentError('a port is a whole number from 0 to 65535.');
  }
  return port;
}
