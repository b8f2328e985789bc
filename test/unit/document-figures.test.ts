import { createHash } from 'node:crypto';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { keepsDeflateStreams } from '../../src/output/deflated-size.ts';
import { documentDigest, FAST_GZIP_SHARE, gzippedForBudget, gzippedSize, type HeldMarkup } from '../../src/output/document-figures.ts';
import { hexOf } from '../../src/output/sha256.ts';

/** A page-like document of varied markup and words, the same for the same seed. */
function documentOf(seed: number, paragraphs: number): Uint8Array {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  const words = ['kitchen', 'remodel', 'Palo Alto', 'permit', 'Eichler', 'foundation', 'design-build', 'ADU', 'San Jose', 'schedule', 'budget', 'contractor', 'bathroom', 'tile', 'inspection'];
  const body = Array.from({ length: paragraphs }, (_, i) => {
    const text = Array.from({ length: 20 + next(40) }, () => words[next(words.length)]).join(' ');
    return `<section id="s${i}" class="section${next(3) ? ' section-alt' : ''}"><h2>${words[next(words.length)]} ${i}</h2><p>${text}.</p><a href="/${words[next(words.length)]!.replace(/\W/g, '-')}-${next(999)}">More</a></section>`;
  });
  return new Uint8Array(Buffer.from(`<!DOCTYPE html><html lang="en"><head><title>Page ${seed}</title></head><body><main>${body.join('')}</main></body></html>`));
}

const level = (bytes: string | Uint8Array, n: number) => gzipSync(bytes, { level: n }).byteLength;

describe('a document measured against its HTML budget', () => {
  it('gives the level-9 gzip size whenever the page is near or over its budget, and the same verdict as level 9 always', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const page = documentOf(seed, 5 + (seed % 30));
      const exact = level(page, 9);
      const fast = level(page, 1);
      expect(exact).toBeLessThan(fast);
      // Budgets from well under the level-9 size to well over the level-1 size, the edges included.
      const budgets = [exact - 100, exact - 1, exact, exact + 1, Math.floor((fast - 1) / FAST_GZIP_SHARE), Math.ceil(fast / FAST_GZIP_SHARE), fast * 2];
      for (const budget of budgets) {
        const gzipBytes = gzippedForBudget(page, budget);
        expect(gzipBytes > budget, `seed ${seed}, budget ${budget}`).toBe(exact > budget);
        if (gzipBytes > budget * FAST_GZIP_SHARE) expect(gzipBytes).toBe(exact);
      }
    }
  });

  it('stops at the quicker level-1 size, an upper bound, for a page well inside its budget', () => {
    const page = documentOf(7, 20);
    const gzipBytes = gzippedForBudget(page, level(page, 1) * 2);
    expect(gzipBytes).toBe(level(page, 1));
    expect(gzipBytes).toBeGreaterThan(level(page, 9));
  });

  it('takes shared markup apart: its own part gzipped, each markup deflated once, above the whole at level 1', () => {
    const header = { html: '<nav><a href="/">Home</a><a href="/services">Services</a><a href="/about">About · us</a></nav>'.repeat(8) };
    const footer = { html: '<p>Licensed and insured · CSLB #1234567</p><ul><li>Palo Alto</li><li>Los Altos</li><li>Menlo Park</li></ul>'.repeat(6) };
    for (let seed = 1; seed <= 20; seed++) {
      const body = Buffer.from(documentOf(seed, 5 + seed)).toString('utf8');
      // Characters of two and three bytes before, between and after the markup, so bytes and characters part ways.
      const parts = [`<!DOCTYPE html><title>Café ${seed} – “${'é'.repeat(seed)}”</title><header>`, header.html, `</header>${body}<footer>`, footer.html, '</footer>€'];
      const text = parts.join('');
      const page = new Uint8Array(Buffer.from(text));
      const at = (index: number) => parts.slice(0, index).join('').length;
      const held: HeldMarkup = { text, places: [{ start: at(1), end: at(2), markup: header }, { start: at(3), end: at(4), markup: footer }] };
      const own = Buffer.from(parts[0]! + parts[2]! + parts[4]!);
      const apart = level(own, 1) + deflateRawSync(header.html, { level: 1 }).byteLength + deflateRawSync(footer.html, { level: 1 }).byteLength;
      expect(gzippedForBudget(page, apart * 2, held), `seed ${seed}`).toBe(apart);
      expect(apart).toBeGreaterThanOrEqual(level(page, 1));
      // Near or over the budget, the figure is the level-9 size and the verdict is level 9's.
      const exact = level(page, 9);
      for (const budget of [exact - 1, exact, exact + 1, Math.floor((apart - 1) / FAST_GZIP_SHARE), Math.ceil(apart / FAST_GZIP_SHARE)]) {
        const gzipBytes = gzippedForBudget(page, budget, held);
        expect(gzipBytes > budget, `seed ${seed}, budget ${budget}`).toBe(exact > budget);
        if (gzipBytes > budget * FAST_GZIP_SHARE) expect(gzipBytes).toBe(exact);
      }
    }
  });

  it('hashes a document with SHA-256, its 32 bytes a character each, and gives it in hex', () => {
    const page = documentOf(3, 4);
    const hex = createHash('sha256').update(page).digest('hex');
    expect(documentDigest(page)).toHaveLength(32);
    expect(hexOf(documentDigest(page))).toBe(hex);
    expect(hexOf(documentDigest(page), 12)).toBe(hex.slice(0, 24));
  });

  it('measures exactly the size gzip makes, without gzip\'s checksum', () => {
    const random = new Uint8Array(70_000).map((_, index) => (index * 2654435761) >>> 24);
    for (const bytes of [new Uint8Array(0), Buffer.from('é'), 'café '.repeat(100), documentOf(7, 20), random, Buffer.concat([documentOf(40, 300), random])]) {
      for (const n of [1, 6, 9]) expect(gzippedSize(bytes, n)).toBe(level(bytes, n));
    }
  });

  it('measures each document as a new gzip stream would, with zlib streams kept and reset between documents', () => {
    // Node 20's zlib has what a kept stream needs; without it every size takes a new stream, slower but the same.
    expect(keepsDeflateStreams()).toBe(true);
    const documents = [documentOf(1, 40), documentOf(2, 3), new Uint8Array(0), documentOf(3, 400), documentOf(1, 40)];
    // In turn and in reverse: one document's figure must not depend on what the stream measured before it.
    for (const order of [documents, [...documents].reverse()]) {
      for (const bytes of order) expect([gzippedSize(bytes, 1), gzippedSize(bytes, 9)]).toEqual([level(bytes, 1), level(bytes, 9)]);
    }
  });
});
