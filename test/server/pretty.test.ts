/**
 * The server target's modules are printed formatted by construction (nodes laid out by the one printer, problems.ts):
 * held here against prettier itself on generated inputs (fast-check), straddling the print width. Each
 * property asserts both that prettier leaves the printed text unchanged and that it is exactly what
 * prettier makes of the code the emitter wrote before (so the output did not change a byte), and that the
 * printer handled the case rather than leaving it to prettier.
 */
import fc from 'fast-check';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { RESERVED_WORDS, stringifyLiteral } from '../../generator/src/codegen/index.ts';
import { prettyString } from '../../generator/src/codegen/pretty-doc.ts';
import { jsonParseConstant } from '../../generator/src/emit/server/pretty.ts';
import { printer } from '../../generator/src/codegen/printer.ts';
import { moduleLineText, namedLine } from '../../generator/src/codegen/module-lines.ts';
import { printModuleLine } from '../../generator/src/codegen/pretty-doc.ts';
import { printProblems, problemsSource } from '../../generator/src/emit/server/problems.ts';
import type { ProblemInfo } from '../../generator/src/emit/server/table.ts';
import { serverEmitter } from '../../generator/src/emit/server/index.ts';
import type { OperationModel } from '../../generator/src/model/types.ts';
import { PRETTIER_OPTIONS } from '../../generator/src/write/format.ts';
import { emitContext, loadProjectModel } from './harness.ts';

const format = (text: string) => prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'typescript' });

/** Text rich in what quoting and width depend on: both quotes, backslashes, escapes, wide and astral characters. */
const tricky = (maxLength: number) =>
  fc.string({
    unit: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('a', 'b', 'z', ' ', '-', '/', '0') },
      { weight: 2, arbitrary: fc.constantFrom("'", '"', '\\', '`', '$', '{') },
      { weight: 1, arbitrary: fc.constantFrom('\n', '\t', '\u0000', '\u001f', '\u007f', '\u2028', '\u2029', '\u0085', 'é', '漢', '😀', '\ud800') },
    ),
    maxLength,
  });

