/**
 * The module printer offered to plugins (`EmitContext.printer`, codegen/printer.ts) and what is printed
 * with it — the msw and query targets and the example plugin — held against prettier itself. Operation
 * names of every length (fast-check) push the printed signatures, type arguments, arrays and assignments
 * across the print width; each property asserts that prettier leaves the file unchanged and that the
 * statements the printer claims are the ones it printed (the file is claimed formatted, or only the
 * statements the printer declines are left).
 */
import path from 'node:path';
import fc from 'fast-check';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { createEmitContext, type EmittedFile, type TargetEmitter } from '../../generator/src/emit/emitter.ts';
import { mswEmitter } from '../../generator/src/emit/msw/index.ts';
import { queryEmitter } from '../../generator/src/emit/query/index.ts';
import { printer } from '../../generator/src/codegen/printer.ts';
import * as nodes from '../../generator/src/codegen/ts-nodes.ts';
import { RESERVED_WORDS } from '../../generator/src/codegen/index.ts';
import { loadModel } from '../../generator/src/load-model.ts';
import type { ApiModel } from '../../generator/src/model/types.ts';
import { formatFiles, PRETTIER_OPTIONS } from '../../generator/src/write/format.ts';
import { fixtureSpecsDir, repoRoot } from '../helpers/paths.ts';
import { assertSeeded } from '../helpers/print-seed.ts';

const format = (text: string) => prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'typescript' });
const context = () =>
  createEmitContext({ packages: { scope: 'p', names: { types: '@p/types', validators: '@p/validators', client: '@p/client', server: '@p/server', query: '@p/query', msw: '@p/msw' }, version: '1.0.0' }, generatorVersion: '0.0.0-test' });

/** What prettier makes of `file` (its pending ranges formatted, as the write stage does, then the whole file). */
async function expectPrinted(file: EmittedFile): Promise<number> {
  const [written] = await formatFiles([file]);
  expect(await format(written!), file.path).toBe(written);
  return file.formatted === true ? 0 : (file.formatted ?? [[0, file.contents.length]]).reduce((n, [a, b]) => n + b - a, 0);
}

/** Identifiers (never a reserved word: `import { if }` does not parse). */
const identifier = (min: number, max: number) => fc.stringMatching(new RegExp(`^[a-z][A-Za-z0-9]{${min - 1},${max - 1}}$`)).filter((n) => !RESERVED_WORDS.has(n));

/** The model with its operations renamed (names unique: a numbered suffix). */
function renamed(model: ApiModel, names: readonly string[]): ApiModel {
  const operations = model.operations.map((op, i) => ({ ...op, names: { ...op.names, method: `${names[i % names.length]}${i}` } }));
  return { ...model, operations };
}

describe('the plugin printer agrees with prettier', () => {
  it('import lines as data (`moduleLine`): named lists on one line when they fit, else one a line; module names in prettier quotes', async () => {
    const { namedLine, typeName } = context().moduleLines;
    await assertSeeded(
      fc.asyncProperty(fc.uniqueArray(fc.record({ name: identifier(1, 30), type: fc.boolean() }), { selector: (n) => n.name, minLength: 1, maxLength: 8 }), fc.string({ maxLength: 60 }), fc.boolean(), async (names, from, typeOnly) => {
        const line = namedLine('import', names.map((n) => (n.type && !typeOnly ? typeName(n.name) : n.name)), from, typeOnly);
        const module = printer.module().moduleLine(line).module();
        expect(module.formatted).toBe(true);
        expect(await format(module.text)).toBe(module.text);
      }),
      { numRuns: 200, seed: 1 },
    );
  });

  it('JSON.parse statements under any declaration head', async () => {
    await assertSeeded(
      fc.asyncProperty(identifier(1, 40), fc.jsonValue({ maxDepth: 2 }), async (name, value) => {
        const parse = nodes.callExpression(nodes.propertyAccess(nodes.valueRef('JSON'), 'parse'), [nodes.literalExpression(JSON.stringify(value))]);
        const printed = printer.statement(nodes.variable('const', name, parse, { type: nodes.typeRef('Record', [nodes.keywordType('string'), nodes.keywordType('unknown')]) }));
        expect(await format(printed)).toBe(printed + '\n');
      }),
      { numRuns: 150, seed: 2 },
    );
  });

  const fixtures = ['mw-pagination.yaml', 'adversarial.yaml'].map((f) => path.join(fixtureSpecsDir, f));

  it.each([
    ['msw', mswEmitter],
    ['query', queryEmitter],
  ] as Array<[string, TargetEmitter]>)('%s: operation names of every length, printed as prettier prints them', { timeout: 240_000 }, async (_, emitter) => {
    const models = await Promise.all(fixtures.map(async (f) => (await loadModel(f)).model));
    await assertSeeded(
      fc.asyncProperty(fc.constantFrom(...models), fc.array(identifier(1, 130), { minLength: 1, maxLength: 4 }), async (model, names) => {
        for (const file of emitter.emit(renamed(model, names), context())) {
          await expectPrinted(file);
          // Both print every statement whatever the names' length: nothing is left to prettier.
          expect(file.formatted, file.path).toBe(true);
        }
      }),
      { numRuns: 25, seed: 3 },
    );
  });

  it('msw and query claim their whole index (infinite-query options included) when names are ordinary', async () => {
    const model = (await loadModel(path.join(fixtureSpecsDir, 'mw-pagination.yaml'))).model;
    const msw = mswEmitter.emit(model, context()).find((f) => f.path === 'src/index.ts')!;
    expect(msw.formatted).toBe(true);
    const query = queryEmitter.emit(model, context())[0]!;
    expect(query.contents).toMatch(/export function \w+InfiniteOptions\(/);
    expect(query.formatted).toBe(true);
  });

  it('the example plugin prints its module with it: claimed formatted, and prettier agrees', async () => {
    const { default: routes } = (await import(path.join(repoRoot, 'examples/plugin/routes-plugin.js'))) as { default: TargetEmitter };
    for (const spec of [path.join(fixtureSpecsDir, 'adversarial.yaml'), path.join(repoRoot, 'spec/social-posting.openapi.yaml')]) {
      const [file] = routes.emit((await loadModel(spec)).model, context());
      expect(file!.formatted).toBe(true);
      expect(await expectPrinted(file!)).toBe(0);
    }
  });
});
