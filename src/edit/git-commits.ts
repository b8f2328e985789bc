import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { SiteError } from '../core/errors.ts';

const run = promisify(execFile);

/** Runs git in `root`; resolves to its standard output. */
async function git(root: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { stdout } = await run('git', [...args], { cwd: root, env, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/**
 * Refuses to start the editor on a project that is not a git repository, or whose data folder holds changes not
 * yet committed: a Publish commits the files it touched, and a touched file's older changes would go in with it.
 */
export async function assertReadyToEdit(root: string, dataFolder: string): Promise<void> {
  const inside = await git(root, ['rev-parse', '--is-inside-work-tree']).catch(() => '');
  if (inside.trim() !== 'true') {
    throw new SiteError(
      'EDIT_REFUSED',
      `${root} is not a git repository, and each Publish in the editor is a commit.`,
      { hint: 'Run site edit in a clone of the site repository.' },
    );
  }
  const changed = (await git(root, ['status', '--porcelain', '--untracked-files=all', '--', dataFolder]))
    .split('\n')
    .filter(Boolean);
  if (changed.length > 0) {
    const files = changed.map((line) => line.slice(3)).slice(0, 10);
    throw new SiteError(
      'EDIT_REFUSED',
      `${dataFolder}/ has changes that are not committed (${files.join(', ')}${
        changed.length > files.length ? ', …' : ''
      }): a Publish would commit them with the edit.`,
      {
        hint: 'Commit or stash them first (git stash -u), so that each Publish commits only its own edit.',
      },
    );
  }
}

/**
 * One commit of exactly `paths` (added, changed or deleted), whatever else the working tree or the index holds;
 * resolves to false when they changed nothing (a Publish of unchanged fields). A repository with no author set
 * commits as "Site editor".
 */
export async function commitPaths(root: string, paths: readonly string[], message: string): Promise<boolean> {
  const unique = [...new Set(paths)];
  if (unique.length === 0) return false;
  await git(root, ['add', '--all', '--', ...unique]);
  const staged = await git(root, ['diff', '--cached', '--name-only', '--', ...unique]);
  if (staged.trim() === '') return false;
  const named = (await git(root, ['config', 'user.email']).catch(() => '')).trim() !== '';
  const env = named
    ? process.env
    : {
        ...process.env,
        GIT_AUTHOR_NAME: 'Site editor',
        GIT_AUTHOR_EMAIL: 'editor@localhost',
        GIT_COMMITTER_NAME: 'Site editor',
        GIT_COMMITTER_EMAIL: 'editor@localhost',
      };
  // `--only` with paths commits just those paths, leaving anything else that is staged as it was.
  await git(root, ['commit', '--quiet', '--only', '--message', message, '--', ...unique], env);
  return true;
}
