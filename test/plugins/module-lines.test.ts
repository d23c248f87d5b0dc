/**
 * Import and export lines for plugins, as docs/plugins.md describes them: `context.moduleLines` builds a line
 * as data (`namedLine`, `typeName`, `namespaceImport`, `starExport`) and `module.moduleLine(line)` lays it
 * out. A plugin written from that description alone emits, on a real spec, a module prettier leaves as it
 * is and the printer claims whole; TypeScript's parser (the independent reading) finds exactly the
 * statements asked for: each module specifier with its quotes and escapes undone, each name with its own
 * `type` modifier or the statement's. Names that are not identifiers are refused, even in a line written
 * as an object literal, and the text-returning `printer.importStatement` is gone.
 */
import path from 'node:path';
import * as prettier from 'prettier';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRETTIER_OPTIONS } from '../../generator/src/codegen/layout-options.ts';
import { createEmitContext, type EmitContext, type ModuleLine, type TargetEmitter } from '../../generator/src/emit/emitter.ts';
import { loadModel } from '../../generator/src/load-model.ts';
import type { ApiModel } from '../../generator/src/model/types.ts';
import { fixtureSpecsDir } from '../helpers/paths.ts';

const context: EmitContext = createEmitContext({ packages: { scope: 'p', names: { types: '@p/types', lines: '@p/lines' }, version: '1.0.0' }, generatorVersion: '0.0.0-test' });

/** Module specifiers prettier must quote its way: quotes of both kinds, a backslash, a line separator. */
const AWKWARD = ["it's", 'say "hi"', `both ' and "`, 'back\\slash', 'sep\u2028arator'];

/** A plugin written from the `context.moduleLines` and `module.moduleLine` entries of docs/plugins.md. */
const plugin: TargetEmitter = {
  name: 'lines',
  dependsOn: ['types'],
  files: ['src/index.ts'],
  emit(model, context) {
    const n = context.nodes;
    const { namedLine, namespaceImport, starExport, typeName } = context.moduleLines;
    const module = context.printer.module().line(context.codegen.docComment(['Generated. Do not edit.']).text);
    module.moduleLine(namedLine('import', ['Operations'], context.importPath('types', 'src/index.ts'), true));
    module.moduleLine(namespaceImport('T', context.importPath('types', 'src/index.ts'), true));
    // Every operation's method name, with a type among the values: too wide for a line on most specs.
    const methods = model.operations.map((op) => op.names.method);
    module.moduleLine(namedLine('import', [...methods, typeName('Runtime')], './runtime.js'));
    AWKWARD.forEach((from, i) => module.moduleLine(namedLine('import', [`a${i}`], from)));
    const names = n.arrayLiteral(methods.map((m) => n.literalExpression(m)));
    module.node(n.constDeclaration('methods', n.asConst(names), ['Every operation, by method name.']));
    module.moduleLine(namedLine('export', ['helper', typeName('Helper')], './helper.js'), 'blank');
    module.moduleLine(starExport('./more.js'));
    return [module.file('src/index.ts')];
  },
};

interface Seen {
  statement: 'import' | 'export';
  from: string;
  typeOnly: boolean;
  namespace?: string;
  names?: Array<{ name: string; typeOnly: boolean }>;
}

