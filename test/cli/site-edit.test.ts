import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertReadyToEdit } from '../../src/edit/git-commits.ts';
import { type LocalBackend, startLocalBackend, touchedPaths } from '../../src/edit/local-backend.ts';
import { PROJECT_ROOT, tempDir } from '../helpers/fixture.ts';

// Issue 52: `site edit`'s backend. Decap's own file-system backend writes the files; each save the editor makes is then
// one commit of exactly the files it touched, named as Decap names the change, whatever else the working tree holds
// (decap-server's git mode would `git add .`). It listens on 127.0.0.1 only.

let repo: { dir: string; remove(): Promise<void> };
let backend: LocalBackend;
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo.dir, encoding: 'utf8' });

beforeAll(async () => {
  repo = await tempDir('site-edit');
  await mkdir(path.join(repo.dir, 'data/images'), { recursive: true });
  await writeFile(path.join(repo.dir, 'package.json'), '{ "private": true }\n');
  await symlink(path.join(PROJECT_ROOT, 'node_modules'), path.join(repo.dir, 'node_modules'), 'dir');
  await writeFile(path.join(repo.dir, '.gitignore'), 'node_modules\n');
  await writeFile(path.join(repo.dir, 'data/business.json'), '{\n  "phone": "(408) 555-0142"\n}\n');
  await writeFile(path.join(repo.dir, 'data/home.json'), '{\n  "stats": []\n}\n');
  await writeFile(path.join(repo.dir, 'notes.txt'), 'a tracked file outside data/\n');
  git('init', '--quiet');
  git('add', '-A');
  git('-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'commit', '--quiet', '-m', 'The site');
  backend = await startLocalBackend(repo.dir, 0);
});

afterAll(async () => {
  await backend?.close();
  await repo?.remove();
});

/** Sends the editor's request as Decap does (a POST of JSON), from the editor's page origin. */
async function editor(body: object): Promise<Response> {
  const response = await fetch(backend.api, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:4173' },
    body: JSON.stringify(body),
  });
  await response.clone().text();
  return response;
}

/** The last commit: its message and the files it changed. */
function lastCommit(): { message: string; files: string[] } {
  const [message, ...files] = git('show', '--name-only', '--format=%s', 'HEAD').trim().split('\n').filter(Boolean);
  return { message: message!, files };
}

