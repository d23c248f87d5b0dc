/**
 * generator/src is layered (issue 25): no import cycle across folders (type-only imports count; a folder's
 * own files may recurse into each other), and no emitter imports the write stage (emitters return files;
 * write/ formats and writes them). The check runs dpdm's import graph through test/helpers/layers.ts, and is
 * shown to fail on the cycles and imports it exists to keep out, put back into the real graph.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { crossFolderCycles, importGraph, importsBetween, without, type Edge } from '../helpers/layers.ts';
import { repoRoot } from '../helpers/paths.ts';

/**
 * Known and being removed by other parts of issue 25, each named by the exact edge: delete an entry once its
 * move has landed (the test then keeps the edge out).
 */
const PENDING: readonly Edge[] = [
];
let edges: Edge[];
beforeAll(async () => {
  const graph = await importGraph(repoRoot, 'generator/src');
  expect(graph.unresolved).toEqual([]);
  edges = graph.edges;
}, 60_000);

const checked = (list: readonly Edge[]) => without(list, PENDING);

describe('layers of generator/src', () => {
  it('reads the whole import graph, type-only imports included', () => {
    expect(new Set(edges.map(([from]) => from)).size).toBeGreaterThan(200);
    // A value import, a type-only import and a dynamic import the check must see.
    expect(edges).toContainEqual(['emit/emitter.ts', 'codegen/printer.ts']);
    expect(edges).toContainEqual(['write/format.ts', 'emit/emitted-file.ts']);
    // (a dynamic import of typescript.mjs, which dpdm resolves to its declarations)
    expect(edges).toContainEqual(['write/format.ts', 'codegen/typescript.d.mts']);
  });

  it('has no import cycle across folders', () => {
    expect(crossFolderCycles(checked(edges))).toEqual([]);
  });

  it('no emitter imports the write stage', () => {
    expect(importsBetween(edges, 'emit', 'write')).toEqual([]);
  });

  it('the pending allowances still name real edges (delete them once their move has landed)', () => {
    for (const edge of PENDING) expect(edges).toContainEqual(edge);
  });
});

describe('the layers check fails on what it keeps out', () => {
  it('the knot of issue 25: the printer importing the write stage', () => {
    const problems = crossFolderCycles(checked([...edges, ['codegen/printer.ts', 'write/format.ts']]));
    expect(problems).toContain('codegen/printer.ts -> write/format.ts (in .: codegen/ -> write/)');
    expect(problems).toContain('write/format.ts -> codegen/layout-options.ts (in .: write/ -> codegen/)');
  });

  it("the model's types importing the facts they name", () => {
    const problems = crossFolderCycles(checked([...edges, ['model/types.ts', 'model/facts/index.ts']]));
    expect(problems).toContain('model/types.ts -> model/facts/index.ts (in model: types.ts -> facts/)');
  });

  it('a keyword compiler importing its dispatcher back (it gets the dispatcher through its context argument)', () => {
    expect(edges).toContainEqual(['emit/validators/compile/node.ts', 'emit/validators/compile/keywords/ref.ts']);
    const problems = crossFolderCycles(checked([...edges, ['emit/validators/compile/keywords/ref.ts', 'emit/validators/compile/node.ts']]));
    expect(problems).toContain('emit/validators/compile/keywords/ref.ts -> emit/validators/compile/node.ts (in emit/validators/compile: keywords/ -> node.ts)');
  });

  it('an emitter importing write/', () => {
    expect(importsBetween([...edges, ['emit/client/pretty.ts', 'write/format.ts']], 'emit', 'write')).toEqual([['emit/client/pretty.ts', 'write/format.ts']]);
  });

  it('a cycle between sibling folders, and not mutual recursion inside one folder', () => {
    const siblings: Edge[] = [
      ['a/x.ts', 'b/y.ts'],
      ['b/y.ts', 'b/z.ts'],
      ['b/z.ts', 'a/deep/w.ts'],
      ['a/deep/w.ts', 'a/x.ts'],
    ];
    expect(crossFolderCycles(siblings)).toEqual(['a/x.ts -> b/y.ts (in .: a/ -> b/)', 'b/z.ts -> a/deep/w.ts (in .: b/ -> a/)']);
    expect(crossFolderCycles([['a/x.ts', 'a/y.ts'], ['a/y.ts', 'a/x.ts'], ['a/y.ts', 'b/z.ts']])).toEqual([]);
  });
});
