/**
 * The package files' JSON printer (emit/package/json-print.ts) against prettier's `json` parser, the
 * formatter of record: on random documents of the shapes the templates make (objects expanded or not, at
 * every nesting, strings and arrays of strings long enough to cross the print width), whatever it prints
 * must be prettier's output exactly; what it declines (undefined) is left to prettier.
 */
import fc from 'fast-check';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { prettyJson } from '../../generator/src/emit/package/json-print.ts';
import { PRETTIER_OPTIONS } from '../../generator/src/write/format.ts';

const format = (text: string) => prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'json' });

type Doc = string | boolean | null | number | string[] | { expanded: boolean; members: Array<[string, Doc]> };

const word = fc.stringMatching(/^[a-z@/._-]{0,40}$/);
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
    expect(prettyJson('{"a": "\u00e9t\u00e9"}')).toBeUndefined();
    expect(prettyJson('{\n"a": 1,\n\n"b": 2}')).toBeUndefined();
    expect(prettyJson('{"a": 1,}')).toBeUndefined();
  });

  it('the edge of the print width, with and without the comma after', async () => {
    for (let n = 90; n < 110; n++) {
      const text = `{\n"a": {"x": "${'q'.repeat(n)}"},\n"b": {"x": "${'q'.repeat(n)}"}\n}`;
      expect(prettyJson(text)).toBe(await format(text));
    }
  });
});
