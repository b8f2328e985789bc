import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { scanHtml } from '../../src/check/scan-html.ts';
import { keepFigures } from '../../src/output/budget-figures.ts';
import { documentDigest } from '../../src/output/document-figures.ts';
import { hexOf } from '../../src/output/sha256.ts';
import { WriteThread, type WriteJob } from '../../src/output/write-thread.ts';
import { KEPT_MARKUP, type SharedMarkup } from '../../src/render/render-once.tsx';
import { decodedScan, scanLists } from '../helpers/scan-lists.ts';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

const folder = emptyFoldersPerTest('write-thread');
const threads: WriteThread[] = [];
/** A write thread whose answers carry their scans decoded from its entries, as the tests compare them. */
const started = () => {
  const thread = new WriteThread(undefined);
  threads.push(thread);
  return {
    async write(asked: WriteJob) {
      const written = await thread.write(asked);
      return { ...written, scan: decodedScan(written.scan, thread.entries), digest: written.digest && hexOf(written.digest) };
    },
    close: () => thread.close(),
  };
};
afterEach(async () => {
  await Promise.all(threads.splice(0).map((thread) => thread.close()));
});

// A document with repeats (so its gzip size is far from its length), links, ids and a character outside ASCII.
const documentOf = (text: string, links = ['/about/', '/img/a.jpg']) =>
  `<!doctype html><html><head><title>${text}</title></head><body><h1 id="top">${text} – ${text.repeat(400)}</h1>${links.map((url) => `<a href="${url}">${url}</a>`).join('')}</body></html>`;
const bytesOf = (html: string) => new Uint8Array(Buffer.from(html));
const job = (target: string, html: string, asked: Partial<WriteJob> = {}): WriteJob => ({ target, bytes: bytesOf(html), writeOver: false, budget: undefined, self: ['https://site.example/page', '/page'], digest: false, shared: [], ...asked });

