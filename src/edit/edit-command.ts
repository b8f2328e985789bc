import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { resolveConfig } from '../core/config.ts';
import { assertReadyToEdit } from './git-commits.ts';
import { type LocalBackend, startLocalBackend } from './local-backend.ts';

export interface EditOptions {
  port: number;
  backendPort: number;
  dir: string;
  root: string;
}

/** `site serve --watch` as the CLI runs it, with a call once the server answers. */
type Serve = (
  options: { dir: string; port: number; host: string; watch: boolean; root: string },
  ready: (url: string, dir: string) => Promise<void>,
) => Promise<number>;

/**
 * `site edit`: the editor's local backend (each Publish one commit) and `site serve --watch` on 127.0.0.1, whose
 * builds point the editor at that backend. Resolves to the exit code once the server stops.
 */
export async function runEdit(options: EditOptions, serve: Serve, fail: (error: unknown) => number): Promise<number> {
  const root = path.resolve(options.root);
  let backend: LocalBackend;
  try {
    // The data folder the build reads (its default, as `site edit` takes no --data): each Publish commits there.
    await assertReadyToEdit(root, path.relative(root, resolveConfig({ root }).dataDir));
    backend = await startLocalBackend(root, options.backendPort);
  } catch (error) {
    return fail(error);
  }
  // The builds run in their own process, which inherits the environment.
  process.env.SITE_EDITOR_LOCAL_BACKEND = backend.api;
  try {
    return await serve(
      { dir: options.dir, port: options.port, host: '127.0.0.1', watch: true, root: options.root },
      async (url, dir) => {
        const editor = await editorPathIn(dir);
        console.log(
          editor
            ? `Edit the site at ${url}${editor} (each Publish is a commit; the site rebuilds and reloads)`
            : 'This site has no editor: add `editor` to its site definition.',
        );
      },
    );
  } finally {
    await backend.close();
  }
}

/** The editor's path in a built folder: the page beside a folder that holds the editor's config.yml. */
async function editorPathIn(dir: string): Promise<string | undefined> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const names = new Set(entries.map((entry) => entry.name));
  for (const entry of entries) {
    if (
      entry.isDirectory() &&
      names.has(`${entry.name}.html`) &&
      (await readdir(path.join(dir, entry.name))).includes('config.yml')
    )
      return `/${entry.name}`;
  }
  return undefined;
}
