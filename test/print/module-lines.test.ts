/**
 * Import and export statements as data (codegen/module-lines.ts), as the symbol registry hands them out:
 * the printer lays them out from the data (`printModuleLine`), and prettier, given the plain one-line text
 * (`moduleLineText`, what goes to prettier when the printer is not used), must print exactly the same. The
 * registry's statements are checked on a real plan: the client package's.
 */
import fc from 'fast-check';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { RESERVED_WORDS } from '../../generator/src/codegen/code.ts';
import { moduleLineText, namedLine, namespaceImport, starExport, type ModuleLine } from '../../generator/src/codegen/module-lines.ts';
import { printModuleLine } from '../../generator/src/codegen/pretty-doc.ts';
import { PRETTIER_OPTIONS } from '../../generator/src/codegen/layout-options.ts';
import { SymbolRegistry } from '../../generator/src/emit/symbols.ts';
import { assertSeeded } from '../helpers/print-seed.ts';

const format = (text: string) => prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'typescript', filepath: 'module.ts' });
const identifier = (min: number, max: number) => fc.stringMatching(new RegExp(`^[A-Za-z_$][A-Za-z0-9_$]{${min - 1},${max - 1}}$`)).filter((n) => !RESERVED_WORDS.has(n));

async function expectAgreed(line: ModuleLine): Promise<void> {
  const text = moduleLineText(line);
  expect(await format(text)).toBe(printModuleLine(line) + '\n');
}

describe('import and export statements as data', () => {
  it('named lists: on one line when they fit, else one name a line; module names in prettier quotes', async () => {
    await assertSeeded(
      fc.asyncProperty(
        fc.uniqueArray(identifier(1, 30), { minLength: 1, maxLength: 9 }),
        fc.string({ maxLength: 60 }),
        fc.constantFrom('import' as const, 'export' as const),
        fc.boolean(),
        async (names, from, keyword, typeOnly) => expectAgreed(namedLine(keyword, names, from, typeOnly)),
      ),
      { numRuns: 200, seed: 1 },
    );
  });

  it('namespace imports, quotes and escapes in the module name', async () => {
    for (const from of ['./compiled.js', '@scope/types', "it's", 'say "hi"', `both ' and "`, 'back\\slash', '\u2028'])
      for (const typeOnly of [false, true]) await expectAgreed(namespaceImport('T', from, typeOnly));
  });

  it('star re-exports (a package index), quotes and escapes in the module name', async () => {
    for (const from of ['./schemas.js', '@scope/types', "it's", 'say "hi"', `both ' and "`, 'back\\slash', '\u2028']) await expectAgreed(starExport(from));
  });

  it('the registry hands out statements as data, in the order asked, types first, names sorted', () => {
    const symbols = new SymbolRegistry()
      .declare('./a.js', [
        { name: 'zeta', typeOnly: false },
        { name: 'Alpha', typeOnly: true },
        { name: 'beta', typeOnly: false },
      ])
      .provideNames('./b.js', ['gamma']);
    for (const name of ['zeta', 'Alpha', 'beta', 'gamma']) symbols.ref('./user.js', name);
    expect(symbols.importsOf('./user.js', ['./b.js', './a.js'])).toEqual([
      namedLine('import', ['gamma'], './b.js'),
      namedLine('import', ['Alpha'], './a.js', true),
      namedLine('import', ['beta', 'zeta'], './a.js'),
    ]);
    expect(symbols.reexportsOf(['./a.js']).map(moduleLineText)).toEqual(['export type { Alpha } from "./a.js";', 'export { beta, zeta } from "./a.js";']);
  });
});
