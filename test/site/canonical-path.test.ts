import { describe, expect, it } from 'vitest';
import { canonicalPath } from '../../templates/lib/canonical-path.ts';

describe('the not-found page puts the canonical address in place of a capitalised one', () => {
  it('finds the canonical path the not-found page puts in place of upper case and trailing slashes', () => {
    expect(canonicalPath('/')).toBeUndefined();
    expect(canonicalPath('/about')).toBeUndefined();
    expect(canonicalPath('/About/')).toBe('/about');
    expect(canonicalPath('/blog//')).toBe('/blog');
    expect(canonicalPath('//')).toBe('/');
    expect(canonicalPath('/Café')).toBe('/café');
  });
});
