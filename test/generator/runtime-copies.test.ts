/**
 * The goldens keep a record of the runtime code a package carries instead of its text
 * (test/helpers/runtime-copies.ts): that record is only as good as the check behind it, so the check is
 * shown to fail on a copy that is not its source, whole-module or declaration by declaration.
 */
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
});
