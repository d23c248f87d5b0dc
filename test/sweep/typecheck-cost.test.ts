/**
 * Strict tsc's cost on the output grows with its size, not faster (distilled from microsoft.com/graph in the
 * public API directory, `npm run sweep`: its 11,422 operations did not type-check in 1,139 s of CPU). The
 * validators' `_Validators<O extends T.Operations[keyof T.Operations]>` made tsc relate `T.Operations[K]` to
 * the union of every operation's entry, one member after the other, each a structural walk through the
 * entities the two entries reach: on Graph-shaped output (entities with optional members that refer to each
 * other) that is a walk per operation for each operation. At 40 operations of that shape strict tsc gave up
 * with "Excessive stack depth comparing types 'Operations[K]' and ..." (TS2321); on Graph it had not finished
 * after 1,139 s of CPU. The oracle is the TypeScript compiler: the output type-checks cleanly, and its own
 * deterministic counters (what `tsc --extendedDiagnostics` prints as "Assignability cache size", "Types" and
 * "Instantiations") grow at most about as fast as the operations. Wall time is never asserted.
 *
 * The second cost is tsc's control-flow analysis (typescript.js `checkIdentifier` → `getFlowTypeOfReference`
 * → `getTypeAtFlowNode`): for each reference to an import (`C` of `import * as C`, a named import) or to a
 * module constant in a top-level statement, it walks back through every earlier top-level `const` (each a
 * flow assignment) until it meets the constant's own declaration, for an import the module's start; nothing
 * is cached between references. A reference to a function declaration is not walked, nor one inside a
 * function (its walk ends at the function's start). A constant and its exports per operation, each referring
 * to the compiled checks (`C._e…`), cost Graph's 11,422 operations hundreds of seconds. tsc exposes no
 * counter of those steps, so `flowSteps` counts them on the module's syntax with the checker's symbols, and
 * the count must grow as the operations do, not as their square.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateResult, writeFiles } from '../helpers/generate.ts';
import { repoRoot, tempDir } from '../helpers/paths.ts';
import { STRICT_COMPILER_OPTIONS } from '../helpers/typecheck.ts';

const tmp = tempDir('socialgen-typecheck-cost-');
afterAll(() => tmp.remove());

/**
 * `n` paths of two operations in Graph's shape: each reads its own entity, every member optional, and the entities refer to
 * each other (`next`). Relating one operation's entry to another's then walks the entities they reach, so
 * relating an entry to the union of all of them costs tsc about `n` such walks for each operation.
 */
