/**
 * content-key.ts, the key of the watch's caches: two values get one key exactly when they hold the same
 * data. JSON.stringify is the oracle for plain JSON data (the key of such data is its JSON); the cases
 * where JSON loses a difference must keep it.
 */
import { describe, expect, it } from 'vitest';
import { contentKey } from '../../generator/src/content-key.ts';

describe('contentKey', () => {
  it('plain JSON data: its JSON, so equal data has one key', () => {
    const value = { a: [1, 'two', { three: true, four: null }], b: 'ü\u2028' };
    expect(contentKey(value)).toBe(JSON.stringify(value));
    expect(contentKey(structuredClone(value))).toBe(contentKey(value));
  });

  it('keeps what JSON loses apart', () => {
    const pairs: Array<[unknown, unknown]> = [
      [{ a: undefined }, {}],
      [[undefined], [null]],
      [{ a: NaN }, { a: null }],
      [{ a: Infinity }, { a: -Infinity }],
      [{ a: -0 }, { a: 0 }],
      [new Map([['a', 1]]), { a: 1 }],
      [new Map([['a', 1]]), new Set(['a', 1])],
      [new Map([['a', 1], ['b', 2]]), new Map([['b', 2], ['a', 1]])],
      [/a/g, /a/],
      [new Date(0), new Date(1)],
      [{ a: 1n }, { a: '1' }],
    ];
    for (const [a, b] of pairs) expect(contentKey(a), `${String(a)} vs ${String(b)}`).not.toBe(contentKey(b));
  });

  it('two values that share an object differently have different keys; a cycle has a key', () => {
    const shared = { x: 1 };
    expect(contentKey({ a: shared, b: shared })).not.toBe(contentKey({ a: { x: 1 }, b: { x: 1 } }));
    const cycle: Record<string, unknown> = { name: 'self' };
    cycle.self = cycle;
    expect(contentKey(cycle)).toBeTypeOf('string');
  });

  it('has no key for what it cannot read as data: functions, class instances', () => {
    expect(contentKey({ f: () => 1 })).toBeUndefined();
    expect(contentKey({ c: new (class Thing {})() })).toBeUndefined();
  });
});
