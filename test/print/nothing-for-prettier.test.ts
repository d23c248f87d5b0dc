/**
 * On the project's own spec every file of the four default targets is printed formatted by construction:
 * the format stage has nothing to give prettier, so prettier is not even loaded (about a quarter of a
 * default run's time when it is). A statement the printers stop handling would still come out right
 * (prettier formats it), so only this test notices the cost coming back.
 */
import { describe, expect, it, vi } from 'vitest';
import type { EmittedFile } from '../../generator/src/emit/emitter.ts';

const seen: EmittedFile[] = [];
vi.mock('../../generator/src/write/format.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../generator/src/write/format.ts')>();
  return {
    ...original,
    formatFiles: (files: EmittedFile[], cache?: unknown) => {
      seen.push(...files);
      return original.formatFiles(files, cache as never);
    },
  };
});

const { resolveConfig } = await import('../../generator/src/config.ts');
const { generate } = await import('../../generator/src/pipeline.ts');
const { projectSpec, repoRoot } = await import('../helpers/paths.ts');

/** What the format stage would hand to prettier: whole files, or the ranges a printer left. */
function leftForPrettier(f: EmittedFile): string | undefined {
  if (f.format === 'none' || f.formatted === true) return undefined;
  if (Array.isArray(f.formatted)) return f.formatted.length ? `${f.path}: ${f.formatted.map(([a, b]) => JSON.stringify(f.contents.slice(a, Math.min(b, a + 80)))).join(', ')}` : undefined;
  return `${f.path}: the whole file`;
}

describe('the project spec, default targets', () => {
  it('leaves nothing for prettier', async () => {
    await generate(resolveConfig({ spec: projectSpec }, repoRoot));
    expect(seen.length).toBeGreaterThan(60);
    expect(seen.map(leftForPrettier).filter(Boolean)).toEqual([]);
  }, 120_000);
});
