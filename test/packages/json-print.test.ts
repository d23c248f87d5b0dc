/**
 * The package files' JSON printer (codegen/json-layout.ts) against prettier's `json` parser, the
 * formatter of record: on random documents of the shapes the templates make (objects expanded or not, at
 * every nesting, strings and arrays of strings long enough to cross the print width), whatever it prints
 * must be prettier's output exactly; what it declines (undefined) is left to prettier. Strings are hostile
 * too (a spec's title and version reach package.json): any unicode (wide, zero-width and combining
 * characters, emoji, line and paragraph separators, lone surrogates), quotes, backslashes, control
 * characters, as JSON.stringify writes them.
 */
import fc from 'fast-check';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { prettyJson } from '../../generator/src/codegen/json-layout.ts';
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

/** Text the way a template writes it: expanded objects one member per line, the others as JSON.stringify does. */
function render(d: Doc, indent = ''): string {
  if (d === null || typeof d !== 'object') return JSON.stringify(d);
  if (Array.isArray(d)) return JSON.stringify(d);
  if (!d.expanded) return `{${d.members.map(([k, v]) => `${JSON.stringify(k)}:${render(v, indent)}`).join(',')}}`;
  const inner = indent + '  ';
  return `{\n${d.members.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${render(v, inner)}`).join(',\n')}\n${indent}}`;
}

describe('prettyJson', () => {
  it('prints what prettier prints, or declines', async () => {
    let printed = 0;
    await fc.assert(
      fc.asyncProperty(fc.record({ expanded: fc.boolean(), members: fc.array(fc.tuple(word, doc), { maxLength: 8 }) }), async (root) => {
        const text = render(root);
        const ours = prettyJson(text);
        if (ours === undefined) return;
        printed++;
        expect(ours).toBe(await format(text));
      }),
      { numRuns: 300 },
    );
    expect(printed).toBeGreaterThan(100);
  });

  it('declines what prettier lays out by other rules', () => {
    expect(prettyJson('{"a": [1, 2]}')).toBeUndefined();
    expect(prettyJson('{"a": [{"b": "c"}]}')).toBeUndefined();
    expect(prettyJson('{\n"a": 1,\n\n"b": 2}')).toBeUndefined();
    expect(prettyJson('{"a": 1,}')).toBeUndefined();
  });

  it('the edge of the print width, with and without the comma after', async () => {
    for (let n = 90; n < 110; n++) {
      const text = `{\n"a": {"x": "${'q'.repeat(n)}"},\n"b": {"x": "${'q'.repeat(n)}"}\n}`;
      expect(prettyJson(text)).toBe(await format(text));
    }
  });

  it('measures the edge in prettier\'s columns: wide, zero-width and combining characters, emoji, separators', async () => {
    for (const char of ['\u4e2d', '\u{1f600}', '\u200b', 'e\u0301', '\u2028', '\u0085']) {
      for (let n = 40; n < 120; n += 3) {
        const text = `{\n"a": {"x": ${JSON.stringify(char.repeat(n))}},\n"b": ["${'q'.repeat(n)}", ${JSON.stringify(char)}]\n}`;
        const ours = prettyJson(text);
        expect(ours).toBeDefined();
        expect(ours).toBe(await format(text));
      }
    }
  });
});
