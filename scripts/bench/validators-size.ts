/**
 * Validators size (issue 14): bytes of the generated validators package and the time of the validators
 * emitter alone (model loaded first, not formatted), for one spec. `OUT=dir` also writes the files.
 *
 * Run: `npx tsx scripts/bench/validators-size.ts [spec]` (default: the project spec); `PROPERTY_TABLES=0` compiles every property test of the errors functions, `INLINE_LIMIT=n` sets
 * `options.validators.inlineLimit`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmitContext } from '../../generator/src/emit/emitter.ts';
import { validatorsEmitter } from '../../generator/src/emit/validators/index.ts';
import { loadModel } from '../../generator/src/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function measure(spec: string, out?: string, inlineLimit?: number): Promise<{ files: Record<string, number>; total: number; ms: number }> {
  const { model } = await loadModel(spec);
  const context = createEmitContext({ packages: { scope: 'x', names: { types: '@x/types', validators: '@x/validators' }, version: '0.0.0' }, options: { ...(inlineLimit === undefined ? {} : { inlineLimit }), ...(process.env.PROPERTY_TABLES === '0' ? { propertyTables: false } : {}) }, generatorVersion: 'bench' });
  const start = performance.now();
  const emitted = validatorsEmitter.emit(model, context);
  const ms = performance.now() - start;
  const files: Record<string, number> = {};
  for (const f of emitted) {
    files[f.path] = Buffer.byteLength(f.contents);
    if (out) {
      mkdirSync(path.dirname(path.join(out, f.path)), { recursive: true });
      writeFileSync(path.join(out, f.path), f.contents);
    }
  }
  return { files, total: Object.values(files).reduce((a, b) => a + b, 0), ms };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = process.argv[2] ?? path.join(root, 'spec/social-posting.openapi.yaml');
  const r = await measure(spec, process.env.OUT, process.env.INLINE_LIMIT ? Number(process.env.INLINE_LIMIT) : undefined);
  for (const [f, n] of Object.entries(r.files)) console.log(`${f.padEnd(28)} ${(n / 1e6).toFixed(3).padStart(9)} MB`);
  console.log(`${'total'.padEnd(28)} ${(r.total / 1e6).toFixed(3).padStart(9)} MB; validators emitter ${(r.ms / 1000).toFixed(1)} s`);
}
