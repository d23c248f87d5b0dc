// ts-morph's TypeScript namespace, for the codegen. Loaded with `require`, not `import`: importing a
// CommonJS package from an ES module makes Node scan its source for export names first (cjs-module-lexer
// over ts-morph's 1 MB bundle, ~80-140 ms of every run); `require` skips that. Plain JavaScript with a
// declaration file beside it (typescript.d.mts) so TypeScript still sees `ts` as the full namespace, types
// included. Copied into dist/ by scripts/copy-assets.mjs.
//
// Only the namespace is loaded: ts-morph's `ts` is the TypeScript bundle of its @ts-morph/common, and the
// codegen uses nothing else of ts-morph. Requiring `ts-morph` itself also evaluates ts-morph.js and
// ts-morph-common.js (4 MB: ~50-90 ms of every run). The bundle is found from ts-morph's own folder (it is
// ts-morph's dependency, not ours, so this holds in any install layout); ts-morph's `ts` is a frozen
// re-export of this very module (same functions, same enums: a test checks), so both can be mixed.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
export const ts = namespace();

function namespace() {
  try {
    return createRequire(require.resolve('ts-morph'))('@ts-morph/common/dist/typescript.js');
  } catch {
    // A ts-morph whose layout changed: the whole package still has it.
    return require('ts-morph').ts;
  }
}
