import { describe, expect, it } from 'vitest';
import { build, LARGE_SITE } from '../helpers/engine.ts';
import { PROJECT_ROOT, testEnv } from '../helpers/fixture.ts';
import { snapshot } from '../helpers/folder-snapshot.ts';
import { dataWithCities } from '../helpers/generated-data.ts';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

const folder = emptyFoldersPerTest('thread-count-output');

describe('the number of build threads', () => {
  // The city pages carry an HTML budget and the service worker's version hashes every file: a page checked, or a
  // figure measured, differently on the second thread would show in the bytes.
  it('changes no byte of the site: one thread and two build the same files, at a size that uses two by default', async () => {
    const data = await dataWithCities(111);
    try {
      const [oneThread, twoThreads] = [await folder(), await folder()];
      const env = testEnv();
      const one = await build({ root: PROJECT_ROOT, data: data.dir, out: oneThread, workers: 1, env });
      const two = await build({ root: PROJECT_ROOT, data: data.dir, out: twoThreads, workers: 2, env });
      expect(one.report.pages).toBeGreaterThanOrEqual(LARGE_SITE);
      const files = await snapshot(oneThread);
      // Every page, and the editor's page where the site has an editor: it is no route of the site.
      const editorPages = one.report.features.filter((feature) => feature.name === 'editor').length;
      expect(Object.keys(files).filter((file) => file.endsWith('.html')).length).toBe(one.report.pages + editorPages);
      expect(Object.keys(files)).toContain('service-worker.js');
      expect(await snapshot(twoThreads)).toEqual(files);
      expect(two.report.pages).toBe(one.report.pages);
      expect(two.report.totalBytes).toBe(one.report.totalBytes);
      expect(two.report.linksChecked).toBe(one.report.linksChecked);
    } finally {
      await data.remove();
    }
  }, 120_000);
});