function spec(n: number): object {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {
    Problem: {
      type: 'object',
      required: ['type', 'title'],
      properties: {
        type: { type: 'string' },
        title: { type: 'string' },
        status: { type: 'integer' },
      },
    },
  };
  const json = (name: string) => ({
    'application/json': { schema: { $ref: `#/components/schemas/${name}` } },
  });
  const error = { description: 'failed', content: json('Problem') };
  const select = {
    name: '$select',
    in: 'query',
    schema: {
      type: 'array',
      items: { type: 'string', enum: ['id', 'name', 'next'] },
    },
  };
  for (let i = 0; i < n; i++) {
    schemas[`Entity${i}`] = {
      type: 'object',
      properties: {
        id: { type: 'string' },
        name: { type: 'string', maxLength: 40 },
        next: { $ref: `#/components/schemas/Entity${(i + 1) % n}` },
      },
    };
    paths[`/entities${i}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: `getEntity${i}`,
        parameters: [select],
        responses: {
          '200': { description: 'ok', content: json(`Entity${i}`) },
          '4XX': error,
          default: error,
        },
      },
      patch: {
        operationId: `updateEntity${i}`,
        requestBody: { required: true, content: json(`Entity${i}`) },
        responses: {
          '204': { description: 'done' },
          '4XX': error,
          default: error,
        },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Scaled', version: '1' },
    paths,
    components: { schemas },
  };
}

interface CheckerCounters {
  getRelationCacheSizes(): { assignable: number };
  getTypeCount(): number;
  getInstantiationCount(): number;
}

/**
 * The steps of tsc's flow walks for the references in a module's top-level statements (above): an import
 * costs every flow assignment before the statement, a constant those declared after it, a function nothing.
 */
function flowSteps(file: ts.SourceFile, checker: ts.TypeChecker): number {
  const declaredAt = new Map<ts.Symbol, number>();
  let assignments = 0;
  let steps = 0;
  const reference = (id: ts.Identifier) => {
    const symbol = checker.getSymbolAtLocation(id);
    if (!symbol) return;
    if (symbol.flags & ts.SymbolFlags.Alias) steps += assignments;
    else if (declaredAt.has(symbol)) steps += assignments - declaredAt.get(symbol)!;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node) || ts.isTypeNode(node)) return;
    if (ts.isIdentifier(node)) return reference(node);
    if (ts.isPropertyAccessExpression(node)) return visit(node.expression);
    if (ts.isPropertyAssignment(node)) return visit(node.initializer);
    if (ts.isVariableDeclaration(node) || ts.isBindingElement(node)) return;
    ts.forEachChild(node, visit);
  };
  const declare = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) declaredAt.set(checker.getSymbolAtLocation(name)!, assignments++);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) declare(element.name);
  };
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) continue;
    if (!ts.isVariableStatement(statement)) {
      visit(statement);
      continue;
    }
    for (const d of statement.declarationList.declarations) {
      if (d.initializer) visit(d.initializer);
      declare(d.name);
    }
  }
  return steps;
}

/** The validators modules whose top-level statements grow with the spec. */
const MODULES = ['operations', 'schemas', 'standard-schema', 'compiled'] as const;

interface Cost {
  flow: Record<(typeof MODULES)[number], number>;
  diagnostics: string[];
  assignable: number;
  types: number;
  instantiations: number;
}

/** Strict tsc (the sweep's options) over the validators package of `n` paths (2n operations), with its counters. */
async function cost(n: number): Promise<Cost> {
  const dir = path.join(tmp.dir, `n${n}`);
  const specPath = path.join(tmp.dir, `n${n}.json`);
  writeFileSync(specPath, JSON.stringify(spec(n)));
  const result = await generateResult(specPath, ['types', 'validators'], {
    layout: 'files',
  });
  writeFiles(dir, result.files);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  const parsed = ts.convertCompilerOptionsFromJson(
    {
      ...STRICT_COMPILER_OPTIONS,
      noUncheckedIndexedAccess: true,
      typeRoots: [path.join(repoRoot, 'node_modules/@types')],
    },
    dir,
  );
  const program = ts.createProgram([path.join(dir, 'validators/index.ts')], parsed.options);
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  // The counters tsc --extendedDiagnostics prints: on the checker, outside TypeScript's public declarations.
  const checker = program.getTypeChecker() as unknown as CheckerCounters;
  const flow = Object.fromEntries(MODULES.map((m) => [m, flowSteps(program.getSourceFile(path.join(dir, `validators/${m}.ts`))!, program.getTypeChecker())])) as Cost['flow'];
  return {
    flow,
    diagnostics,
    assignable: checker.getRelationCacheSizes().assignable,
    types: checker.getTypeCount(),
    instantiations: checker.getInstantiationCount(),
  };
}

const SMALL = 20;
const LARGE = 80;
let small: Cost;
let large: Cost;
beforeAll(async () => {
  small = await cost(SMALL);
  large = await cost(LARGE);
}, 240_000);

describe('strict tsc on generated validators', () => {
  it('type-checks cleanly at both sizes', () => {
    expect(small.diagnostics).toEqual([]);
    expect(large.diagnostics).toEqual([]);
  });

  // 4 times the operations; a linear cost is at most 4 times (plus the fixed runtime), a quadratic one 16 times.
  it.each(['assignable', 'types', 'instantiations'] as const)('%s grows linearly with the operations', (counter) => {
    const ratio = large[counter] / small[counter];
    expect(ratio, `${counter}: ${small[counter]} at ${SMALL} paths, ${large[counter]} at ${LARGE}`).toBeLessThanOrEqual(
      (LARGE / SMALL) * 1.25,
    );
  });

  // A statement per operation that refers to an import made these 16 times (and Graph's 11,422 operations
  // hundreds of seconds); the module's fixed part keeps a linear count from reaching 4 times exactly.
  it.each(MODULES)('the flow walks of %s.ts grow linearly with the operations', (module) => {
    const ratio = large.flow[module] / Math.max(small.flow[module], 1);
    expect(ratio, `${module}.ts: ${small.flow[module]} steps at ${SMALL} paths, ${large.flow[module]} at ${LARGE}`).toBeLessThanOrEqual((LARGE / SMALL) * 1.25);
  });
});
