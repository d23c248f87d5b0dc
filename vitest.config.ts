import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores on CI: keep workers at the core count so heavy suites (tsc, corpus specs) don't thrash.
    maxWorkers: 2,
  },
});
