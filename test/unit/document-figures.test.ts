import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { documentFigures, FAST_GZIP_SHARE } from '../../src/output/document-figures.ts';

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

const level = (bytes: Uint8Array, n: number) => gzipSync(bytes, { level: n }).byteLength;

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
        const { gzipBytes } = documentFigures(page, { gzipBudget: budget, digest: false });
        expect(gzipBytes! > budget, `seed ${seed}, budget ${budget}`).toBe(exact > budget);
        if (gzipBytes! > budget * FAST_GZIP_SHARE) expect(gzipBytes).toBe(exact);
      }
    }
  });

  it('stops at the quicker level-1 size, an upper bound, for a page well inside its budget', () => {
    const page = documentOf(7, 20);
    const { gzipBytes } = documentFigures(page, { gzipBudget: level(page, 1) * 2, digest: false });
    expect(gzipBytes).toBe(level(page, 1));
    expect(gzipBytes).toBeGreaterThan(level(page, 9));
  });

  it('measures only what is asked: no gzip without a budget, the SHA-256 when asked', () => {
    const page = documentOf(3, 4);
    expect(documentFigures(page, { gzipBudget: undefined, digest: false })).toEqual({ gzipBytes: undefined, digest: undefined });
    expect(documentFigures(page, { gzipBudget: undefined, digest: true }).digest).toBe(createHash('sha256').update(page).digest('hex'));
  });
});
