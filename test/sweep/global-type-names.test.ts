/**
 * Schema and operation names that are TypeScript's global types (distilled from ebay.com/sell-analytics in
 * the public API directory, `npm run sweep`): `export interface Record` hid the global `Record<K, V>` the
 * same module uses for free-form objects, and strict tsc failed (TS2315). The name planner takes those
 * names as collisions; the oracle is the TypeScript compiler on the output, with `dates: Date` too.
 * Likewise the names the types package declares itself (whatsapp.local: a schema `Webhooks` beside the
 * package's map of webhooks and callbacks, also `Webhooks`: TS2308, TS2536, TS2339).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateResult, writeFiles } from '../helpers/generate.ts';
import { repoRoot, tempDir } from '../helpers/paths.ts';
import { typecheck, writeProject } from '../helpers/typecheck.ts';
import type { GenerateResult } from '../../generator/src/pipeline.ts';

const fixture = path.join(repoRoot, 'test/fixtures/directory/global-type-names.yaml');
const tmp = tempDir('socialgen-global-type-names-');
afterAll(() => tmp.remove());

let plain: GenerateResult;
let dated: GenerateResult;
beforeAll(async () => {
  plain = await generateResult(fixture, ['types', 'client', 'validators'], { layout: 'files' });
  dated = await generateResult(fixture, ['types', 'client', 'validators'], { layout: 'files', dates: 'Date' });
});

describe('schemas named like TypeScript global types', () => {
  it('are declared under suffixed names, and the globals stay visible', () => {
    const schemas = plain.files.get('types/schemas.ts')!;
    for (const name of ['Record', 'Blob', 'Date']) {
      expect(schemas).not.toMatch(new RegExp(`export (interface|type) ${name}\\b`));
      expect(schemas).toMatch(new RegExp(`export (interface|type) ${name}2\\b`));
    }
    expect(schemas).toContain('Record<string, unknown>');
  });

  it("a schema named like the package's own Webhooks map is suffixed, and the map keeps its name", () => {
    const schemas = plain.files.get('types/schemas.ts')!;
    expect(schemas).not.toMatch(/export (interface|type) Webhooks\b/);
    expect(schemas).toMatch(/export (interface|type) Webhooks2\b/);
    expect(plain.files.get('types/webhooks.ts')).toMatch(/export interface Webhooks \{/);
  });

  it('the output type-checks under strict tsc, with dates as strings and as Date', () => {
    writeFiles(path.join(tmp.dir, 'plain'), plain.files);
    writeFiles(path.join(tmp.dir, 'dated'), dated.files);
    writeProject(tmp.dir, ['**/*.ts'], { types: ['node'], typeRoots: [path.join(repoRoot, 'node_modules/@types')], noUncheckedIndexedAccess: true });
    const checked = typecheck(tmp.dir);
    expect(checked.output).toBe('');
    expect(checked.ok).toBe(true);
  }, 240_000);
});
