/** Small parts of the diff: the fast JSON position finder (against the loader's), sunset dates, removals. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JsonLocator } from '../../generator/src/load/json-locate.ts';
import { SourceFile } from '../../generator/src/load/source.ts';
import { toPointer } from '../../generator/src/load/pointer.ts';
import { parseSunset, removal } from '../../generator/src/diff/sunset.ts';

/** Every pointer in a JSON value, plus one missing child under each container. */
function pointers(value: unknown, at: (string | number)[] = [], out: string[] = []): string[] {
  out.push(toPointer(at));
  if (Array.isArray(value)) {
    value.forEach((v, i) => pointers(v, [...at, i], out));
    out.push(toPointer([...at, value.length]));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) pointers(v, [...at, k], out);
    out.push(toPointer([...at, 'no such key']));
  }
  return out;
}

describe('JsonLocator', () => {
  it('finds the same line and column as the loader for every pointer (pretty and compact JSON)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        const list = pointers(value);
        const ours = new JsonLocator(text).locate(list);
        const source = new SourceFile('x.json', text);
        for (const p of list) expect([p, ours.get(p)]).toEqual([p, source.positionOf(p)]);
      }),
      { numRuns: 150 },
    );
  });

  it('handles escapes in keys and strings', () => {
    const text = '{"a\\"b": {"c\\\\": ["x\\"]", {"d/e~f": 1}]}, "g": "}"}';
    const list = ['/a"b/c\\/1/d~1e~0f', '/g'];
    const loc = new JsonLocator(text).locate(list);
    const source = new SourceFile('x.json', text);
    for (const p of list) expect(loc.get(p)).toEqual(source.positionOf(p));
    expect(loc.get('/g')!.column).toBe(text.indexOf('"g"') + 1);
  });
});

describe('sunset', () => {
  const now = new Date('2025-06-01T00:00:00Z');
  it('parses RFC 3339 dates and date-times, and nothing else', () => {
    expect(parseSunset('2025-01-01')).toBe(Date.parse('2025-01-01T00:00:00Z'));
    expect(parseSunset('2025-01-01T12:00:00+02:00')).toBe(Date.parse('2025-01-01T10:00:00Z'));
    expect(parseSunset('01/01/2025')).toBeUndefined();
    expect(parseSunset('soon')).toBeUndefined();
    expect(parseSunset(20250101)).toBeUndefined();
  });

  it('decides a removal by deprecation and sunset date', () => {
    expect(removal(false, '2020-01-01', now).suffix).toBe('');
    expect(removal(true, undefined, now)).toMatchObject({ suffix: '-before-sunset', note: expect.stringContaining('removal date (x-sunset) is unknown') });
    // A deprecation date is not a removal date, however long ago it was.
    expect(removal(true, undefined, now, '2020-01-01')).toMatchObject({ suffix: '-before-sunset', note: expect.stringContaining('deprecated since 2020-01-01, which is not a removal date') });
    expect(removal(true, 'later', now)).toMatchObject({ suffix: '-before-sunset', note: expect.stringContaining('not a date') });
    expect(removal(true, '2025-06-02', now).suffix).toBe('-before-sunset');
    expect(removal(true, '2025-06-01', now).suffix).toBe('-after-sunset');
  });
});
