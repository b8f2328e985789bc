import { mkdir } from 'node:fs/promises';
import { afterEach } from 'vitest';
import { tempDir } from './fixture.ts';

/**
 * For a test file whose tests each want empty folders of their own: returns a maker of such folders (under
 * test/tmp), each removed after the test that made it.
 */
export function emptyFoldersPerTest(label: string): () => Promise<string> {
  const removals: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (removals.length) await removals.pop()!();
  });
  return async () => {
    const dir = await tempDir(label);
    removals.push(dir.remove);
    await mkdir(dir.dir, { recursive: true });
    return dir.dir;
  };
}
