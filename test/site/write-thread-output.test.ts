import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { PROJECT_ROOT, testEnv } from '../helpers/fixture.ts';
import { snapshot } from '../helpers/folder-snapshot.ts';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

const folder = emptyFoldersPerTest('write-thread-output');

describe('the write thread', () => {
  // The site's city pages carry an HTML budget (their level-9 gzip size) and its service worker's version hashes
  // every document: both are measured on the write thread when there is one.
  it('writes the site to the same bytes as the thread that renders, budgets and digests included', async () => {
    const [withThread, without] = [await folder(), await folder()];
    const env = testEnv({ SOURCE_DATE_EPOCH: '1767225600' });
    const threaded = await build({ root: PROJECT_ROOT, out: withThread, writeThread: true, env });
    const plain = await build({ root: PROJECT_ROOT, out: without, writeThread: false, env });
    const files = await snapshot(without);
    expect(Object.keys(files).filter((file) => file.endsWith('.html')).length).toBe(plain.report.pages);
    expect(Object.keys(files)).toContain('service-worker.js');
    expect(await snapshot(withThread)).toEqual(files);
    expect(threaded.report.totalBytes).toBe(plain.report.totalBytes);
  }, 60_000);
});
