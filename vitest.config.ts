import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

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
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores on CI: keep workers at the core count so heavy suites (tsc, corpus specs) don't thrash.
    maxWorkers: 2,
  },
});
