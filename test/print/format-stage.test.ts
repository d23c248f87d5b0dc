/**
 * The write stage's use of prettier (write/format.ts): files flagged as printed formatted are left alone,
 * files with ranges get only those ranges formatted, and the watch's cache serves pieces formatted before.
 */
import { describe, expect, it } from 'vitest';
import { formatFiles, type FormatCache } from '../../generator/src/write/format.ts';
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
});
