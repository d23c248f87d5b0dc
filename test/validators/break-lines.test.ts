/**
 * Wide `if` lines in compiled validators are broken as prettier breaks them (module/break-lines.ts), so the
 * file is claimed formatted and prettier is not even loaded for it. Prettier itself is the oracle, on random
 * enum chains around the print width, in the two shapes the compiler writes: a check function's
 * `if (!(a || b)) return false;` and an errors function's `if (!(a || b) && _fEnum(…)) return false;`, at
 * several depths.
 */
import fc from 'fast-check';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { prettyLit } from '../../generator/src/codegen/index.ts';
import { breakLongConditions } from '../../generator/src/emit/validators/module/break-lines.ts';
import { PRETTIER_OPTIONS } from '../../generator/src/write/format.ts';

const format = (text: string) => prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'typescript' });
// A quote is rare, as in real enums: a value with one is spelled in double quotes, which the breaker leaves alone.
const unit = fc.oneof({ arbitrary: fc.constantFrom('a', 'b', '_', '-', 'é', ' '), weight: 40 }, { arbitrary: fc.constant("'"), weight: 1 });
const value = fc.string({ unit, minLength: 1, maxLength: 24 });

/** One line of a compiled function, `depth` blocks deep, wrapped in blocks that prettier leaves as they are. */
function wrapped(line: string, depth: number): string {
  const opens = Array.from({ length: depth - 1 }, (_, i) => `${'  '.repeat(i + 1)}for (;;) {`);
  const closes = Array.from({ length: depth - 1 }, (_, i) => `${'  '.repeat(depth - 1 - i)}}`);
  return ['function f(v: any, E: any, o: number, p: string) {', ...opens, '  '.repeat(depth) + line, ...closes, '}', ''].join('\n');
}

describe('wide if lines in compiled validators', () => {
  it('a negated enum chain, alone or before a failure call: what prettier prints, or left for prettier', async () => {
    let broken = 0;
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(value, { minLength: 2, maxLength: 9 }), fc.integer({ min: 1, max: 4 }), fc.boolean(), async (values, depth, errors) => {
        const chain = values.map((v) => `v === ${prettyLit(v).text}`).join(' || ');
        const test = errors ? `!(${chain}) && _fEnum(E, o, p + '/x/' + i1, _sp31, _k30)` : `!(${chain})`;
        const source = wrapped(`if (${test}) return false;`, depth);
        const ours = breakLongConditions(source);
        if (ours !== source) broken++;
        // Whatever it does, it never disagrees with prettier; lines it leaves wide are prettier's to break.
        if (ours.split('\n').every((l) => l.length <= 120)) expect(ours).toBe(await format(source));
        else expect(ours).toBe(source);
      }),
      { numRuns: 200, seed: 11 },
    );
    // The property is not vacuous: many of the drawn lines were wide and broken.
    expect(broken).toBeGreaterThan(40);
  }, 60_000);
});
