import { describe, expect, it } from 'vitest';
import { findUnserialisable, jsonForScript } from '../../src/render/json-script.ts';

describe('jsonForScript', () => {
  it('escapes every character that could end the script or confuse a parser, and stays valid JSON', () => {
    const value = { a: '</script><!-- & \u2028\u2029 >' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
    expect(text).toBe('{"a":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028\\u2029 \\u003e"}');
  });

  it('leaves JSON with nothing to escape as JSON.stringify writes it', () => {
    const value = { '@type': 'FAQPage', name: 'Permits, "quotes" and é' };
    expect(jsonForScript(value)).toBe(JSON.stringify(value));
  });
});

describe('findUnserialisable', () => {
  it('accepts plain JSON values and undefined object properties', () => {
    expect(findUnserialisable({ a: 1, b: 'x', c: [true, null, { d: 2.5 }], e: undefined })).toBeUndefined();
  });

  it.each([
    [{ f: () => 1 }, 'props.f', 'a function'],
    [{ list: [1, undefined] }, 'props.list[1]', 'undefined'],
    [{ n: Number.NaN }, 'props.n', 'NaN is not a finite number'],
    [{ n: Infinity }, 'props.n', 'Infinity is not a finite number'],
    [{ when: new Date(0) }, 'props.when', 'an instance of Date'],
    [{ m: new Map() }, 'props.m', 'an instance of Map'],
    [{ b: 1n }, 'props.b', 'a bigint'],
    [{ s: Symbol('x') }, 'props.s', 'a symbol'],
  ])('finds case %#', (value, path, reason) => {
    expect(findUnserialisable(value)).toEqual({ path, reason });
  });

  it('finds a cycle but allows the same object twice side by side', () => {
    const shared = { x: 1 };
    expect(findUnserialisable({ a: shared, b: shared })).toBeUndefined();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(findUnserialisable(cyclic)).toEqual({ path: 'props.self', reason: 'a cycle (the value contains itself)' });
  });
});
