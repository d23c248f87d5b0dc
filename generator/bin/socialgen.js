#!/usr/bin/env node
// Entry point of the `socialgen` command: the compiled JavaScript in dist/, bundled (`npm run build` in the
// repository; the published package ships it built). The compile cache goes in first: it speeds up the
// loading of what main.js imports (see dist/compile-cache.js).
let main;
try {
  // V8's optimizing compiler off for a one-shot run, before any of its code runs (dist/v8-tiers.js says why).
  (await import('../dist/v8-tiers.js')).limitOptimization(process.argv.slice(2));
  const { installCompileCache } = await import('../dist/compile-cache.js');
  installCompileCache();
  // The command bundled into a few modules (scripts/bundle-cli.mjs): Node 20 loads each ES module on its own.
  ({ main } = await import('../dist/bundle/main.js'));
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !/dist\/(bundle\/main|compile-cache|v8-tiers)\.js/.test(String(error.message))) throw error;
  console.error('socialgen: the command is not built (dist/ is missing). In the socialgen repository, run `npm run build:cli`.');
  process.exit(3);
}
process.exitCode = await main(process.argv.slice(2));
