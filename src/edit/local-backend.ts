import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SiteError } from '../core/errors.ts';
import { commitPaths } from './git-commits.ts';

/** The backend the editor saves through while `site edit` runs, on 127.0.0.1 only. */
export interface LocalBackend {
  /** The API the editor's configuration names (`local_backend.url`). */
  api: string;
  close(): Promise<void>;
}

/** The editor's requests that change files, and the paths each one touches. */
interface EditorRequest {
  action?: string;
  params?: {
    entry?: { path?: string; newPath?: string };
    dataFiles?: { path?: string; newPath?: string }[];
    assets?: { path?: string }[];
    asset?: { path?: string };
    path?: string;
    paths?: string[];
    options?: { commitMessage?: string };
  };
}

/** What this file uses of express (decap-server's own dependency; the project has no types for it). */
interface Request {
  method: string;
  body: unknown;
}
interface Response {
  statusCode: number;
  on(event: 'finish', listener: () => void): void;
}
interface ExpressApp {
  use(path: string, handler: (request: Request, response: Response, next: () => void) => void): void;
  use(handler: unknown): void;
  listen(port: number, host: string, callback: () => void): Server;
}
type Express = (() => ExpressApp) & { json(options: { limit: string }): unknown };

/** The paths a saving request touches, relative to the repository. */
export function touchedPaths(request: EditorRequest): string[] {
  const params = request.params ?? {};
  switch (request.action) {
    case 'persistEntry':
      return [
        ...(params.dataFiles ?? (params.entry ? [params.entry] : [])).flatMap((file) => [file.path, file.newPath]),
        ...(params.assets ?? []).map((asset) => asset.path),
      ].filter((file): file is string => typeof file === 'string');
    case 'persistMedia':
      return params.asset?.path ? [params.asset.path] : [];
    case 'deleteFile':
      return params.path ? [params.path] : [];
    case 'deleteFiles':
      return params.paths ?? [];
    default:
      return [];
  }
}

/**
 * Decap's own local backend (decap-server's file-system mode, which writes files but commits nothing), with each
 * successful save made into one commit of exactly the files it touched, named as Decap names the change ("Update
 * Projects “projects”"). decap-server's git mode is not used: it runs `git add .`, which would commit whatever else
 * lies in the working tree. The server listens on 127.0.0.1 only (decap-server alone listens on every interface).
 */
export async function startLocalBackend(root: string, port: number): Promise<LocalBackend> {
  const requireFromRoot = createRequire(path.join(root, 'package.json'));
  let server: string;
  try {
    server = requireFromRoot.resolve('decap-server');
  } catch (error) {
    throw new SiteError('EDITOR_MISSING', 'site edit needs the decap-server package, which is not installed.', {
      hint: 'Run npm install (decap-server is in package.json).',
      cause: error,
    });
  }
  const requireFromServer = createRequire(server);
  const express = requireFromServer('express') as Express;
  const { registerLocalFs } = requireFromServer('./middlewares') as {
    registerLocalFs(app: unknown, options?: { logLevel?: string }): Promise<void>;
  };
  // decap-server reads its repository from the environment as it registers its routes.
  process.env.GIT_REPO_DIRECTORY = root;
  const app = express();
  app.use(express.json({ limit: '50mb' }));
  let commits = Promise.resolve();
  app.use('/api/v1', (request, response, next) => {
    const body = request.body as EditorRequest;
    const paths = touchedPaths(body);
    if (request.method === 'POST' && paths.length > 0) {
      response.on('finish', () => {
        if (response.statusCode !== 200) return;
        const message = body.params?.options?.commitMessage ?? `Edit ${paths.join(', ')}`;
        // One at a time, in the order the saves finished, so no commit sees another's files half-staged.
        commits = commits.then(async () => {
          try {
            if (await commitPaths(root, paths, message)) console.log(`Committed: ${message} (${paths.join(', ')})`);
          } catch (error) {
            console.error(
              `The edit was saved but not committed (${paths.join(', ')}): ${
                error instanceof Error ? error.message : String(error)
              }`,
            );
          }
        });
      });
    }
    next();
  });
  await registerLocalFs(app, { logLevel: 'warn' });
  const listening: Server = await new Promise((resolve, reject) => {
    const started = app.listen(port, '127.0.0.1', () => resolve(started));
    started.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new SiteError(
              'SERVE_PORT_IN_USE',
              `The editor's backend cannot listen on 127.0.0.1:${port}: the port is in use.`,
              {
                hint: 'Stop the other process, or pass another port with --backend-port.',
              },
            )
          : error,
      ),
    );
  });
  const address = listening.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    api: `http://127.0.0.1:${bound}/api/v1`,
    async close() {
      await new Promise<void>((resolve) => listening.close(() => resolve()));
      await commits;
    },
  };
}