/** Waits (bounded) until the backend's commit after a save has landed. */
async function commitCount(expected: number): Promise<number> {
  let count = 0;
  for (let attempt = 0; attempt < 50; attempt++) {
    count = Number(git('rev-list', '--count', 'HEAD').trim());
    if (count >= expected) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return count;
}

describe("site edit's backend", () => {
  it('makes one save one commit of exactly the file it touched, named as Decap names it, with other changes left alone', async () => {
    await writeFile(path.join(repo.dir, 'notes.txt'), 'a tracked file outside data/, changed by hand\n');
    await writeFile(path.join(repo.dir, 'untracked.txt'), 'a file git does not know\n');
    const response = await editor({
      action: 'persistEntry',
      params: {
        branch: 'main',
        dataFiles: [{ slug: 'business', path: 'data/business.json', raw: '{\n  "phone": "(408) 744-2210"\n}\n' }],
        assets: [],
        options: {
          collectionName: 'business',
          commitMessage: 'Update Business facts “business”',
          useWorkflow: false,
          status: 'draft',
        },
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(await commitCount(2)).toBe(2);
    expect(lastCommit()).toEqual({ message: 'Update Business facts “business”', files: ['data/business.json'] });
    expect(git('show', 'HEAD', '--format=', '--', 'data/business.json')).toContain('+  "phone": "(408) 744-2210"');
    expect(git('status', '--porcelain')).toBe(' M notes.txt\n?? untracked.txt\n');
  });

  it('commits an uploaded photo on its own, and an entry with its photos together', async () => {
    const photo = Buffer.from('a photo').toString('base64');
    await editor({
      action: 'persistMedia',
      params: {
        branch: 'main',
        asset: { path: 'data/images/porch.jpg', content: photo, encoding: 'base64' },
        options: { commitMessage: 'Upload “data/images/porch.jpg”' },
      },
    });
    expect(await commitCount(3)).toBe(3);
    expect(lastCommit()).toEqual({ message: 'Upload “data/images/porch.jpg”', files: ['data/images/porch.jpg'] });
    await editor({
      action: 'persistEntry',
      params: {
        branch: 'main',
        dataFiles: [
          { slug: 'home', path: 'data/home.json', raw: '{\n  "stats": [],\n  "photo": "images/deck.jpg"\n}\n' },
        ],
        assets: [{ path: 'data/images/deck.jpg', content: photo, encoding: 'base64' }],
        options: {
          collectionName: 'home',
          commitMessage: 'Update Home page “home”',
          useWorkflow: false,
          status: 'draft',
        },
      },
    });
    expect(await commitCount(4)).toBe(4);
    expect(lastCommit()).toEqual({
      message: 'Update Home page “home”',
      files: ['data/home.json', 'data/images/deck.jpg'],
    });
  });

  it('commits a deletion, and makes no commit for a save that changed nothing', async () => {
    await editor({
      action: 'deleteFile',
      params: {
        branch: 'main',
        path: 'data/images/porch.jpg',
        options: { commitMessage: 'Delete “data/images/porch.jpg”' },
      },
    });
    expect(await commitCount(5)).toBe(5);
    expect(lastCommit()).toEqual({ message: 'Delete “data/images/porch.jpg”', files: ['data/images/porch.jpg'] });
    await editor({
      action: 'persistEntry',
      params: {
        branch: 'main',
        dataFiles: [
          { slug: 'home', path: 'data/home.json', raw: '{\n  "stats": [],\n  "photo": "images/deck.jpg"\n}\n' },
        ],
        assets: [],
        options: {
          collectionName: 'home',
          commitMessage: 'Update Home page “home”',
          useWorkflow: false,
          status: 'draft',
        },
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(Number(git('rev-list', '--count', 'HEAD').trim())).toBe(5);
  });

  it('refuses a path outside the repository, as decap-server does', async () => {
    const response = await editor({
      action: 'persistEntry',
      params: {
        branch: 'main',
        dataFiles: [{ slug: 'outside', path: '../outside.json', raw: '{}' }],
        assets: [],
        options: { collectionName: 'x', commitMessage: 'x', useWorkflow: false, status: 'draft' },
      },
    });
    expect(response.status).toBe(422);
    expect(Number(git('rev-list', '--count', 'HEAD').trim())).toBe(5);
  });

  it('listens on 127.0.0.1 only', async () => {
    const port = Number(new URL(backend.api).port);
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((address) => address && address.family === 'IPv4' && !address.internal);
    for (const address of others) {
      const connected = await new Promise<boolean>((resolve) => {
        const socket = net.connect({ host: address!.address, port, timeout: 2000 }, () => resolve(true));
        socket.once('error', () => resolve(false)).once('timeout', () => resolve(false));
      });
      expect(connected, address!.address).toBe(false);
    }
    expect(backend.api).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
  });

  it('names the paths each kind of save touches', () => {
    expect(
      touchedPaths({
        action: 'persistEntry',
        params: { entry: { path: 'data/blog/a.md', newPath: 'data/blog/b.md' } },
      }),
    ).toEqual(['data/blog/a.md', 'data/blog/b.md']);
    expect(
      touchedPaths({ action: 'deleteFiles', params: { paths: ['data/images/a.jpg', 'data/images/b.jpg'] } }),
    ).toEqual(['data/images/a.jpg', 'data/images/b.jpg']);
    expect(touchedPaths({ action: 'entriesByFolder', params: {} })).toEqual([]);
  });
});

describe('before site edit starts', () => {
  it('refuses a folder that is no git repository, and a data folder with changes not committed, naming them', async () => {
    // Outside the project, which is itself a repository.
    const plain = await mkdtemp(path.join(tmpdir(), 'not-a-repo-'));
    try {
      await expect(assertReadyToEdit(plain, 'data')).rejects.toMatchObject({
        code: 'EDIT_REFUSED',
        message: expect.stringContaining('is not a git repository'),
      });
    } finally {
      await rm(plain, { recursive: true, force: true });
    }
    await writeFile(path.join(repo.dir, 'data/business.json'), '{\n  "phone": "(408) 555-0199"\n}\n');
    await expect(assertReadyToEdit(repo.dir, 'data')).rejects.toMatchObject({
      code: 'EDIT_REFUSED',
      message: expect.stringContaining('data/business.json'),
    });
    git('checkout', '--', 'data/business.json');
    await rm(path.join(repo.dir, 'untracked.txt'));
    await expect(assertReadyToEdit(repo.dir, 'data')).resolves.toBeUndefined();
  });
});