describe('the write thread', () => {
  it('sets aside the links of a document to its own page, counting them, as the scan on the render thread does', async () => {
    const dir = await folder();
    const html = documentOf('Self', ['/page', 'https://site.example/page', '/page#top', '/page?x=1', '/other']);
    const { scan } = await started().write(job(path.join(dir, 'page.html'), html));
    expect([...scan.links].map((link) => link.url)).toEqual(['/page#top', '/page?x=1', '/other']);
    expect(scan.selfLinks).toBe(2);
  });

  it('writes each document and answers its scan, and its gzip -9 size (against a budget it exceeds) and digest only when asked', async () => {
    const dir = await folder();
    const thread = started();
    // A link outside ASCII: the scan reads the bytes as UTF-8.
    const html = documentOf('Accessory dwelling units in Palo Alto. ', ['/about/', '/guides/adu-café/']);
    const bytes = bytesOf(html);
    const [measured, plain] = await Promise.all([
      thread.write(job(path.join(dir, 'a.html'), html, { budget: 1 })),
      thread.write(job(path.join(dir, 'b.html'), html)),
    ]);
    const digest = createHash('sha256').update(bytes).digest('hex');
    expect({ ...measured, scan: scanLists(measured.scan) }).toEqual({ scan: scanLists(scanHtml(html)), gzipBytes: gzipSync(bytes, { level: 9 }).byteLength, digest });
    expect(measured.gzipBytes).toBeLessThan(bytes.byteLength / 10);
    expect({ ...plain, scan: scanLists(plain.scan) }).toEqual({ scan: scanLists(scanHtml(html)), gzipBytes: undefined, digest: undefined });
    expect((await thread.write(job(path.join(dir, 'c.html'), html, { digest: true }))).digest).toBe(digest);
    expect(new Uint8Array(await readFile(path.join(dir, 'a.html')))).toEqual(bytes);
    expect(new Uint8Array(await readFile(path.join(dir, 'b.html')))).toEqual(bytes);
  });

  it('takes the last build\'s figure for the same document under the same budget, and gzips any other', async () => {
    const dir = await folder();
    const html = documentOf('Eichler remodels. ');
    const digest = documentDigest(bytesOf(html));
    // A figure no gzip would make, so the answer shows where it came from.
    const record = path.join(dir, 'figures.json');
    keepFigures(record, [{ digest, budget: 1, figure: 7 }]);
    const thread = new WriteThread(record);
    threads.push(thread);
    const [known, otherBudget, otherDocument] = await Promise.all([
      thread.write(job(path.join(dir, 'a.html'), html, { budget: 1 })),
      thread.write(job(path.join(dir, 'b.html'), html, { budget: 2 })),
      thread.write(job(path.join(dir, 'c.html'), `${html} `, { budget: 1 })),
    ]);
    expect([known.gzipBytes, known.digest]).toEqual([7, digest]);
    expect(otherBudget.gzipBytes).toBe(gzipSync(bytesOf(html), { level: 9 }).byteLength);
    expect(otherDocument.gzipBytes).toBe(gzipSync(bytesOf(`${html} `), { level: 9 }).byteLength);
  });

  it('writes over a longer file from a previous output, leaving nothing of it behind', async () => {
    const dir = await folder();
    const target = path.join(dir, 'page.html');
    await writeFile(target, 'x'.repeat(50_000));
    const html = documentOf('Kitchen remodels. ');
    await started().write(job(target, html, { writeOver: true }));
    expect(await readFile(target, 'utf8')).toBe(html);
  });

  it('moves a document it is handed, and copies one that shares its memory', async () => {
    const dir = await folder();
    const thread = started();
    const html = documentOf('Bathrooms. ');
    const own = bytesOf(html);
    const shared = new Uint8Array(new ArrayBuffer(own.byteLength + 16), 8, own.byteLength);
    shared.set(own);
    const [moved, copied] = await Promise.all([
      thread.write({ ...job(path.join(dir, 'own.html'), html), bytes: own }),
      thread.write({ ...job(path.join(dir, 'shared.html'), html), bytes: shared }),
    ]);
    expect(own.byteLength).toBe(0);
    expect(shared.byteLength).toBeGreaterThan(0);
    expect(await readFile(path.join(dir, 'shared.html'), 'utf8')).toBe(html);
    expect(await readFile(path.join(dir, 'own.html'), 'utf8')).toBe(html);
    expect(scanLists(copied.scan)).toEqual(scanLists(moved.scan));
  });

  it('answers scans that share each distinct link and id across documents and batches', async () => {
    const dir = await folder();
    const thread = started();
    const first = documentOf('First. ', ['/about/', '/blog/']);
    const second = documentOf('Second. ', ['/blog/', '/contact/', '/about/']);
    const a = await thread.write(job(path.join(dir, 'a.html'), first));
    const b = await thread.write(job(path.join(dir, 'b.html'), second)); // a batch of its own
    expect([a.scan, b.scan].map(scanLists)).toEqual([scanHtml(first), scanHtml(second)].map(scanLists));
    const [aLinks, bLinks] = [[...a.scan.links], [...b.scan.links]];
    expect(bLinks[0]).toBe(aLinks[1]); // /blog/
    expect(bLinks[2]).toBe(aLinks[0]); // /about/
    expect([...b.scan.ids][0]).toBe([...a.scan.ids][0]);
  });

  it('answers batches in the order they came, so a scan never uses a link its thread has not yet sent', async () => {
    const dir = await folder();
    const thread = started();
    // The first document's write waits on a pipe nobody reads yet; the second is written over a file at once.
    const pipe = path.join(dir, 'slow.html');
    execFileSync('mkfifo', [pipe]);
    const over = path.join(dir, 'over.html');
    await writeFile(over, 'x');
    const slow = thread.write(job(pipe, documentOf('Slow. ', ['/only-in-the-first/'])));
    // Read in the end whatever happens: an unread pipe would hold one of libuv's threads for good.
    let drained: Promise<string> | undefined;
    try {
      await new Promise((resolve) => setImmediate(resolve));
      const quick = thread.write(job(over, documentOf('Quick. ', ['/only-in-the-first/']), { writeOver: true }));
      const order: string[] = [];
      void slow.then(() => order.push('slow'));
      void quick.then(() => order.push('quick'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(order).toEqual([]);
      drained = readFile(pipe, 'utf8');
      const [slowDocument, quickDocument] = await Promise.all([slow, quick]);
      expect(await drained).toContain('Slow.');
      expect(order).toEqual(['slow', 'quick']);
      const [quickLink] = quickDocument.scan.links;
      expect(quickLink).toEqual({ tag: 'a', attr: 'href', url: '/only-in-the-first/', fetch: 'other' });
      expect(quickLink).toBe([...slowDocument.scan.links][0]);
    } finally {
      await (drained ?? readFile(pipe, 'utf8'));
    }
  });

  it('fails the write it could not make, with the system error, and goes on with the others', async () => {
    const dir = await folder();
    const thread = started();
    const failed = thread.write(job(path.join(dir, 'missing-folder/page.html'), documentOf('a'), { budget: 1 }));
    await expect(failed).rejects.toThrow(/ENOENT/);
    await thread.write(job(path.join(dir, 'page.html'), documentOf('b')));
    expect((await readFile(path.join(dir, 'page.html'))).byteLength).toBeGreaterThan(0);
  });

  it('answers each of many documents handed over at once with its own figures and scan, a failed one among them', async () => {
    const dir = await folder();
    const thread = started();
    const pages = Array.from({ length: 40 }, (_, i) => documentOf(`Page ${i} of a batch. `, [`/page/${i}/`, '/about/']));
    const writes = pages.map((html, i) => thread.write(job(path.join(dir, i === 17 ? 'missing-folder/17.html' : `${i}.html`), html, { budget: 1 })));
    const settled = await Promise.allSettled(writes);
    settled.forEach((result, i) => {
      if (i === 17) return expect(result.status).toBe('rejected');
      const bytes = bytesOf(pages[i]!);
      if (result.status !== 'fulfilled') throw result.reason;
      expect({ ...result.value, scan: scanLists(result.value.scan) }).toEqual({
        scan: scanLists(scanHtml(pages[i]!)),
        gzipBytes: gzipSync(bytes, { level: 9 }).byteLength,
        digest: createHash('sha256').update(bytes).digest('hex'),
      });
    });
    for (const i of [0, 16, 18, 39]) expect(await readFile(path.join(dir, `${i}.html`), 'utf8')).toBe(pages[i]);
  });

  it('scans pages right across more shared markup than it keeps, one let go and named again among them', async () => {
    const dir = await folder();
    const thread = started();
    const header: SharedMarkup = { id: 0, html: '<a href="/">Home</a><a href="/contact/">Contact</a>', tag: 'nav' };
    const cities: SharedMarkup[] = Array.from({ length: KEPT_MARKUP + 5 }, (_, i) => ({ id: i + 1, html: `<h3 id="city-${i}">City ${i}</h3><a href="/cities/${i}/">More</a>`, tag: 'div' }));
    const pageWith = (city: SharedMarkup) => `<!doctype html><html><body><nav>${header.html}</nav><main><div>${city.html}</div><a href="#city-${city.id - 1}">Up</a></main></body></html>`;
    // Two pages a city, as a city's pages render one after the other; then the first cities again.
    const order = [...cities.flatMap((city) => [city, city]), cities[0]!, cities[1]!];
    const scans = [];
    for (const [i, city] of order.entries()) {
      const html = pageWith(city);
      const write = thread.write(job(path.join(dir, `${i}.html`), html, { shared: [header, city], budget: 1 }));
      // Some batches of one, some of several.
      if (i % 7 === 0) await write;
      scans.push({ html, write });
    }
    for (const { html, write } of scans) {
      const document = await write;
      expect(scanLists(document.scan)).toEqual(scanLists(scanHtml(html)));
      expect(document.gzipBytes).toBe(gzipSync(bytesOf(html), { level: 9 }).byteLength);
    }
  });

  it('rejects what is still waiting once it is closed', async () => {
    const dir = await folder();
    const thread = new WriteThread(undefined);
    await thread.close();
    await expect(thread.write(job(path.join(dir, 'late.html'), documentOf('c')))).rejects.toThrow(/closed/);
  });
});
