// ts-morph's TypeScript namespace, for the codegen. Loaded with `require`, not `import`: importing a
// CommonJS package from an ES module makes Node scan its source for export names first (cjs-module-lexer
// over ts-morph's 1 MB bundle, ~80-140 ms of every run); `require` skips that. Plain JavaScript with a
// declaration file beside it (typescript.d.mts) so TypeScript still sees `ts` as the full namespace, types
// included. Copied into dist/ by scripts/copy-assets.mjs.
import { createRequire } from 'node:module';

export const { ts } = createRequire(import.meta.url)('ts-morph');
