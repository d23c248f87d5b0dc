#!/usr/bin/env node
// Entry point of the `socialgen` command. The generator is written in TypeScript and run through tsx's
// loader, so a fresh clone needs no build step before `npm run generate`.
import { register } from 'tsx/esm/api';
register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
