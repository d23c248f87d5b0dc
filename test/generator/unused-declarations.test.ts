/**
 * Generated code compiles under `noUnusedLocals` and `noUnusedParameters`, the flags strict presets (Vite's
 * TypeScript templates, many company configs) set, since with `--layout files` users compile socialgen's
 * output as part of their own project. Every built-in target (the four defaults and every opt-in one in
 * the registry) is generated for the project spec, fixtures that reach the edges (no operations, no
 * schemas, no errors functions, pattern scans, enums and discriminators) and the small corpus specs, then
 * type-checked in one compiler run. What counts here is the unused-declaration findings only: the other
 * errors of the opt-in targets are their own tests' business (test/frontend/corpus.test.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUILTIN_TARGET_NAMES } from '../../generator/src/emit/registry.ts';
import { UNUSED_DECLARATION } from '../helpers/corpus-targets.ts';
import { generateInMemory, writeFiles } from '../helpers/generate.ts';
import { corpusDir, fixtureSpecsDir, projectSpec, repoRoot } from '../helpers/paths.ts';
import { STRICT_COMPILER_OPTIONS, typecheck, writeProject } from '../helpers/typecheck.ts';

const FIXTURES = ['additional-properties', 'adversarial', 'all-of', 'discriminator', 'enums', 'forms-30', 'int64', 'limits', 'parameters', 'type-arrays'].map((name) =>
  path.join(fixtureSpecsDir, `${name}.yaml`),
);
const CORPUS = [
  'petstore/petstore-3.0.openapi.yaml',
  'petstore/petstore-3.1.design-first.yaml',
  ...['api-with-examples', 'callback-example', 'petstore-expanded'].map((n) => `oai-examples/v3.0/${n}.yaml`),
  ...['non-oauth-scopes', 'webhook-example'].map((n) => `oai-examples/v3.1/${n}.yaml`),
]
  .map((spec) => path.join(corpusDir, spec))
  .filter((spec) => existsSync(spec));
const SPECS = [projectSpec, ...FIXTURES, ...CORPUS];

// Under the repository's ignored `.tmp/`, so that the opt-in targets' peer libraries resolve from its node_modules.
mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
const root = mkdtempSync(path.join(repoRoot, '.tmp', 'unused-declarations-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeAll(async () => {
  for (const [i, spec] of SPECS.entries()) writeFiles(path.join(root, String(i)), await generateInMemory(spec, BUILTIN_TARGET_NAMES, { format: false, layout: 'files' }));
}, 300_000);

it(`every built-in target (${BUILTIN_TARGET_NAMES.length}) on ${SPECS.length} specs: nothing declared, imported or taken that is never read`, () => {
  writeProject(root, ['*/**/*.ts'], { ...STRICT_COMPILER_OPTIONS, types: ['node'], noUnusedLocals: true, noUnusedParameters: true });
  const result = typecheck(root);
  // The compiler ran: no option or file error (TS5xxx, TS6xxx other than the unused-declaration findings).
  const setup = result.output.split('\n').filter((line) => /error TS[56]\d\d\d/.test(line) && !UNUSED_DECLARATION.test(line));
  expect(setup).toEqual([]);
  // Each finding with the spec its folder was generated from.
  const findings = result.output
    .split('\n')
    .filter((line) => UNUSED_DECLARATION.test(line))
    .map((line) => `${path.relative(repoRoot, SPECS[Number(/^(\d+)\//.exec(line)?.[1])] ?? '')}: ${line}`);
  expect(findings).toEqual([]);
}, 300_000);
