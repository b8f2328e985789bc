#!/usr/bin/env node
// Which checks a push to main needs before it goes live (.github/workflows/deploy.yml runs this first). A push that
// changes only content (data/: the owner's Publishes, photos, posts) takes the content path: the build with its
// gates and the checks content can break (`npm run test:content`), a few minutes. Any other push, or one whose
// changes cannot be listed, takes the code path: the whole test suite first, as always.
//
// The changes are counted from the last commit a successful run of the workflow checked, not from the push's
// parent: a code change whose run failed is still unchecked, so the next push, content or not, takes the code path.
//
//   node .github/publish-path.mjs     (in GitHub Actions: writes `path=content` or `path=code` to $GITHUB_OUTPUT)
//
// Reads GITHUB_API_URL, GITHUB_REPOSITORY, GITHUB_SHA, GITHUB_EVENT_NAME and GITHUB_TOKEN, as Actions sets them.
// Plain Node (20 or later, for fetch), no packages: it runs before `npm ci`.
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where content lives: what the owner's editor writes, and what a content-only push may change. */
export const CONTENT = /^data\//;
/** The compare API lists at most this many files; a longer list may be cut short. */
const COMPARE_LIMIT = 300;

/**
 * The path for a push that changes `files` (paths relative to the repository): `content` when every one is content,
 * `code` otherwise, or when there are none to go by. `why` says which, in a sentence for the run's log.
 */
export function publishPath(files) {
  if (files.length === 0) return { path: 'code', why: 'No changed files to go by: the whole suite runs.' };
  const code = files.filter((file) => !CONTENT.test(file));
  if (code.length === 0) {
    return { path: 'content', why: `Content only (${files.length} file${files.length === 1 ? '' : 's'} in data/).` };
  }
  const shown = code.slice(0, 5).join(', ') + (code.length > 5 ? `, and ${code.length - 5} more` : '');
  return { path: 'code', why: `Code changed (${shown}): the whole suite runs.` };
}

/**
 * The files changed since the last commit a successful run of this workflow checked, from GitHub's API; an empty
 * list when that cannot be told (no such run, history rewritten, or more files than the API lists).
 */
export async function changedFiles({ api, repository, sha, token, workflow = 'deploy.yml' }) {
  const get = async (url) => {
    const response = await fetch(url, {
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${token}`,
        'x-github-api-version': '2022-11-28',
      },
    });
    if (!response.ok) throw new Error(`GitHub answered ${response.status} to ${url}`);
    return response.json();
  };
  const runs = await get(
    `${api}/repos/${repository}/actions/workflows/${workflow}/runs?branch=main&status=success&per_page=1`,
  );
  const base = runs.workflow_runs?.[0]?.head_sha;
  if (!base) return [];
  if (base === sha) return [];
  const comparison = await get(`${api}/repos/${repository}/compare/${base}...${sha}?per_page=${COMPARE_LIMIT}`);
  // "ahead": this push's commits sit on top of the checked one; anything else (diverged, behind) is not a plain diff.
  if (comparison.status !== 'ahead' || !Array.isArray(comparison.files)) return [];
  if (comparison.files.length >= COMPARE_LIMIT) return [];
  // A renamed file changes two paths; both count.
  return comparison.files.flatMap((file) => [
    file.filename,
    ...(file.previous_filename ? [file.previous_filename] : []),
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const env = process.env;
  let choice;
  if (env.GITHUB_EVENT_NAME !== 'push') {
    choice = { path: 'code', why: `A ${env.GITHUB_EVENT_NAME ?? 'manual'} run: the whole suite runs.` };
  } else {
    try {
      const files = await changedFiles({
        api: env.GITHUB_API_URL ?? 'https://api.github.com',
        repository: env.GITHUB_REPOSITORY,
        sha: env.GITHUB_SHA,
        token: env.GITHUB_TOKEN,
      });
      choice = publishPath(files);
    } catch (error) {
      choice = { path: 'code', why: `The changes could not be listed (${error.message}): the whole suite runs.` };
    }
  }
  console.log(`::notice title=${choice.path === 'content' ? 'Content path' : 'Code path'}::${choice.why}`);
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `path=${choice.path}\n`);
}
