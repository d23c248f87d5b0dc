/**
 * Helpers pulled in by use: the runtime library splits its real modules into declarations, finds each
 * one's dependencies from its code, and a module gets exactly the closure of what it uses.
 */
import { describe, expect, it } from 'vitest';
import { HELPERS } from '../../../generator/src/emit/validators/runtime/helpers/index.ts';
import { FORMATS, stringFormats } from '../../../generator/src/emit/validators/runtime/formats/index.ts';
import { splitDeclarations } from '../../../generator/src/emit/validators/runtime/library.ts';

describe('splitDeclarations', () => {
  it('keeps doc comments with their declaration and drops the module comment and imports', () => {
    const parts = splitDeclarations(`/** Module. */\nimport { x } from './x.ts';\n\n/** Doc of a. */\nexport function a(): number {\n  return b;\n}\n\nconst b = 1;\n\nexport interface C {\n  n: number;\n}\n`);
    expect(parts.map((p) => [p.name, p.kind, p.exported, p.typeOnly])).toEqual([
      ['a', 'function', true, false],
      ['b', 'const', false, false],
      ['C', 'interface', true, true],
    ]);
    expect(parts[0].text).toBe('/** Doc of a. */\nexport function a(): number {\n  return b;\n}');
  });
});

describe('the helpers library', () => {
  it('finds dependencies in the code (across modules), not in comments', () => {
    const names = (list: { name: string }[]) => list.map((d) => d.name);
    expect(names(HELPERS.close(['_inc']))).toEqual(['_has', '_eq', '_inc']);
    expect(names(HELPERS.close(['_respond']))).toEqual(expect.arrayContaining(['_respond', '_Responses', '_run', '_Check', '_status', '_media', '_fail']));
    expect(names(HELPERS.close(['_len']))).toEqual(['_len']);
  });

  it('ignores names it does not declare (the public part is always there)', () => {
    expect(HELPERS.close(['_opts', 'nothing'])).toEqual([]);
  });

  it('every format checker is registered by its exported name, and uri pulls ipv6 from another module', () => {
    expect(Object.keys(stringFormats()).sort()).toEqual(['date', 'date-time', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'regex', 'time', 'uri', 'uri-reference', 'uuid']);
    expect(FORMATS.close(['_fUri']).map((d) => d.name)).toContain('_fIpv6');
  });
});
