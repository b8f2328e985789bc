import { describe, expect, it } from 'vitest';
import { madeOnce } from '../../src/made-once.ts';
import { RecentlyUsed } from '../../src/recently-used.ts';

describe('madeOnce', () => {
  it('makes a value the first time its key is asked for, and gives the same one after', () => {
    const kept = new Map<string, { key: string }>();
    let made = 0;
    const make = (key: string) => ({ key, made: ++made });
    const first = madeOnce(kept, 'a', make);
    expect(madeOnce(kept, 'a', make)).toBe(first);
    expect(madeOnce(kept, 'b', make)).not.toBe(first);
    expect(made).toBe(2);
  });
});

describe('RecentlyUsed', () => {
  it('lets the least recently used go beyond its limit, and answers which', () => {
    const recent = new RecentlyUsed<string, number>(2);
    expect(recent.add('a', 1)).toBeUndefined();
    expect(recent.add('b', 2)).toBeUndefined();
    expect(recent.use('a')).toBe(1); // b is now the least recent
    expect(recent.add('c', 3)).toBe('b');
    expect(recent.use('b')).toBeUndefined();
    expect([recent.use('a'), recent.use('c')]).toEqual([1, 3]);
  });
});
