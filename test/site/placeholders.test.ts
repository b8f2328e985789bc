import { describe, expect, it } from 'vitest';
import { valuesAt } from '../../templates/lib/placeholders.ts';

describe('placeholder marks: the field path a mark names', () => {
  const data = { social: { facebook: 'f' }, testimonials: [{ quote: 'a' }, { quote: 'b' }], empty: [] as unknown[] };

  it('reaches a field, a nested field, one item and every item of a list', () => {
    expect(valuesAt(data, 'social.facebook')).toEqual(['f']);
    expect(valuesAt(data, 'testimonials[1].quote')).toEqual(['b']);
    expect(valuesAt(data, 'testimonials[].quote')).toEqual(['a', 'b']);
    expect(valuesAt([{ image: 'x' }, { image: 'y' }], '[].image')).toEqual(['x', 'y']);
  });

  it('reaches nothing for a missing field, an item past the end, or a list with no items', () => {
    expect(valuesAt(data, 'social.twitter')).toEqual([]);
    expect(valuesAt(data, 'testimonials[2].quote')).toEqual([]);
    expect(valuesAt(data, 'empty[].image')).toEqual([]);
    expect(valuesAt(data, 'social[].facebook')).toEqual([]);
  });
});
