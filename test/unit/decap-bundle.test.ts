import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DECAP_PATCH, patchedBundle } from '../../src/editor/editor-files.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';

// Decap's prebuilt bundle is copied into the engine (src/editor/decap/README.md) instead of installing its package.
// Its note must say what the files are: the build reports `gzipBytes` without gzipping 5 MB at every build.
const FOLDER = path.join(PROJECT_ROOT, 'src/editor/decap');
const note = JSON.parse(readFileSync(path.join(FOLDER, 'decap.json'), 'utf8')) as {
  version: string;
  tarball: string;
  gzipBytes: number;
};

describe("Decap's prebuilt bundle in src/editor/decap/", () => {
  it('is the version its note names, with the gzipped size the build reports', () => {
    const bundle = readFileSync(path.join(FOLDER, 'decap-cms.js'));
    expect(bundle.includes(`decap-cms-app ${note.version}`)).toBe(true);
    expect(note.tarball).toBe(`https://registry.npmjs.org/decap-cms/-/decap-cms-${note.version}.tgz`);
    expect(gzipSync(bundle, { level: 9 }).byteLength).toBe(note.gzipBytes);
  });

  it('keeps its licence and the notices of the code inside it beside it', () => {
    const names = readdirSync(FOLDER);
    expect(names).toEqual(expect.arrayContaining(['LICENSE', 'decap-cms.js.LICENSE.txt', 'README.md']));
    expect(readFileSync(path.join(FOLDER, 'LICENSE'), 'utf8')).toMatch(/^Copyright \(c\) 2016 Netlify[^]*MIT License/);
  });
});

describe("the engine's one change to Decap's bundle", () => {
  it('lets an image field choose a HEIC photo: the list of image types gains heic and heif, once', () => {
    const bundle = readFileSync(path.join(FOLDER, 'decap-cms.js'));
    const patched = patchedBundle(bundle);
    expect(patched.length - bundle.length).toBe(DECAP_PATCH.replace.length - DECAP_PATCH.find.length);
    expect(patched.includes('Ix=[...Lx,"heic","heif"]')).toBe(true);
    expect(patched.includes(DECAP_PATCH.find)).toBe(false);
    // Only the patch differs: every byte before it and after it is Decap's.
    const at = bundle.indexOf(DECAP_PATCH.find);
    expect(patched.subarray(0, at).equals(bundle.subarray(0, at))).toBe(true);
    expect(
      patched.subarray(at + DECAP_PATCH.replace.length).equals(bundle.subarray(at + DECAP_PATCH.find.length)),
    ).toBe(true);
  });

  it('refuses a bundle that does not hold what it changes, saying what to update', () => {
    expect(() => patchedBundle(Buffer.from('a bundle of another version'))).toThrow(
      expect.objectContaining({ code: 'EDITOR_BUNDLE_CHANGED', file: 'src/editor/decap/decap-cms.js' }),
    );
  });
});
