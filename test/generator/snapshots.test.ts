/**
 * Golden files: every feature fixture's packages for every target (`types`, `validators`, `client`,
 * `server`), generated as `socialgen generate` would (prettier on), are compared file by file with
 * `__snapshots__/<fixture>/`. Runtime code copied from generator/src (the client's and server's
 * `src/runtime/` modules, the helpers and formats of the validators' `src/runtime.ts` and `src/formats.ts`,
 * the runtime modules copied whole into the validators' `src/standard-schema.ts` and `src/operations.ts`;
 * unit-tested on their own) is checked to be exactly its source and recorded, not repeated: which code each
 * file carries and the hash of its source, in `__snapshots__/<fixture>/runtime-copies.txt`
 * (test/helpers/runtime-copies.ts). LICENSE and tsconfig.json, the same for every spec, are left out. Then the types outputs are type-checked together
 * in ONE strict `tsc --noEmit` run, along with each fixture's `<name>.check.ts` (type-level facts with
 * `@ts-expect-error` lines), and imported at run time to compare every `...Values` array with the spec.
 *
 * Update the goldens with `npx vitest run test/generator -u` and review the diff.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GenerateResult } from '../../generator/src/pipeline.ts';
import { getAtPointer } from '../../generator/src/load/pointer.ts';
import { featureFixtures } from '../helpers/fixtures.ts';
import { generateResult, readTree, writeFiles, type TargetName } from '../helpers/generate.ts';
import { importTypeScript } from '../helpers/import-ts.ts';
import { repoRoot, tempDir } from '../helpers/paths.ts';
import { runtimeCopies } from '../helpers/runtime-copies.ts';
import { typecheck, writeProject } from '../helpers/typecheck.ts';

const fixtures = featureFixtures();
const TARGETS: TargetName[] = ['types', 'validators', 'client', 'server'];

/** Package files that are the same for every spec (see the header). */
function boilerplate(file: string): boolean {
  return /^[^/]+\/(LICENSE|tsconfig\.json)$/.test(file);
}
/** The golden that records the runtime copies of a fixture's packages. */
const COPIES = 'runtime-copies.txt';
const results = new Map<string, GenerateResult>();
const snapshotsDir = path.join(import.meta.dirname, '__snapshots__');

describe('feature fixtures: output of every target', () => {
  it('has the fixtures the suite is about', () => {
    const names = fixtures.map((f) => f.name);
    for (const expected of ['adversarial', 'additional-properties', 'all-of', 'defs', 'discriminator', 'enums', 'limits', 'nullable', 'parameters', 'read-write', 'recursion', 'split', 'type-arrays']) {
      expect(names).toContain(expected);
    }
  });

  for (const f of fixtures) {
    it(`${f.name}: every file matches its golden`, async () => {
      const result = await generateResult(f.spec, TARGETS);
      results.set(f.name, result);
      const copies = runtimeCopies(repoRoot, result.files);
      const golden = [...result.files].filter(([file]) => !boilerplate(file) && !copies.files.has(file));
      for (const [file, contents] of golden) {
        await expect(copies.goldens.get(file) ?? contents).toMatchFileSnapshot(`__snapshots__/${f.name}/${file}`);
      }
      await expect(copies.manifest).toMatchFileSnapshot(`__snapshots__/${f.name}/${COPIES}`);
      // No golden left behind by a file the generator no longer writes.
      const goldenDir = path.join(snapshotsDir, f.name);
      const goldens = existsSync(goldenDir) ? [...readTree(goldenDir).keys()] : [];
      const written = new Set([...golden.map(([file]) => file), COPIES]);
      expect(goldens.filter((g) => !written.has(g)), `obsolete goldens in __snapshots__/${f.name}/ (delete them)`).toEqual([]);
    });
  }

  const tmp = tempDir('socialgen-goldens-');
  afterAll(() => tmp.remove());

  it('every golden passes one strict tsc --noEmit run, with each fixture\'s type-level checks', () => {
    const missing = fixtures.filter((f) => !results.has(f.name)).map((f) => f.name);
    for (const f of fixtures) {
      const result = results.get(f.name);
      if (!result) continue;
      const dir = path.join(tmp.dir, f.name);
      writeFiles(dir, [...result.files].filter(([file]) => file.startsWith('types/')));
      if (f.check) copyFileSync(f.check, path.join(dir, 'check.ts'));
    }
    mkdirSync(tmp.dir, { recursive: true });
    writeProject(tmp.dir, ['*/types/src/**/*.ts', '*/check.ts']);
    const run = typecheck(tmp.dir);
    const byFixture: Record<string, string[]> = {};
    for (const [file, errors] of run.errorsByFile) (byFixture[file.split(/[\\/]/)[0]] ??= []).push(...errors);
    expect(byFixture, run.output).toEqual({});
    expect(run.ok, run.output).toBe(true);
    expect(missing, 'fixtures that did not generate (see their own failures)').toEqual([]);
  });

  it('every `...Values` array equals the enum the spec lists (imported at run time); importing runs nothing else', async () => {
    const problems: string[] = [];
    for (const f of fixtures) {
      const result = results.get(f.name);
      if (!result) continue;
      const { model, spec } = result.loaded;
      const sources = new Map([...result.files].filter(([p]) => p.startsWith('types/src/')));
      const mod = await importTypeScript(sources, 'types/src/index.ts');
      const expectedNames = new Set<string>();
      for (const named of model.schemas) {
        const raw = getAtPointer(spec.document, named.pointer) as Record<string, unknown> | undefined;
        if (!raw || typeof raw !== 'object' || !Array.isArray(raw.enum) || raw.$ref || raw.allOf || raw.oneOf || raw.anyOf) continue;
        // OpenAPI 3.0: `nullable: true` adds null to the allowed values (3.0.3, "nullable").
        const values = spec.version === '3.0' && raw.nullable === true && !raw.enum.includes(null) ? [...raw.enum, null] : raw.enum;
        const name = `${named.typeName}Values`;
        expectedNames.add(name);
        try {
          expect(mod[name], `${f.name}: ${name}`).toStrictEqual(values);
        } catch (error) {
          problems.push((error as Error).message);
        }
      }
      const actualNames = Object.keys(mod).filter((k) => k.endsWith('Values'));
      try {
        expect(new Set(actualNames), `${f.name}: exported Values arrays`).toEqual(expectedNames);
      } catch (error) {
        problems.push((error as Error).message);
      }
    }
    expect(problems).toEqual([]);
    expect((globalThis as Record<string, unknown>).pwned).toBeUndefined();
  });
});
