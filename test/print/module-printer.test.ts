/**
 * The one module printer (codegen/pretty-module.ts) every target and plugin assembles modules with: how
 * statements are joined, which ranges go to prettier, and that the write stage, given those ranges, gives
 * exactly what prettier makes of the whole module.
 */
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { fallbacks, ModulePrinter, NotPrinted } from '../../generator/src/codegen/pretty-module.ts';
import { formatFiles, PRETTIER_OPTIONS } from '../../generator/src/write/format.ts';

const format = (text: string) => prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'typescript' });

describe('ModulePrinter', () => {
  it('joins statements with a blank line or a line break, drops their trailing line breaks, ends in one', () => {
    const { text, ranges } = new ModulePrinter().line('/** header */\n').line("import { a } from './a.js';").statement('export const b = a;\n\n').line('export const c = b;').build();
    expect(text).toBe("/** header */\nimport { a } from './a.js';\n\nexport const b = a;\nexport const c = b;\n");
    expect(ranges).toEqual([]);
  });

  it('leaves what a printer cannot print to prettier, neighbours merged into one range, and counts why', () => {
    fallbacks.delete('odd shape');
    const module = new ModulePrinter()
      .line('/** header */')
      .statement('export const a = 1;')
      .printed(() => {
        throw new NotPrinted('odd shape');
      }, () => 'export const b   =   {x:1}')
      .statement('export   const c=2', false)
      .statement('export const d = 4;');
    const { text, formatted } = module.module();
    expect(fallbacks.get('odd shape')).toBe(1);
    expect(formatted).toEqual([[text.indexOf('export const b'), text.indexOf('const c=2') + 'const c=2'.length]]);
    expect(() => new ModulePrinter().printed(() => {
      throw new TypeError('a bug');
    }, () => '')).toThrow(TypeError);
  });

  it('the write stage formats only the ranges, and the result is what prettier makes of the whole module', async () => {
    const module = new ModulePrinter()
      .line('/** header */')
      .line("import { a } from './a.js';")
      .statement('export const b = { x: 1 };')
      .statement('export   const c = {y:2}', false)
      .ranged("export const d = 1;\n\nexport function e(){return 1}\n\nexport const f = 2;", [[21, 50]]);
    const file = module.file('src/index.ts');
    expect(file.formatted).not.toBe(true);
    const [written] = await formatFiles([file]);
    expect(written).toBe(await format(file.contents));
    expect(written).toContain('export function e() {\n  return 1;\n}');
  });
});
