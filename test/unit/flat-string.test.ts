import { describe, expect, it } from 'vitest';
import { flatString } from '../../src/flat-string.ts';

describe('flatString', () => {
  it('gives the same text, whatever it was made of', () => {
    const path = '/data/cities/palo-alto.json';
    for (const text of [path.slice(13, -5), `../..${path}`, '', 'é€😀']) expect(flatString(text)).toBe(text);
  });
});
