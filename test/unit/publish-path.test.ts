import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { changedFiles, publishPath } from '../../.github/publish-path.mjs';
import { PROJECT_ROOT, tempDir } from '../helpers/fixture.ts';

// Issue 58: a Publish that changes only content goes live through a short path (the build and the content checks),
// anything else through the whole suite. Here: the choice for each kind of change, the script as the workflow runs
// it against a stand-in for GitHub's API on 127.0.0.1, and the workflow's steps wired to its answer.

const SCRIPT = path.join(PROJECT_ROOT, '.github/publish-path.mjs');
const WORKFLOW = path.join(PROJECT_ROOT, '.github/workflows/deploy.yml');
const [CHECKED, PUSHED] = ['a'.repeat(40), 'b'.repeat(40)];

describe('which path a push takes', () => {
  it('content, for changes in data/ only: a Publish, photos, posts', () => {
    expect(publishPath(['data/business.json']).path).toBe('content');
    expect(publishPath(['data/projects.json', 'data/images/img_4512.heic', 'data/blog/new-post.md'])).toEqual({
      path: 'content',
      why: 'Content only (3 files in data/).',
    });
  });

  it('code, as soon as one change is not content: templates, the engine, the lock file, the workflow', () => {
    for (const other of [
      'templates/pages/index.tsx',
      'src/build.ts',
      'package-lock.json',
      '.github/workflows/deploy.yml',
    ]) {
      expect(publishPath(['data/business.json', other]), other).toEqual({
        path: 'code',
        why: `Code changed (${other}): the whole suite runs.`,
      });
    }
    expect(publishPath(['public/robots.txt']).path).toBe('code');
    // A data folder elsewhere is not the content folder.
    expect(publishPath(['test/fixtures/basic/data/site.json']).path).toBe('code');
  });

  it('code, when there is nothing to go by', () => {
    expect(publishPath([]).path).toBe('code');
  });
});

/** A stand-in for the two endpoints of GitHub's API the script asks, answering what the test sets. */
let api: http.Server;
let apiUrl: string;
let answer: {
  lastChecked?: string;
  status?: string;
  files?: Array<{ filename: string; previous_filename?: string }>;
  /** A status to answer every request with, as an API that cannot answer does. */
  error?: number;
};
const asked: string[] = [];

