#!/usr/bin/env node
// Entry point of the `socialgen` command: the compiled JavaScript in dist/ (`npm run build` in the
// repository; the published package ships it built).
let main;
try {
  ({ main } = await import('../dist/cli/main.js'));
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/cli/main.js')) throw error;
  console.error('socialgen: the command is not built (dist/ is missing). In the socialgen repository, run `npm run build:cli`.');
  process.exit(3);
}
process.exitCode = await main(process.argv.slice(2));
