/**
 * The type names `summary.exports.types` lists are what a consumer of the generated types package writes:
 * each one, prefixed by the package namespace, must type-check against the types generated from the side
 * it comes from (added and changed: head; removed: base). Per-operation types are reached through the
 * `Operations` map; there is no top-level `CreatePostResponse` alias to name.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffSpecs } from '../../generator/src/diff/index.ts';
import { operationTypeName } from '../../generator/src/diff/operations.ts';
import { generateResult, writeFiles } from '../helpers/generate.ts';
import { tempDir } from '../helpers/paths.ts';
import { typecheck, writeProject } from '../helpers/typecheck.ts';

const REPO = path.resolve(__dirname, '../..');
const PAIRS = [
  { name: 'showcase', base: 'test/fixtures/diff/_showcase/base.yaml', head: 'test/fixtures/diff/_showcase/head.yaml' },
  { name: 'property-added-required', base: 'test/fixtures/diff/property-added-required/base.yaml', head: 'test/fixtures/diff/property-added-required/head.yaml' },
  { name: 'endpoint-added', base: 'test/fixtures/diff/endpoint-added/base.yaml', head: 'test/fixtures/diff/endpoint-added/head.yaml' },
];

const tmp = tempDir('socialgen-diff-labels-');
afterAll(() => tmp.remove());

describe('diff: the changed exports are named as a consumer names them', () => {
  it('names per-operation types through the Operations map, as the types target spells them', async () => {
    const result = await diffSpecs(PAIRS[1].base, PAIRS[1].head, { cwd: REPO });
    expect(result.summary.exports.types).toEqual({
      added: [],
      removed: [],
      changed: ['Operations["createItem"]["requestBody"]', 'Operations["createItem"]["response"]', 'Operations["createItem"]["responses"]'],
    });
    const { model } = (await generateResult(path.join(REPO, PAIRS[1].head), ['types'])).loaded;
    const op = model.operations.find((o) => o.operationId === 'createItem')!;
    expect(result.summary.exports.types.changed).toContain(operationTypeName(op, 'requestBody'));
  });

  it('every label type-checks against the generated types of its side (one tsc run)', async () => {
    const lines = new Map<string, string[]>();
    let count = 0;
    for (const pair of PAIRS) {
      const { types } = (await diffSpecs(pair.base, pair.head, { cwd: REPO })).summary.exports;
      for (const [side, labels] of [['head', [...types.added, ...types.changed]], ['base', types.removed]] as const) {
        if (!labels.length) continue;
        const dir = `${pair.name}-${side}`;
        const generated = await generateResult(path.join(REPO, pair[side]), ['types']);
        writeFiles(path.join(tmp.dir, dir), [...generated.files].filter(([p]) => p.startsWith('types/src/')));
        lines.set(dir, ["import type * as T from './types/src/index.js';", ...labels.map((label, i) => `export type L${i} = T.${label};`)]);
        count += labels.length;
      }
    }
    // The pairs name operations' types (not only component types), so the check is about the Operations map.
    expect([...lines.values()].flat().filter((l) => l.includes('T.Operations[')).length).toBeGreaterThan(10);
    for (const [dir, text] of lines) writeFileSync(path.join(tmp.dir, dir, 'labels.ts'), text.join('\n') + '\n');
    mkdirSync(tmp.dir, { recursive: true });
    writeProject(tmp.dir, ['*/types/src/**/*.ts', '*/labels.ts']);
    const run = typecheck(tmp.dir);
    expect(run.output.split('\n').filter((l) => l.includes('labels.ts'))).toEqual([]);
    expect(run.ok, run.output.slice(0, 3000)).toBe(true);
    expect(count).toBeGreaterThan(15);
  });
});
