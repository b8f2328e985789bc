import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SiteError } from '../core/errors.ts';
import { parseHeadersFile } from '../host/headers-file.ts';
import { parseRedirectsFile } from '../host/redirects-file.ts';
import { createFileCache } from './file-cache.ts';
import { handleRequest } from './handle-request.ts';
import type { ServeContext } from './handle-request.ts';
import { createLiveReloadHub } from './live-reload.ts';
import { watchedFile } from './watched-file.ts';

/** What to serve and where: `port: 0` picks a free port; `log` receives warnings (stderr by default). */
export interface ServeOptions {
  dir: string;
  port: number;
  host: string;
  liveReload?: boolean;
  log?: (line: string) => void;
  /** The rebuild under way, if any (`site serve --watch`): a request that finds no file waits for it (see handle-request.ts). */
  rebuilding?: () => Promise<unknown> | undefined;
}

/** A listening server: its real URL and port, `reload()` for live reload, and `close()`. */
export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
  reload(): void;
}

/** Serves a built site folder as the production static host would; resolves once the server is listening. */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const root = await realFolder(options.dir);
  const liveReload = options.liveReload ? createLiveReloadHub() : undefined;
  const logWarnings = <T extends { warnings: string[] }>(parsed: T): T => {
    parsed.warnings.forEach((warning) => log(warning));
    return parsed;
  };
  const headersFile = watchedFile(path.join(root, '_headers'), (text) => logWarnings(parseHeadersFile(text)).rules);
  const redirectsFile = watchedFile(
    path.join(root, '_redirects'),
    (text) => logWarnings(parseRedirectsFile(text)).rules,
  );
  // Read both now, so a malformed line is reported at start-up rather than on the first request.
  await Promise.all([headersFile(), redirectsFile()]);
  const ctx: ServeContext = {
    root,
    cache: createFileCache(),
    headerRules: headersFile,
    redirectRules: redirectsFile,
    liveReload,
    rebuilding: options.rebuilding,
  };

  const server = http.createServer((req, res) => {
    handleRequest(req, res, ctx).catch((error: unknown) => {
      log(
        `site serve: ${req.method ?? 'GET'} ${req.url ?? '/'} failed: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
      if (res.headersSent) return void res.destroy();
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
      res.end('Internal server error\n');
    });
  });
  await listen(server, options.port, options.host);
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${urlHost(options.host)}:${port}`,
    port,
    reload: () => liveReload?.broadcast(),
    close: () =>
      new Promise<void>((resolve) => {
        liveReload?.closeAll();
        // Resolves even when already closed: closing twice is not worth an error.
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function realFolder(dir: string): Promise<string> {
  try {
    const real = await fs.realpath(dir);
    if ((await fs.stat(real)).isDirectory()) return real;
  } catch {
    // Falls through to the error below: missing and not-a-folder get the same advice.
  }
  throw new SiteError('SERVE_DIR_MISSING', `The folder ${dir} does not exist or is not a folder.`, { file: dir });
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      if (error.code !== 'EADDRINUSE') return reject(error);
      reject(new SiteError('SERVE_PORT_IN_USE', `Port ${port} on ${host} is already in use.`, { cause: error }));
    };
    const onListening = (): void => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

// A wildcard address is not something to open in a browser; an IPv6 literal needs brackets in a URL.
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
