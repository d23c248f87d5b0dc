import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './test/slow-first-sequencer.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Files that change what other files would import or see: they run with a module registry of their own.
 * `vi.mock` replaces a generator module for the whole file (nothing-for-prettier), and fake timers
 * (watch-schedule) patch the globals. Every other file shares its worker's loaded modules (below).
 */
const ISOLATED = ['test/print/nothing-for-prettier.test.ts', 'test/pipeline/watch-schedule.test.ts'];

export default defineConfig({
  resolve: {
    // Tests import the generated packages by name, as a user would; inside the repository the name
    // resolves to the package's TypeScript source so no build is needed first. The packed-and-installed
    // consumer test (test/packages) checks the built `dist/` entry points.
    alias: [
      { find: /^@social-posting\/(types|validators|client|server)$/, replacement: `${root}generated/$1/src/index.ts` },
    ],
  },
  test: {
    reporters: ['default', './test/summary-reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores on CI: keep workers at the core count so heavy suites (tsc, corpus specs) don't thrash.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    // `include` is per project: a root one would be merged into each project's list.
    projects: [
      {
        extends: true,
        // Most files import the generator (and through it ts-morph's TypeScript, prettier, Ajv): loading those
        // once per worker rather than once per file saves about a third of the suite's time (test/README.md).
        // Each file still runs its own top-level code and hooks; what a file leaves in a module it imports
        // (a cache, a registry) is seen by the next file in that worker, so tests must not depend on a fresh one.
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
