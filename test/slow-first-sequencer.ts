/**
 * Runs the slowest test files first. Vitest orders files by the durations of its last run on this machine
 * (node_modules/.vite/vitest/…/results.json), but CI starts from a fresh clone with no such record and falls
 * back to file size, so a minute-long file with a short source could start last and leave one core idle
 * while it finishes. The files named in SLOW_FIRST (measured: each takes 25 s or more on two idle cores) go
 * first, in that order; the rest keep vitest's order. Update the list when a file becomes slow or stops being.
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Slowest first (seconds on two idle cores, before shared module loading: 59-90, 82, 66, ...). */
export const SLOW_FIRST = [
  'test/server/mock-samples.test.ts',
  'test/print/prettier-clean.test.ts',
  'test/frontend/corpus.test.ts',
  'test/validators/differential.test.ts',
  'test/generator/project-typecheck.test.ts',
  'test/packages/publish.test.ts',
  'test/install/cli.test.ts',
  'test/validators/sharing.test.ts',
  'test/packages/browser.test.ts',
  'test/pipeline/layout.test.ts',
  'test/bodies/binary.test.ts',
  'test/install/first-hour.test.ts',
  'test/pipeline/parallel.test.ts',
  'test/generator/unused-declarations.test.ts',
];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const i = SLOW_FIRST.indexOf(path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/'));
      return i === -1 ? SLOW_FIRST.length : i;
    };
    // Array.prototype.sort is stable: files outside the list keep vitest's order after the listed ones.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
