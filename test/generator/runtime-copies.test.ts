/**
 * The goldens keep a record of the runtime code a package carries instead of its text
 * (test/helpers/runtime-copies.ts): that record is only as good as the check behind it, so the check is
 * shown to fail on a copy that is not its source, whole-module, declaration by declaration, or copied whole
 * into a module that also holds generated statements.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateInMemory } from '../helpers/generate.ts';
import { fixtureSpecsDir, repoRoot } from '../helpers/paths.ts';
import { runtimeCopies } from '../helpers/runtime-copies.ts';

const files = await generateInMemory(`${fixtureSpecsDir}/enums.yaml`, ['validators', 'client', 'server']);
const changed = (file: string, edit: (text: string) => string) => new Map([...files].map(([f, text]) => [f, f === file ? edit(text) : text]));

describe('runtime copies in the goldens', () => {
  it('records every runtime copy of the packages, and leaves what the spec decides to the full goldens', () => {
    const { manifest, files: covered } = runtimeCopies(repoRoot, files);
    expect(covered).toContain('validators/src/runtime.ts');
    expect(covered).toContain('client/src/runtime/core.ts');
    expect(covered).toContain('server/src/runtime/core.ts');
    expect(covered).not.toContain('server/src/runtime/contract.ts');
    expect(covered).not.toContain('validators/src/compiled.ts');
    // The validators' public API first, from public.ts, then the helpers the compiled code uses.
    expect(manifest).toMatch(/validators\/src\/runtime\.ts: [\s\S]*\n {2}generator\/src\/emit\/validators\/runtime\/public\.ts sha256:[0-9a-f]{16}\n {4}ValidationError\n/);
    expect(manifest).toMatch(/\n {2}core\.ts = generator\/src\/emit\/client\/runtime\/core\.ts sha256:[0-9a-f]{16}\n/);
  });

  it('fails on a whole-module copy that is not its source', () => {
    expect(() => runtimeCopies(repoRoot, changed('client/src/runtime/core.ts', (t) => t.replace('export', 'export /* edited */')))).toThrow(
      'client/src/runtime/core.ts: not its header and a verbatim copy of generator/src/emit/client/runtime/core.ts',
    );
  });

  it('fails on a helper declaration that is not its source', () => {
    expect(() => runtimeCopies(repoRoot, changed('validators/src/runtime.ts', (t) => t.replace('export const _has = Object.prototype.hasOwnProperty;', 'export const _has = Object.prototype.propertyIsEnumerable;')))).toThrow(
      'validators/src/runtime.ts: _has is not a verbatim copy',
    );
  });

  it('fails on code in a runtime copy that comes from nowhere', () => {
    expect(() => runtimeCopies(repoRoot, changed('validators/src/runtime.ts', (t) => `${t}\nexport const extra = 1;\n`))).toThrow('validators/src/runtime.ts: extra is not a verbatim copy');
  });

  const STANDARD_SCHEMA = 'validators/src/standard-schema.ts';
  const OPERATIONS = 'validators/src/operations.ts';
  const source = (file: string) => readFileSync(path.join(repoRoot, 'generator/src/emit/validators/runtime', file), 'utf8');

  it('cuts a runtime module copied whole out of a mixed module, records it, and keeps the generated statements', () => {
    const { manifest, files: covered, goldens } = runtimeCopies(repoRoot, files);
    for (const [file, module, first, generated] of [
      [STANDARD_SCHEMA, 'standard-schema.ts', 'export interface StandardSchemaV1', /^export const \w+Schema = \/\* @__PURE__ \*\/ _schema\(/m],
      [OPERATIONS, 'operations-module.ts', 'export interface _OperationTypes', /^function _operation</m],
    ] as const) {
      expect(covered).not.toContain(file);
      const golden = goldens.get(file)!;
      expect(files.get(file)).toContain(first);
      expect(golden).not.toContain(first);
      expect(golden).toMatch(generated);
      expect(golden).toContain(`// 5 declarations of generator/src/emit/validators/runtime/${module}, as written there (runtime-copies.txt)\n`);
      // What was cut is exactly the source's declarations, from the first doc comment to the end.
      const text = source(module);
      const copied = text.slice(text.indexOf('\n/**', text.lastIndexOf('\nimport ')) + 1).trimEnd();
      expect(files.get(file)!.replace(copied, '')).toBe(golden.replace(/^\/\/ \d+ declarations of .*$/m, ''));
      expect(manifest).toContain(`${file}: in its golden, but for this copy (a comment line stands where it is):\n  generator/src/emit/validators/runtime/${module} sha256:`);
    }
  });

  it('fails on a declaration of a mixed module\'s copy that is not its source', () => {
    expect(() => runtimeCopies(repoRoot, changed(STANDARD_SCHEMA, (t) => t.replace('function _path(value: unknown, pointer: string)', 'function _path(value: unknown, pointer: string, extra?: 1)')))).toThrow(
      'validators/src/standard-schema.ts: _path is not a verbatim copy of generator/src/emit/validators/runtime/standard-schema.ts',
    );
    expect(() => runtimeCopies(repoRoot, changed(OPERATIONS, (t) => t.replace('function _token(key: string): string {', 'function _token(key: string): string {\n  key = key.trim();')))).toThrow(
      'validators/src/operations.ts: _token is not a verbatim copy of generator/src/emit/validators/runtime/operations-module.ts',
    );
  });

  it('fails on a mixed module\'s copy with a declaration left out, or with a comment between its declarations that the source has not', () => {
    expect(() => runtimeCopies(repoRoot, changed(OPERATIONS, (t) => t.replace(/\ntype _At = [^\n]*\n/, '\n')))).toThrow('validators/src/operations.ts: _At is not a verbatim copy');
    expect(() => runtimeCopies(repoRoot, changed(STANDARD_SCHEMA, (t) => t.replace('\n/** A JSON pointer into', '\n// edited\n/** A JSON pointer into')))).toThrow(
      'validators/src/standard-schema.ts: the text between the declarations of generator/src/emit/validators/runtime/standard-schema.ts is not as written there',
    );
  });
});
