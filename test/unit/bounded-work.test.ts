import { describe, expect, it } from 'vitest';
import { eachLimited } from '../../src/bounded-work.ts';

describe('eachLimited', () => {
  it('runs every item once, never more than the limit at a time', async () => {
    let running = 0;
    let most = 0;
    const seen: Array<[string, number]> = [];
    await eachLimited(['a', 'b', 'c', 'd', 'e'], 2, async (item, index) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      seen.push([item, index]);
      running--;
    });
    expect(most).toBe(2);
    expect(seen.sort()).toEqual([['a', 0], ['b', 1], ['c', 2], ['d', 3], ['e', 4]]);
  });

  it('rejects with the first failure and does nothing for no items', async () => {
    await expect(eachLimited([1, 2, 3], 3, async (n) => { if (n === 2) throw new Error('disk full'); })).rejects.toThrow('disk full');
    await expect(eachLimited([], 4, async () => { throw new Error('never'); })).resolves.toBeUndefined();
  });
});
