import { findUnsafeText, isUnsafeText, jsonDepth } from './hostile-input';

describe('jsonDepth', () => {
  const depth = (text: string, limit?: number) => jsonDepth(Buffer.from(text), limit);

  it('should count nesting of arrays and objects outside strings', () => {
    expect(depth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(depth('{"a":"[[[[{{{{\\"[["}')).toBe(1);
    expect(depth('"plain"')).toBe(0);
  });

  it('should stop as soon as the limit is passed, fast on a megabyte of brackets', () => {
    const started = Date.now();
    expect(depth('['.repeat(1_000_000), 32)).toBe(33);
    expect(depth('['.repeat(1_000_000))).toBe(1_000_000);
    expect(Date.now() - started).toBeLessThan(200);
  });
});

describe('isUnsafeText', () => {
  it('should flag NUL and unpaired surrogates, not paired ones', () => {
    expect(
      ['a\u0000b', 'x\ud800', '\udc00x', 'a\ud83d\ude00b', 'Müller'].map(isUnsafeText),
    ).toEqual([true, true, true, false, false]);
  });
});

describe('findUnsafeText', () => {
  it('should name the path of the first unsafe value or key', () => {
    expect(findUnsafeText({ a: { b: ['ok', 'n\u0000'] } })).toBe('a.b.1');
    expect(findUnsafeText({ ['k\ud800']: 1 })).toBe('k\ud800');
    expect(findUnsafeText({ a: 'fine', n: null, x: 3 })).toBeNull();
  });
});
