/**
 * Annotations of the wrong kind in a 3.1 schema (distilled from codat.io/assess in the public API directory,
 * `npm run sweep`): `examples` written as an OpenAPI Examples map crashed the types' JSDoc. The model drops
 * each such annotation with a warning at its file:line:column, and the output of every default target
 * type-checks strictly.
 *
 * Independent oracles: Ajv 2020's own meta-schema validation names the same keywords as invalid, and Ajv on
 * the unmodified schema gives the generated validator's verdict (an annotation changes none).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { generateResult, writeFiles } from '../helpers/generate.ts';
import { importTypeScript } from '../helpers/import-ts.ts';
import { repoRoot, tempDir } from '../helpers/paths.ts';
import { typecheck, writeProject } from '../helpers/typecheck.ts';
import type { GenerateResult } from '../../generator/src/pipeline.ts';

const fixture = path.join(repoRoot, 'test/fixtures/directory/annotation-kinds.yaml');
const text = readFileSync(fixture, 'utf8');
const raw = (parse(text) as { components: { schemas: { ExcelStatus: Record<string, unknown> } } }).components.schemas.ExcelStatus;
const tmp = tempDir('socialgen-annotation-kinds-');
afterAll(() => tmp.remove());

let result: GenerateResult;
beforeAll(async () => {
  result = await generateResult(fixture, ['types', 'validators', 'client', 'server'], { layout: 'files' });
});

describe('annotations of the wrong kind', () => {
  it('are each reported once as a warning at the keyword, the keywords Ajv\'s meta-schema rejects', () => {
    const warnings = result.warnings.filter((w) => w.code === 'schema-invalid');
    expect(warnings.every((w) => w.severity === 'warning' && path.basename(w.file!) === 'annotation-kinds.yaml')).toBe(true);
    const at = warnings.map((w) => `${w.line}:${w.column} ${w.pointer}`).sort();
    const base = '/components/schemas/ExcelStatus';
    expect(at).toEqual(
      [
        `${place('examples:', 'examples')} ${base}/examples`,
        `${place('inProgress:', 'title')} ${base}/properties/inProgress/title`,
        `${place('inProgress:', 'readOnly')} ${base}/properties/inProgress/readOnly`,
        `${place('fileSize:', 'description')} ${base}/properties/fileSize/description`,
        `${place('fileSize:', 'deprecated')} ${base}/properties/fileSize/deprecated`,
        `${place('fileSize:', 'writeOnly')} ${base}/properties/fileSize/writeOnly`,
      ].sort(),
    );
    expect(warnings.find((w) => w.pointer === `${base}/examples`)!.message).toBe('examples must be an array, found an object; it is ignored');

    // Ajv's 2020-12 meta-schema: the same places, and nothing else (label's examples and title are fine).
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    expect(ajv.validateSchema(raw)).toBe(false);
    const rejected = new Set(ajv.errors!.map((e) => e.instancePath.replace(/\/\d+$/, '')));
    expect([...rejected].map((p) => `${base}${p}`).sort()).toEqual(warnings.map((w) => w.pointer).sort());
  });

  it('keeps the annotations of the right kind', () => {
    const types = result.files.get('types/schemas.ts')!;
    expect(types).toContain('@example "draft"');
    expect(types).toContain('Label');
    expect(types).not.toContain('Example 1');
  });

  it('the output of every default target type-checks under strict tsc', () => {
    writeFiles(tmp.dir, result.files);
    writeProject(tmp.dir, ['**/*.ts'], { types: ['node'], typeRoots: [path.join(repoRoot, 'node_modules/@types')], noUncheckedIndexedAccess: true });
    const checked = typecheck(tmp.dir);
    expect(checked.output).toBe('');
    expect(checked.ok).toBe(true);
  }, 240_000);

  it('the validator gives Ajv\'s verdict on the unmodified schema', async () => {
    const sources = new Map([...result.files].filter(([p]) => p.startsWith('validators/') || p.startsWith('types/')));
    const { validateExcelStatus } = (await importTypeScript(sources, 'validators/index.ts')) as Record<string, (v: unknown) => { valid: boolean }>;
    const oracle = new Ajv2020({ strict: false, validateSchema: false }).compile(raw);
    const values = [{ inProgress: true, fileSize: 0 }, { inProgress: false, label: 'final' }, {}, { inProgress: 'yes' }, { inProgress: true, fileSize: -1 }, { inProgress: true, fileSize: 1.5 }, { inProgress: true, label: 3 }, [], null];
    const verdicts = values.map((v) => validateExcelStatus!(v).valid);
    expect(verdicts).toEqual(values.map((v) => oracle(v)));
    expect(verdicts.filter(Boolean)).toHaveLength(2);
  });
});

/** `line:column` of `keyword` on the fixture's first line that starts with `anchor` (a keyword is placed at its key). */
function place(anchor: string, keyword: string): string {
  const lines = text.split('\n');
  const index = lines.findIndex((l) => l.trim().startsWith(anchor));
  if (index < 0) throw new Error(`${anchor} not in the fixture`);
  const column = keyword === anchor.replace(/:$/, '') ? lines[index]!.indexOf(keyword) : lines[index]!.indexOf(`${keyword}:`);
  return `${index + 1}:${column + 1}`;
}