/** The import and export statements of `text` as TypeScript reads them. */
function statementsOf(text: string): Seen[] {
  const file = ts.createSourceFile('index.ts', text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const diagnostics = (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  expect(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
  const seen: Seen[] = [];
  for (const s of file.statements) {
    if (ts.isImportDeclaration(s)) {
      const clause = s.importClause!;
      const from = (s.moduleSpecifier as ts.StringLiteral).text;
      const bindings = clause.namedBindings!;
      if (ts.isNamespaceImport(bindings)) seen.push({ statement: 'import', from, typeOnly: clause.isTypeOnly, namespace: bindings.name.text });
      else seen.push({ statement: 'import', from, typeOnly: clause.isTypeOnly, names: bindings.elements.map((e) => ({ name: e.name.text, typeOnly: e.isTypeOnly })) });
    } else if (ts.isExportDeclaration(s)) {
      const from = (s.moduleSpecifier as ts.StringLiteral).text;
      const names = s.exportClause && ts.isNamedExports(s.exportClause) ? s.exportClause.elements.map((e) => ({ name: e.name.text, typeOnly: e.isTypeOnly })) : undefined;
      seen.push({ statement: 'export', from, typeOnly: s.isTypeOnly, ...(names ? { names } : {}) });
    }
  }
  return seen;
}

const SPECS = ['adversarial.yaml', 'parameters.yaml', 'mw-pagination.yaml'].map((f) => path.join(fixtureSpecsDir, f));
const models = new Map<string, ApiModel>();
beforeAll(async () => {
  for (const spec of SPECS) models.set(spec, (await loadModel(spec)).model);
}, 60_000);

describe('import and export lines as data in the plugin API', () => {
  it.each(SPECS.map((spec) => [path.basename(spec), spec]))('a plugin written from docs/plugins.md emits a module prettier leaves as it is, claimed whole: %s', async (_, spec) => {
    const model = models.get(spec)!;
    const [file] = plugin.emit(model, context);
    expect(file!.formatted).toBe(true);
    expect(await prettier.format(file!.contents, { ...PRETTIER_OPTIONS, parser: 'typescript', filepath: 'index.ts' })).toBe(file!.contents);
    const methods = model.operations.map((op) => ({ name: op.names.method, typeOnly: false }));
    expect(statementsOf(file!.contents)).toEqual([
      { statement: 'import', from: '@p/types', typeOnly: true, names: [{ name: 'Operations', typeOnly: false }] },
      { statement: 'import', from: '@p/types', typeOnly: true, namespace: 'T' },
      { statement: 'import', from: './runtime.js', typeOnly: false, names: [...methods, { name: 'Runtime', typeOnly: true }] },
      ...AWKWARD.map((from, i) => ({ statement: 'import', from, typeOnly: false, names: [{ name: `a${i}`, typeOnly: false }] })),
      { statement: 'export', from: './helper.js', typeOnly: false, names: [{ name: 'helper', typeOnly: false }, { name: 'Helper', typeOnly: true }] },
      { statement: 'export', from: './more.js', typeOnly: false },
    ]);
    // `moduleLine(line, 'blank')` puts the blank line before the first export, and only there.
    expect(file!.contents).toMatch(/\] as const;\n\nexport \{ helper, type Helper \} from '\.\/helper\.js';\nexport \* from '\.\/more\.js';\n$/);
  });

  it('a list too wide for the line is broken one name a line, as prettier breaks it', async () => {
    const { namedLine, typeName } = context.moduleLines;
    const names = Array.from({ length: 12 }, (_, i) => (i % 3 ? `someRatherLongName${i}` : typeName(`SomeRatherLongType${i}`)));
    const { text, formatted } = context.printer.module().moduleLine(namedLine('import', names, '@p/types')).module();
    expect(formatted).toBe(true);
    expect(text.split('\n').length).toBe(names.length + 3);
    expect(await prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'typescript', filepath: 'index.ts' })).toBe(text);
  });

  it('refuses a name that is not an identifier, naming it, however the line was written', () => {
    const { namedLine, namespaceImport, typeName } = context.moduleLines;
    expect(() => namedLine('import', ['a b'], 'm')).toThrow('import or export name "a b" is not an identifier');
    expect(() => namedLine('export', [typeName('default')], 'm')).toThrow('"default" is not an identifier');
    expect(() => namespaceImport('1x', 'm')).toThrow('"1x" is not an identifier');
    // A line written as an object literal, past the constructors: the printer checks it too, and adds nothing.
    const forged = { keyword: 'import', typeOnly: false, names: [{ name: 'x } from "evil"; //' }], from: 'm' } as ModuleLine;
    const module = context.printer.module();
    expect(() => module.moduleLine(forged)).toThrow('is not an identifier');
    expect(module.build().text).toBe('\n');
  });

  it('the printer no longer writes import statements as text', () => {
    expect('importStatement' in context.printer).toBe(false);
  });
});
