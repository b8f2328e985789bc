import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { WriteThread } from '../../src/output/write-thread.ts';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

const folder = emptyFoldersPerTest('write-thread');
const threads: WriteThread[] = [];
const started = () => {
  const thread = new WriteThread();
  threads.push(thread);
  return thread;
};
afterEach(async () => {
  await Promise.all(threads.splice(0).map((thread) => thread.close()));
});

// A document with repeats, so its gzip size is far from its length.
const documentBytes = (text: string) => new Uint8Array(Buffer.from(`<!doctype html><p>${text.repeat(400)}</p>`));

describe('the write thread', () => {
  it('writes each document and measures it as gzip -9 (against a budget it exceeds) and SHA-256 do, only when asked', async () => {
    const dir = await folder();
    const thread = started();
    const page = documentBytes('Accessory dwelling units in Palo Alto. ');
    const expected = { gzipBytes: gzipSync(page, { level: 9 }).byteLength, digest: createHash('sha256').update(page).digest('hex') };
    const [measured, plain] = await Promise.all([
      thread.write({ target: path.join(dir, 'a.html'), bytes: new Uint8Array(page), writeOver: false, gzipBudget: 1, digest: true }),
      thread.write({ target: path.join(dir, 'b.html'), bytes: new Uint8Array(page), writeOver: false, gzipBudget: undefined, digest: false }),
    ]);
    expect(measured).toEqual(expected);
    expect(expected.gzipBytes).toBeLessThan(page.byteLength / 10);
    expect(plain).toEqual({ gzipBytes: undefined, digest: undefined });
    expect(new Uint8Array(await readFile(path.join(dir, 'a.html')))).toEqual(page);
    expect(new Uint8Array(await readFile(path.join(dir, 'b.html')))).toEqual(page);
  });

  it('writes over a longer file from a previous output, leaving nothing of it behind', async () => {
    const dir = await folder();
    const target = path.join(dir, 'page.html');
    await writeFile(target, 'x'.repeat(50_000));
    const page = documentBytes('Kitchen remodels. ');
    await started().write({ target, bytes: new Uint8Array(page), writeOver: true, gzipBudget: undefined, digest: false });
    expect(new Uint8Array(await readFile(target))).toEqual(page);
  });

  it('moves a document it is handed, and copies one that shares its memory', async () => {
    const dir = await folder();
    const thread = started();
    const own = documentBytes('Bathrooms. ');
    const shared = new Uint8Array(new ArrayBuffer(own.byteLength + 16), 8, own.byteLength);
    shared.set(own);
    await Promise.all([
      thread.write({ target: path.join(dir, 'own.html'), bytes: own, writeOver: false, gzipBudget: undefined, digest: false }),
      thread.write({ target: path.join(dir, 'shared.html'), bytes: shared, writeOver: false, gzipBudget: undefined, digest: false }),
    ]);
    expect(own.byteLength).toBe(0);
    expect(shared.byteLength).toBeGreaterThan(0);
    expect(await readFile(path.join(dir, 'shared.html'))).toEqual(await readFile(path.join(dir, 'own.html')));
  });

  it('fails the write it could not make, with the system error, and goes on with the others', async () => {
    const dir = await folder();
    const thread = started();
    const failed = thread.write({ target: path.join(dir, 'missing-folder/page.html'), bytes: documentBytes('a'), writeOver: false, gzipBudget: 1, digest: false });
    await expect(failed).rejects.toThrow(/ENOENT/);
    await thread.write({ target: path.join(dir, 'page.html'), bytes: documentBytes('b'), writeOver: false, gzipBudget: undefined, digest: false });
    expect((await readFile(path.join(dir, 'page.html'))).byteLength).toBeGreaterThan(0);
  });

  it('answers each of many documents handed over at once with its own figures, a failed one among them', async () => {
    const dir = await folder();
    const thread = started();
    const pages = Array.from({ length: 40 }, (_, i) => documentBytes(`Page ${i} of a batch. `));
    const writes = pages.map((page, i) =>
      thread.write({ target: path.join(dir, i === 17 ? 'missing-folder/17.html' : `${i}.html`), bytes: new Uint8Array(page), writeOver: false, gzipBudget: 1, digest: true }),
    );
    const settled = await Promise.allSettled(writes);
    settled.forEach((result, i) => {
      if (i === 17) return expect(result.status).toBe('rejected');
      expect(result).toEqual({ status: 'fulfilled', value: { gzipBytes: gzipSync(pages[i]!, { level: 9 }).byteLength, digest: createHash('sha256').update(pages[i]!).digest('hex') } });
    });
    for (const i of [0, 16, 18, 39]) expect(new Uint8Array(await readFile(path.join(dir, `${i}.html`)))).toEqual(pages[i]);
  });

  it('rejects what is still waiting once it is closed', async () => {
    const dir = await folder();
    const thread = new WriteThread();
    await thread.close();
    await expect(thread.write({ target: path.join(dir, 'late.html'), bytes: documentBytes('c'), writeOver: false, gzipBudget: undefined, digest: false })).rejects.toThrow(/closed/);
  });
});
