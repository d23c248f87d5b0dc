/**
 * Hoisted constants wider than the print width are broken as prettier breaks them: prettier itself is the
 * oracle, on random element lists around the width (strings with quotes and escapes, numbers, literals).
 */
import fc from 'fast-check';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { prettyLit } from '../../generator/src/codegen/index.ts';
import { breakWideConstant } from '../../generator/src/emit/validators/module/wide-constants.ts';
import { PRETTIER_OPTIONS } from '../../generator/src/write/format.ts';

/** A double quote outside single-quoted strings: `prettyLit` fell back to JSON's spelling. */
const inJsonSpelling = (text: string) => text.replace(/'(?:[^'\\\n]|\\.)*'/g, '').includes('"');
const format = (text: string) => prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'typescript' });
const element = fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.constantFrom(true, false, null), fc.string({ unit: fc.constantFrom('a', "'", '"', '\\', '\n', 'é'), maxLength: 12 }));
const elements = fc.array(element, { minLength: 1, maxLength: 14 });

describe('wide hoisted constants', () => {
  it('arrays and sets of literals: what prettier prints, or unchanged when prettier must decide', async () => {
    await fc.assert(
      fc.asyncProperty(elements, fc.constantFrom('k', 's'), async (values, kind) => {
        const list = values.map((v) => prettyLit(v).text).join(', ');
        const text = kind === 'k' ? `const _k1: any = [${list}];` : `const _s1 = new Set<unknown>([${list}]);`;
        const broken = breakWideConstant(text);
        if (broken !== text) expect(broken).toBe((await format(text)).trimEnd());
        // Left alone only when it fits, when prettier's spelling is not settled (JSON's double quotes) or
        // when prettier fills (numbers only).
        else expect(text.length <= 120 || inJsonSpelling(text) || values.every((v) => typeof v === 'number')).toBe(true);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('RegExp constructions and long strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 60, maxLength: 200 }), fc.constantFrom(undefined, 'u'), async (source, flags) => {
        const args = [prettyLit(source).text, ...(flags ? [prettyLit(flags).text] : [])].join(', ');
        for (const text of [`const _re1 = new RegExp(${args});`, `const _sp1 = ${prettyLit(source).text};`]) {
          const broken = breakWideConstant(text);
          if (broken !== text) expect(broken).toBe((await format(text)).trimEnd());
          else expect(text.length <= 120 || inJsonSpelling(text)).toBe(true);
        }
      }),
      { numRuns: 200, seed: 11 },
    );
  });

  it('breaks the shapes compiled.ts hoists (not a no-op)', () => {
    const words = Array.from({ length: 12 }, (_, i) => `'member-number-${i}'`).join(', ');
    expect(breakWideConstant(`const _k2: any = [${words}];`)).toContain("[\n  'member-number-0',\n");
    expect(breakWideConstant(`const _k3: any = [${Array.from({ length: 40 }, (_, i) => i).join(', ')}];`)).not.toContain('\n');
  });
});
