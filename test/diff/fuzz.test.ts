/**
 * Random contract edits on the Petstore spec (removing an operation, adding a required parameter, removing or
 * retyping a property of a component): the diff never throws, always finds the edit, and never reports a
 * breaking change for the unedited copy.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffSides, loadSide, sideSource, type SideModel } from '../../generator/src/diff/index.ts';
import { corpusDir } from '../helpers/paths.ts';

const SPEC = path.join(corpusDir, 'petstore/petstore-3.0.openapi.yaml');
const dir = mkdtempSync(path.join(tmpdir(), 'socialgen-diff-fuzz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let base: SideModel;
let original: Doc;

beforeAll(async () => {
  base = await loadSide(sideSource(SPEC), 'base');
  original = base.spec.document as Doc;
});

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function edit(doc: Doc, kind: number, pick: number): string {
  const ops: Array<[string, string]> = [];
  for (const [p, item] of Object.entries(doc.paths as Doc)) for (const m of METHODS) if ((item as Doc)[m]) ops.push([p, m]);
  const schemas = Object.entries(doc.components.schemas as Doc).filter(([, s]) => s.properties && Object.keys(s.properties).length);
  switch (kind) {
    case 0: {
      const [p, m] = ops[pick % ops.length];
      delete doc.paths[p][m];
      return `removed ${m} ${p}`;
    }
    case 1: {
      const [p, m] = ops[pick % ops.length];
      (doc.paths[p][m].parameters ??= []).push({ name: `fuzz${pick}`, in: 'query', required: true, schema: { type: 'string' } });
      return `required parameter on ${m} ${p}`;
    }
    case 2: {
      const [key, s] = schemas[pick % schemas.length];
      const names = Object.keys(s.properties);
      const name = names[pick % names.length];
      delete s.properties[name];
      if (Array.isArray(s.required)) s.required = s.required.filter((r: string) => r !== name);
      return `removed ${key}.${name}`;
    }
    default: {
      const [key, s] = schemas[pick % schemas.length];
      const names = Object.keys(s.properties);
      const name = names[pick % names.length];
      s.properties[name] = { type: s.properties[name]?.type === 'boolean' ? 'integer' : 'boolean' };
      return `retyped ${key}.${name}`;
    }
  }
}

describe('random edits', () => {
  it('finds every edit without throwing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 }), fc.nat(1000), async (kind, pick) => {
        const doc = structuredClone(original);
        const what = edit(doc, kind, pick);
        const file = path.join(dir, `edit-${kind}-${pick}.json`);
        writeFileSync(file, JSON.stringify(doc));
        const result = diffSides(base, await loadSide(sideSource(file), 'head'), { now: new Date('2025-06-01T00:00:00Z') });
        expect([what, result.changes.length > 0]).toEqual([what, true]);
        if (kind === 0 || kind === 1) expect([what, result.summary.breaking > 0]).toEqual([what, true]);
      }),
      { numRuns: 40 },
    );
  });

  it('reports nothing for an unedited copy', async () => {
    const file = path.join(dir, 'copy.json');
    writeFileSync(file, JSON.stringify(original));
    const result = diffSides(base, await loadSide(sideSource(file), 'head'));
    expect(result.changes).toEqual([]);
  });
});
