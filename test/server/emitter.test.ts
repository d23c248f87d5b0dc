/**
 * The emitter itself: deterministic output, the runtime copied verbatim, the target's declaration, and
 * hostile spec strings (comment closers, quotes, backticks, line separators, `__proto__`) that must come
 * out as inert text — every emitted file still parses and the table still holds the exact strings.
 */
import { transformSync } from 'esbuild';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { RUNTIME_FILES, runtimeSource, serverEmitter } from '../../generator/src/emit/server/index.ts';
import { buildApiTable, literalTail, problemsOf } from '../../generator/src/emit/server/table.ts';
import type { ApiModel, OperationModel } from '../../generator/src/model/types.ts';
import { emitContext, loadProjectModel } from './harness.ts';

const HOSTILE = 'a */ b /* c `d` ${e} "f" \'g\' \u2028 h \\ </script> __proto__';

function hostileModel(base: ApiModel): ApiModel {
  const model: ApiModel = structuredClone(base);
  const op = model.operations.find((o) => o.operationId === 'findPostById') as OperationModel;
  op.summary = HOSTILE;
  op.description = HOSTILE + '\n*/ export const pwned = 1; /*';
  op.path = '/2/posts/{id}/`${x}`/"q"/\u2028';
  op.parameters.push({
    name: '__proto__',
    in: 'query',
    required: false,
    deprecated: false,
    style: 'form',
    explode: true,
    allowReserved: false,
    allowEmptyValue: false,
    schema: { type: 'string' },
    examples: [],
    extensions: {},
    pointer: '/x',
  });
  return model;
}

describe('serverEmitter', () => {
  it('declares the target and its dependencies', () => {
    expect(serverEmitter.name).toBe('server');
    expect(serverEmitter.dependsOn).toEqual(['types', 'validators']);
  });

  it('is deterministic and copies the runtime verbatim', async () => {
    const model = await loadProjectModel();
    const first = serverEmitter.emit(model, emitContext());
    const second = serverEmitter.emit(model, emitContext());
    expect(second).toEqual(first);
    for (const name of RUNTIME_FILES) {
      const file = first.find((f) => f.path === `src/runtime/${name}`);
      expect(file?.contents.endsWith(runtimeSource(name))).toBe(true);
    }
    expect(first.map((f) => f.path)).toEqual(expect.arrayContaining(['src/index.ts', 'src/api.ts', 'src/handlers.ts', 'src/problems.ts', 'src/mock-data.ts']));
    // The runtime's code (comments aside, which use the spec as an example) holds no spec content.
    for (const name of RUNTIME_FILES) {
      const code = transformSync(runtimeSource(name), { loader: 'ts', format: 'esm' }).code;
      expect(code, name).not.toMatch(/bookmark|\/2\/problems|OAuth2UserToken|x-problem|max_results/);
    }
  });

  it('keeps hostile spec strings inert and exact', async () => {
    const model = hostileModel(await loadProjectModel());
    const files = serverEmitter.emit(model, emitContext());
    for (const file of files) {
      // Parses, and the would-be injection is comment text only (gone once comments are stripped).
      const code = transformSync(file.contents, { loader: 'ts', format: 'esm' }).code;
      expect(code, file.path).not.toContain('pwned');
    }
    const table = buildApiTable(model);
    const op = table.operations.find((o) => o.operationId === 'findPostById')!;
    expect(op.path).toBe('/2/posts/{id}/`${x}`/"q"/\u2028');
    const api = files.find((f) => f.path === 'src/api.ts')!.contents;
    // The string literal's value, as the compiler reads it (printed in prettier's quotes, not JSON's).
    let literal: string | undefined;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.getText() === 'JSON.parse' && ts.isStringLiteral(node.arguments[0])) literal = node.arguments[0].text;
      else ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile('api.ts', api, ts.ScriptTarget.Latest, true));
    const parsed = JSON.parse(literal!);
    expect(parsed.operations.find((o: { operationId: string }) => o.operationId === 'findPostById').parameters.at(-1).name).toBe('__proto__');
  });

  it('reads problem types from x-problem-slug and the type pattern', async () => {
    const problems = problemsOf(await loadProjectModel());
    const notFound = problems.find((p) => p.slug === 'resource-not-found')!;
    expect(notFound).toMatchObject({ typePath: '/2/problems/resource-not-found', status: 404, constructorName: 'resourceNotFound', typeName: 'ResourceNotFoundProblem' });
    expect(problems.find((p) => p.slug === 'about:blank')).toMatchObject({ typePath: 'about:blank', statusRequired: true });
    expect(literalTail('/2/problems/a\\.b$')).toBe('/2/problems/a.b');
    expect(literalTail('/2/problems/[a-z]+$')).toBeUndefined();
  });

  it('finds the owner rule from the parameter extension', async () => {
    const table = buildApiTable(await loadProjectModel());
    expect(table.operations.find((o) => o.key === 'getUserBookmarks')?.ownerParameter).toBe('id');
    expect(table.operations.filter((o) => o.ownerParameter).map((o) => o.key)).toContain('getUserBookmarks');
  });
});
