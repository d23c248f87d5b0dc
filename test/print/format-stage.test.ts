/**
 * The write stage's use of prettier (write/format.ts): files flagged as printed formatted are left alone,
 * files with ranges get only those ranges formatted, and the watch's cache serves pieces formatted before.
 */
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { formatFiles, PRETTIER_OPTIONS, splitStatements, type FormatCache } from '../../generator/src/write/format.ts';
import type { EmittedFile } from '../../generator/src/emit/emitter.ts';

const messy = 'export const a = {b:1,\n  c:"x"}\n';

describe('format stage', () => {
  it('leaves a file flagged formatted exactly as emitted (prettier is not run on it)', async () => {
    const [flagged, unflagged] = await formatFiles([
      { path: 'a.ts', contents: messy, format: 'typescript', formatted: true },
      { path: 'b.ts', contents: messy, format: 'typescript' },
    ]);
    expect(flagged).toBe(messy);
    expect(unflagged).toBe("export const a = { b: 1, c: 'x' };\n");
  });

  it('formats only the ranges a printer left, in place', async () => {
    const clean = "/** Header. */\nexport type A = 'a';\n\n";
    const file: EmittedFile = { path: 'a.ts', contents: clean + messy.trimEnd() + '\n\nexport type B = "untouched"\n', format: 'typescript', formatted: [[clean.length, clean.length + messy.trimEnd().length]] };
    const [out] = await formatFiles([file]);
    expect(out).toBe(`${clean}export const a = { b: 1, c: 'x' };\n\nexport type B = "untouched"\n`);
  });

  it('with a cache, reuses what was formatted before and keeps only what the run used', async () => {
    const cache: FormatCache = new Map();
    const files: EmittedFile[] = [{ path: 'a.ts', contents: messy, format: 'typescript' }];
    const [first] = await formatFiles(files, cache);
    expect(first).toBe("export const a = { b: 1, c: 'x' };\n");
    expect(cache.size).toBe(1);
    // A cached entry is served as is: replace it with a marker and format the same text again.
    const [key] = cache.keys();
    cache.set(key, '// from the cache\n');
    cache.set('typescript\0stale', 'never used again\n');
    const [second] = await formatFiles(files, cache);
    expect(second).toBe('// from the cache\n');
    expect([...cache.keys()]).toEqual([key]);
  });

  it('cuts large pending text only between top-level statements, never inside a template literal or a comment', () => {
    const pieces = [
      'export const a = `first\n\nexport const notAStatement = 1;\n`;',
      '/* a comment\n\nexport const alsoNot = 2; */\nexport const b = 2; // trailing',
      'export function c() {\n  return 3;\n}\n',
    ];
    expect(splitStatements(pieces.join('\n\n'), 10)).toEqual(pieces);
    // Unparsable text is left whole (prettier reports the error).
    expect(splitStatements('export const a = `\n\nb;\n\nexport const c = 1;\n', 10)).toHaveLength(1);
  });

  it('a large file formatted in cached pieces is what prettier makes of it whole', async () => {
    const statements = Array.from({ length: 400 }, (_, i) =>
      i % 3 === 0 ? `export const t${i} = \`line\n\nexport const x${i} = {a:1}\n\`` : i % 3 === 1 ? `export const o${i} = {a:${i},\n  b:"x"}` : `/* c${i}\n\nnot code */\nexport type T${i} = "a"|"b"`,
    );
    const text = statements.join('\n\n') + '\n';
    const [out] = await formatFiles([{ path: 'big.ts', contents: text, format: 'typescript' }], new Map());
    expect(out).toBe(await prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'typescript' }));
  });
});
