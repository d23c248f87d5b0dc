/**
 * The printer's JSON layout (codegen/json-layout.ts) against prettier's `json` parser, the formatter of
 * record, given the same document as JSON text (expanded objects broken after `{`, as a hand-written file
 * has them): on random values of the shapes the package files have (objects expanded or not, at every
 * nesting, strings and arrays of strings long enough to cross the print width), whatever it prints must be
 * prettier's output exactly; what it declines (undefined) is left to prettier. Strings are hostile too (a
 * spec's title and version reach package.json): any unicode (wide, zero-width and combining characters,
 * emoji, line and paragraph separators, lone surrogates), quotes, backslashes, control characters, as
 * JSON.stringify writes them.
 */
import fc from 'fast-check';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { jsonValueText, printJson } from '../../generator/src/codegen/json-layout.ts';
import { PRETTIER_OPTIONS } from '../../generator/src/write/format.ts';

const format = (text: string) => prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'json' });

type Doc = string | boolean | null | number | string[] | { expanded: boolean; members: Array<[string, Doc]> };

const plain = fc.stringMatching(/^[a-z@/._-]{0,40}$/);
/** Characters prettier measures other than one column each, or that JSON escapes. */
const hostileChar = fc.constantFrom('"', "'", '\\', '\n', '\t', '\u0000', '\u0085', '\u2028', '\u2029', '\ud800', '\udfff', '\u00e9', 'e\u0301', '\u200b', '\u4e2d', '\uff21', '\u{1f600}', '\u{1f468}\u200d\u{1f469}', '`', '${', '*/', ' ');
const hostile = fc.array(fc.oneof(hostileChar, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), plain), { maxLength: 30 }).map((parts) => parts.join(''));
const word = fc.oneof({ weight: 3, arbitrary: plain }, { weight: 2, arbitrary: hostile }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) });
const doc: fc.Arbitrary<Doc> = fc.letrec<{ doc: Doc }>((tie) => ({
  doc: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    word,
    fc.constantFrom(true, false, null, 1, -2.5),
    fc.array(word, { maxLength: 6 }),
    fc.record({ expanded: fc.boolean(), members: fc.array(fc.tuple(word, tie('doc')), { maxLength: 5 }) }),
  ),
})).doc;

/** The value a Doc stands for, and the objects in it written expanded (by their keys from the root, as JSON). */
function valueOf(d: Doc, at: string[] = [], expanded = new Set<string>()): { value: unknown; expanded: Set<string> } {
  if (d === null || typeof d !== 'object' || Array.isArray(d)) return { value: d, expanded };
  if (d.expanded && d.members.length) expanded.add(JSON.stringify(at));
  return { value: Object.fromEntries(d.members.map(([k, v]) => [k, valueOf(v, [...at, k], expanded).value])), expanded };
}

/** The JSON text of the same document as a template writes it: expanded objects one member a line, the others as JSON.stringify does. */
function render(value: unknown, expanded: Set<string>, at: string[] = [], indent = ''): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  // Object.entries: the value's own order (integer-like keys first), which is the order printJson prints.
  const members = Object.entries(value);
  if (!expanded.has(JSON.stringify(at))) return `{${members.map(([k, v]) => `${JSON.stringify(k)}:${render(v, expanded, [...at, k], indent)}`).join(',')}}`;
  const inner = indent + '  ';
  return `{\n${members.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${render(v, expanded, [...at, k], inner)}`).join(',\n')}\n${indent}}`;
}

const print = (value: unknown, expanded: Set<string>) => printJson(value, (at) => expanded.has(JSON.stringify(at)));
const ROOT = new Set(['[]']);

describe('printJson', () => {
  it('prints what prettier prints for the same document, or declines', async () => {
    let printed = 0;
    // Keys unique per object: a value has each key once.
    const members = fc.uniqueArray(fc.tuple(word, doc), { maxLength: 8, selector: ([key]) => key });
    await fc.assert(
      fc.asyncProperty(fc.record({ expanded: fc.boolean(), members }), async (root) => {
        const { value, expanded } = valueOf(root);
        const ours = print(value, expanded);
        if (ours === undefined) return;
        printed++;
        expect(ours).toBe(await format(render(value, expanded)));
      }),
      { numRuns: 300 },
    );
    expect(printed).toBeGreaterThan(100);
  });

  it('declines what prettier lays out by other rules (arrays of numbers, objects or arrays)', () => {
    expect(print({ a: [1, 2] }, ROOT)).toBeUndefined();
    expect(print({ a: [{ b: 'c' }] }, ROOT)).toBeUndefined();
    expect(print({ a: [['b']] }, ROOT)).toBeUndefined();
    expect(jsonValueText({ a: [1, 2] })).toEqual({ text: '{\n  "a": [\n    1,\n    2\n  ]\n}\n', formatted: false });
  });

  it('the edge of the print width, with and without the comma after', async () => {
    for (let n = 90; n < 110; n++) {
      const value = { a: { x: 'q'.repeat(n) }, b: { x: 'q'.repeat(n) } };
      expect(print(value, ROOT)).toBe(await format(render(value, ROOT)));
    }
  });

  it("measures the edge in prettier's columns: wide, zero-width and combining characters, emoji, separators", async () => {
    for (const char of ['\u4e2d', '\u{1f600}', '\u200b', 'e\u0301', '\u2028', '\u0085']) {
      for (let n = 40; n < 120; n += 3) {
        const value = { a: { x: char.repeat(n) }, b: ['q'.repeat(n), char] };
        const ours = print(value, ROOT);
        expect(ours).toBeDefined();
        expect(ours).toBe(await format(render(value, ROOT)));
      }
    }
  });
});