beforeAll(async () => {
  api = http.createServer((request, response) => {
    asked.push(`${request.headers.authorization} ${request.url}`);
    if (answer.error) return void response.writeHead(answer.error).end();
    const json = (body: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.url?.startsWith('/repos/owner/site/actions/workflows/deploy.yml/runs?')) {
      return json({ workflow_runs: answer.lastChecked ? [{ head_sha: answer.lastChecked }] : [] });
    }
    if (request.url?.startsWith(`/repos/owner/site/compare/${CHECKED}...${PUSHED}`)) {
      return json({ status: answer.status ?? 'ahead', files: answer.files ?? [] });
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => api.close(resolve)));

const options = () => ({ api: apiUrl, repository: 'owner/site', sha: PUSHED, token: 'token-1' });

describe('the changes since the last checked commit, from GitHub', () => {
  it('asks for the last successful run of the workflow on main, then compares that commit with the push', async () => {
    answer = { lastChecked: CHECKED, files: [{ filename: 'data/home.json' }] };
    asked.length = 0;
    expect(await changedFiles(options())).toEqual(['data/home.json']);
    expect(asked).toEqual([
      'Bearer token-1 /repos/owner/site/actions/workflows/deploy.yml/runs?branch=main&status=success&per_page=1',
      `Bearer token-1 /repos/owner/site/compare/${CHECKED}...${PUSHED}?per_page=300`,
    ]);
  });

  it('counts both paths of a renamed file', async () => {
    answer = { lastChecked: CHECKED, files: [{ filename: 'src/a.ts', previous_filename: 'data/a.json' }] };
    expect(await changedFiles(options())).toEqual(['src/a.ts', 'data/a.json']);
  });

  it('lists none when it cannot tell: no checked run, history rewritten, or a list the API may have cut short', async () => {
    answer = {};
    expect(await changedFiles(options())).toEqual([]);
    answer = { lastChecked: CHECKED, status: 'diverged', files: [{ filename: 'data/home.json' }] };
    expect(await changedFiles(options())).toEqual([]);
    answer = {
      lastChecked: CHECKED,
      files: Array.from({ length: 300 }, (_, i) => ({ filename: `data/cities/c${i}.json` })),
    };
    expect(await changedFiles(options())).toEqual([]);
  });
});

describe('the script as the workflow runs it', () => {
  const run = async (event: string): Promise<{ output: string; log: string }> => {
    const folder = await tempDir('publish-path');
    const outputFile = path.join(folder.dir, 'output');
    await mkdir(folder.dir, { recursive: true });
    const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT], {
      env: {
        PATH: process.env.PATH ?? '',
        GITHUB_API_URL: apiUrl,
        GITHUB_REPOSITORY: 'owner/site',
        GITHUB_SHA: PUSHED,
        GITHUB_EVENT_NAME: event,
        GITHUB_TOKEN: 'token-1',
        GITHUB_OUTPUT: outputFile,
      },
    });
    const output = await readFile(outputFile, 'utf8');
    await folder.remove();
    return { output, log: stdout };
  };

  it('a data-only diff: path=content', async () => {
    answer = {
      lastChecked: CHECKED,
      files: [{ filename: 'data/business.json' }, { filename: 'data/images/deck.jpg' }],
    };
    expect(await run('push')).toEqual({
      output: 'path=content\n',
      log: '::notice title=Content path::Content only (2 files in data/).\n',
    });
  });

  it('a diff that also touches templates/, src/ or the lock file: path=code', async () => {
    for (const other of ['templates/components/Header.tsx', 'src/cli.ts', 'package-lock.json']) {
      answer = { lastChecked: CHECKED, files: [{ filename: 'data/business.json' }, { filename: other }] };
      expect((await run('push')).output, other).toBe('path=code\n');
    }
  });

  it('a manual run, or an API that cannot answer: path=code', async () => {
    answer = { lastChecked: CHECKED, files: [{ filename: 'data/business.json' }] };
    expect((await run('workflow_dispatch')).output).toBe('path=code\n');
    answer = { error: 500 };
    const { output, log } = await run('push');
    expect(output).toBe('path=code\n');
    expect(log).toMatch(/^::notice title=Code path::The changes could not be listed \(GitHub answered 500/);
  });
});

describe('the deploy workflow, wired to the choice', () => {
  type Step = { id?: string; name?: string; if?: string; run?: string; uses?: string };
  const steps = (parse(readFileSync(WORKFLOW, 'utf8')) as { jobs: { deploy: { steps: Step[] } } }).jobs.deploy.steps;
  const index = (find: (step: Step) => boolean, what: string) => {
    const at = steps.findIndex(find);
    expect(at, `no step ${what} in deploy.yml`).toBeGreaterThanOrEqual(0);
    return at;
  };

  it('chooses first, before anything is installed, then runs the whole suite only on the code path', () => {
    const choose = index((step) => step.run === 'node .github/publish-path.mjs', 'that runs publish-path.mjs');
    expect(steps[choose]!.id).toBe('path');
    const install = index((step) => step.run?.startsWith('npm ci') === true, 'npm ci');
    const suite = index((step) => step.run?.includes('npm test') === true, 'npm test');
    expect(steps[suite]!.if).toBe("steps.path.outputs.path == 'code'");
    expect(choose).toBeLessThan(install);
    expect(install).toBeLessThan(suite);
  });

  it('builds with --strict and runs the content checks on the content path, before the deploy', () => {
    const build = index((step) => step.run === 'npx site build --strict', 'site build --strict');
    const content = index((step) => step.run === 'npm run test:content', 'npm run test:content');
    const deploy = index((step) => step.run?.includes('wrangler pages deploy') === true, 'the deploy');
    expect(steps[build]!.if).toBeUndefined();
    expect(steps[content]!.if).toBe("steps.path.outputs.path == 'content'");
    expect(build).toBeLessThan(content);
    expect(content).toBeLessThan(deploy);
  });
});
