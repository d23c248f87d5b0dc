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

interface Cost {
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
  return {
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
});
