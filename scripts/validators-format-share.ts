/** Usage: npx tsx scripts/validators-format-share.ts [spec] — how much of each validators file the write stage still gives to prettier, and what prettier costs on it. */
// Share of each validators file left to prettier, and prettier's cost on it (whole file vs ranges only).
import * as prettier from 'prettier';
import { loadModel } from '../generator/src/load-model.ts';
import { createEmitContext } from '../generator/src/emit/emitter.ts';
import { validatorsEmitter } from '../generator/src/emit/validators/index.ts';
import { PRETTIER_OPTIONS } from '../generator/src/write/format.ts';
const spec = process.argv[2] ?? new URL('../spec/social-posting.openapi.yaml', import.meta.url).pathname;
const { model } = await loadModel(spec);
const ctx = createEmitContext({ packages: { scope: '@x', names: { types: '@x/types', validators: '@x/validators' }, version: '1.0.0' } as never, generatorVersion: '0' });
const files = validatorsEmitter.emit(model, ctx) as any[];
const opts = { ...PRETTIER_OPTIONS, parser: 'typescript' };
await prettier.format('const a = 1;', opts);
for (const f of files) {
  let t0 = performance.now();
  await prettier.format(f.contents, opts);
  const whole = performance.now() - t0;
  let left = f.contents.length, partial = whole;
  if (Array.isArray(f.formatted)) {
    left = f.formatted.reduce((n: number, [a, b]: [number, number]) => n + b - a, 0);
    t0 = performance.now();
    for (const [a, b] of f.formatted) await prettier.format(f.contents.slice(a, b), opts);
    partial = performance.now() - t0;
  } else if (f.formatted === true) { left = 0; partial = 0; }
  console.log(`${f.path}: ${f.contents.length} chars, ${left} left to prettier (${(100 * left / f.contents.length).toFixed(1)}%), prettier ${whole.toFixed(0)} ms whole, ${partial.toFixed(0)} ms now`);
}
