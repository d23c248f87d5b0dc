/**
 * On the project's own spec every file of the four default targets is printed formatted by construction:
 * the format stage has nothing to give prettier, so prettier is not even loaded (about a quarter of a
 * default run's time when it is). The same holds for the opt-in targets (query, msw) on the project spec
 * and on the adversarial fixture (hostile strings in every place a spec author controls). A statement the
 * printers stop handling would still come out right (prettier formats it), so only this test notices the
 * cost coming back; when it fails it names each file or statement left and why the printer declined it.
 */
import path from 'node:path';
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
const { fallbacks } = await import('../../generator/src/codegen/pretty-module.ts');
const { fixtureSpecsDir, projectSpec, repoRoot } = await import('../helpers/paths.ts');

/** What the format stage would hand to prettier: whole files, or the ranges a printer left. */
function leftForPrettier(f: EmittedFile): string | undefined {
  if (f.format === 'none' || f.formatted === true) return undefined;
  if (Array.isArray(f.formatted)) return f.formatted.length ? `${f.path}: ${f.formatted.map(([a, b]) => JSON.stringify(f.contents.slice(a, Math.min(b, a + 80)))).join(', ')}` : undefined;
  return `${f.path}: the whole file`;
}

/** The files of one generation left (even in part) for prettier, and the printers' reasons for declining. */
async function left(spec: string, targets?: string[]): Promise<{ files: number; left: string[]; declined: string[] }> {
  seen.length = 0;
  fallbacks.clear();
  await generate(resolveConfig({ spec, ...(targets ? { targets } : {}) }, repoRoot));
  return { files: seen.length, left: seen.map(leftForPrettier).filter((x): x is string => x !== undefined), declined: [...fallbacks].map(([why, n]) => `${why} (${n}×)`) };
}

describe('the project spec, default targets', () => {
  it('leaves nothing for prettier', async () => {
    const result = await left(projectSpec);
    expect(result.files).toBeGreaterThan(60);
    expect({ left: result.left, declined: result.declined }).toEqual({ left: [], declined: [] });
  }, 120_000);
});

describe('the opt-in targets', () => {
  it.each([
    ['the project spec', projectSpec],
    ['adversarial.yaml', path.join(fixtureSpecsDir, 'adversarial.yaml')],
    ['mw-pagination.yaml (both infinite-query kinds)', path.join(fixtureSpecsDir, 'mw-pagination.yaml')],
  ])('query and msw leave nothing for prettier on %s', async (_, spec) => {
    const result = await left(spec, ['query', 'msw']);
    // Each package: src/index.ts (+ msw's src/runtime.ts), package.json, tsconfig.json, README.md, LICENSE.
    expect(result.files).toBeGreaterThanOrEqual(11);
    expect({ left: result.left, declined: result.declined }).toEqual({ left: [], declined: [] });
  }, 120_000);
});
