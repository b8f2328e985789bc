import { describe, expect, it } from 'vitest';
import { BlockArray } from '../../src/block-array.ts';

describe('BlockArray', () => {
  it('holds numbers by index across blocks, 0 where none was set, in bytes or 32-bit words', () => {
    const words = new BlockArray(4);
    const bytes = new BlockArray(1);
    const indexes = [0, 1, 16_383, 16_384, 100_000, 16_385];
    indexes.forEach((index, i) => {
      words.set(index, 0xffff_fff0 + i);
      bytes.set(index, 250 + i);
    });
    indexes.forEach((index, i) => {
      expect(words.get(index)).toBe(0xffff_fff0 + i);
      expect(bytes.get(index)).toBe(250 + i);
    });
    expect([words.get(2), words.get(50_000), words.get(1_000_000), bytes.get(99_999)]).toEqual([0, 0, 0, 0]);
  });
});