describe('server pretty printing agrees with prettier', () => {
  it('strings: the quote prettier chooses for the literal lit() writes, escapes as written', async () => {
    await fc.assert(
      fc.asyncProperty(tricky(40), async (value) => {
        const printed = `f(${prettyString(value)});\n`;
        expect(await format(`f(${stringifyLiteral(value)});`)).toBe(printed);
      }),
      { numRuns: 400 },
    );
    expect(prettyString(`it's "quoted"`)).toBe(`'it\\'s "quoted"'`);
    expect(prettyString(`it's`)).toBe(`"it's"`);
  });

  it('JSON.parse constants (nodes, the one printer): on one line when they fit, else the argument on its own line', async () => {
    // printer.statement throws NotPrinted for a shape it does not reproduce: the case must be printed, not left to prettier.
    const print = (name: string, type: string, v: unknown) => printer.statement(jsonParseConstant(name, type, v));
    // Objects whose JSON text straddles the width left after `export const NAME: Type = JSON.parse(`.
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.record({ text: tricky(110), n: fc.integer(), list: fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }) }),
      fc.string({ minLength: 40, maxLength: 110 }),
      // Wide and zero-width characters: the width is not the length.
      fc.string({ unit: fc.constantFrom('漢', '😀', 'a', '\u0301', '\u0007'), minLength: 30, maxLength: 160 }),
    );
    await fc.assert(
      fc.asyncProperty(value, fc.constantFrom(['API', 'ApiTable'], ['MOCK_DATA', 'MockData']), async (v, [name, type]) => {
        // The oracle: prettier on the compiler's text of the same node (the string spelled with the compiler's escapes).
        const node = jsonParseConstant(name, type, v);
        expect(await format(printer.plain(node))).toBe(print(name, type, v) + '\n');
      }),
      { numRuns: 300 },
    );
    expect(print('API', 'ApiTable', {})).toBe(`export const API: ApiTable = JSON.parse('{}');`);
    expect(print('API', 'ApiTable', { text: 'x'.repeat(120) })).toMatch(/^export const API: ApiTable = JSON\.parse\(\n {2}'\{"text":"x+"\}',\n\);$/);
  });

  it('import and export lines: one line when it fits, else one name per line with a trailing comma', async () => {
    // Not a reserved word: `import { if } from 'm'` is no import prettier can parse (a flake before).
    const name = fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$]{0,24}$/).filter((n) => !RESERVED_WORDS.has(n));
    const line = fc.record({
      keyword: fc.constantFrom('import', 'export'),
      typeOnly: fc.boolean(),
      names: fc.uniqueArray(name, { minLength: 1, maxLength: 9 }),
      module: fc.oneof(fc.stringMatching(/^[@a-z./-]{1,40}$/), tricky(20)),
    });
    await fc.assert(
      fc.asyncProperty(line, async ({ keyword, typeOnly, names, module }) => {
        // The one-line text of the same data (the module through the safe literal, U+2028/9 escaped) is what prettier lays out.
        const data = namedLine(keyword, names, module, typeOnly);
        expect(await format(moduleLineText(data))).toBe(printModuleLine(data) + '\n');
      }),
      { numRuns: 300 },
    );
  });

  it('problem constructors: signatures, calls and result types broken as prettier breaks them', async () => {
    const problem: fc.Arbitrary<ProblemInfo> = fc.record({
      slug: fc.oneof(fc.stringMatching(/^[a-z][a-z-]{0,60}$/), tricky(30), fc.constant('about:blank')),
      typePath: fc.constant('/problems/x'),
      title: fc.oneof(fc.stringMatching(/^[A-Za-z ]{1,50}$/), tricky(60)),
      status: fc.oneof(fc.integer({ min: 100, max: 599 }), fc.integer({ min: 0, max: 10 ** 9 })),
      statusRequired: fc.boolean(),
      constructorName: fc.stringMatching(/^[a-z][A-Za-z0-9]{0,59}$/),
      typeName: fc.option(fc.stringMatching(/^[A-Z][A-Za-z0-9]{0,59}$/), { nil: undefined }),
    });
    const typesPackage = fc.oneof(fc.constant('@social-posting/types'), fc.stringMatching(/^[@a-z./-]{1,30}$/));
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(problem, { minLength: 1, maxLength: 4, selector: (p) => p.constructorName }), typesPackage, async (list, pkg) => {
        const printed = printProblems(list, pkg);
        expect(printed.pending).toBe(false);
        expect(await format(problemsSource(list, pkg))).toBe(printed.text);
      }),
      { numRuns: 250 },
    );
  });

  it('a constructor it does not reproduce is left to prettier, whole', () => {
    // A non-ASCII key: prettier may unquote it (an ES5 identifier name), so the printer leaves the statement.
    const odd: ProblemInfo = { slug: 'x', typePath: '/problems/x', title: 'X', status: 404, statusRequired: false, constructorName: 'caf\u00e9' };
    const printed = printProblems([odd], 'types');
    expect(printed.pending).toBe(true);
    // Only the `problems` statement (its doc comment included) is left to prettier: the imports and the prologue are printed.
    const ranges = printed.formatted === true ? [] : printed.formatted;
    expect(ranges).toHaveLength(1);
    expect(printed.text.slice(ranges[0]![0], ranges[0]![1])).toMatch(/^\/\*\* Constructors for every problem type the spec defines\. \*\/\nexport const problems = \{\n[^]*\};$/);
  });

  it('every module of the target is claimed formatted, and prettier agrees (hostile strings included)', async () => {
    const model = structuredClone(await loadProjectModel());
    const op = model.operations.find((o) => o.operationId === 'findPostById') as OperationModel;
    op.path = '/2/posts/{id}/`${x}`/"q"/\'s\'/\u2028\\';
    op.summary = 'a */ b \n c';
    const files = serverEmitter.emit(model, emitContext());
    for (const file of files) {
      if (file.path === 'src/handlers.ts') continue;
      expect([file.path, file.formatted]).toEqual([file.path, true]);
      expect([file.path, await format(file.contents)]).toEqual([file.path, file.contents]);
    }
  });
});
