/**
 * Validators size (issue 14): bytes of the generated validators package and the time of the validators
 * emitter alone (model loaded first, not formatted), for one spec. `OUT=dir` also writes the files.
 *
 * Run: `npm run bench -- validators-size` (the project spec and GitHub's, against issue 14's 10 MB goal for
 * GitHub's), or `npx tsx scripts/bench/validators-size.ts [spec]` for one spec (default: the project spec);
 * `PROPERTY_TABLES=0` compiles every property test of the errors functions, `INLINE_LIMIT=n` sets
 * `options.validators.inlineLimit`.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmitContext } from '../../generator/src/emit/emitter.ts';
import { validatorsEmitter } from '../../generator/src/emit/validators/index.ts';
import { loadModel } from '../../generator/src/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUNDLED = path.join(root, 'spec/social-posting.openapi.yaml');
const GITHUB = path.resolve(root, '../shared/corpus/specs/github/api.github.com.octokit-openapi-23.0.2.json');
/** Issue 14's ceiling for GitHub's validators package. */
const GITHUB_GOAL_MB = 10;

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

function print(r: Awaited<ReturnType<typeof measure>>): void {
  for (const [f, n] of Object.entries(r.files)) console.log(`${f.padEnd(28)} ${(n / 1e6).toFixed(3).padStart(9)} MB`);
  console.log(`${'total'.padEnd(28)} ${(r.total / 1e6).toFixed(3).padStart(9)} MB; validators emitter ${(r.ms / 1000).toFixed(1)} s`);
}

/** `npm run bench -- validators-size`: the project spec, then GitHub's against its goal. */
export async function run(): Promise<void> {
  console.log('bundled spec:');
  print(await measure(BUNDLED));
  if (!existsSync(GITHUB)) {
    console.log(`GitHub spec: ${GITHUB} not found, skipped`);
    return;
  }
  console.log('GitHub spec:');
  const github = await measure(GITHUB);
  print(github);
  const mb = github.total / 1e6;
  console.log(`goal: GitHub's validators ≤ ${GITHUB_GOAL_MB} MB: ${mb.toFixed(3)} MB, ${mb <= GITHUB_GOAL_MB ? 'met' : 'MISSED'}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  print(await measure(process.argv[2] ?? BUNDLED, process.env.OUT, process.env.INLINE_LIMIT ? Number(process.env.INLINE_LIMIT) : undefined));
}
