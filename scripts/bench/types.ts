/**
 * Generation speed and memory against openapi-typescript (types only) on the bundled spec and on GitHub's
 * REST API description (13 MB, 1,223 operations), in the same run: `--target types` with and without
 * formatting, and all four targets with default settings (the issue 14 rows).
 * Targets (issue 14): bundled spec, all four targets ≤ 1.0× openapi-typescript's time; GitHub, all four
 * ≤ 2.0× and < 1 GB peak; GitHub types alone ≤ 1.0×. Issue 25 goes further: bundled all four ≤ 0.8×,
 * GitHub all four ≤ 1.2×. The ratios print as "× the baseline's speed"
 * (1.00× = as fast; 0.50× = takes twice as long, which meets a ≤ 2.0× time target).
 * `npm run bench -- types` runs both specs; SOCIALGEN_BENCH_SPECS=bundled skips GitHub's.
 * On a large spec (GitHub's) `generate` emits types, client and server on a worker thread when a core is
 * spare (generator/src/emit-parallel), so its wall time is below its CPU time: both columns are printed. A
 * spec as small as the bundled one is emitted in one thread whatever the machine's load, so its rows do
 * not depend on the load average; its all-four row is measured with the worker forced on too
 * (SOCIALGEN_EMIT_WORKER=1) to show what a second core would (not) buy there.
 */
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureCommand, printTable } from './_measure.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GITHUB = path.resolve(root, '../shared/corpus/specs/github/api.github.com.octokit-openapi-23.0.2.json');
const BUNDLED = path.join(root, 'spec/social-posting.openapi.yaml');

/** `fn` with the emit worker forced on ('1') or off ('0') for the commands it runs. */
function withEmitWorker<T>(value: '0' | '1', fn: () => T): T {
  const before = process.env.SOCIALGEN_EMIT_WORKER;
  process.env.SOCIALGEN_EMIT_WORKER = value;
  try {
    return fn();
  } finally {
    if (before === undefined) delete process.env.SOCIALGEN_EMIT_WORKER;
    else process.env.SOCIALGEN_EMIT_WORKER = before;
  }
}

export async function run(): Promise<void> {
  const out = mkdtempSync(path.join(tmpdir(), 'socialgen-bench-types-'));
  const node = process.execPath;
  const socialgen = path.join(root, 'generator/bin/socialgen.js');
  const ots = path.join(root, 'node_modules/openapi-typescript/bin/cli.js');
  try {
    const only = process.env.SOCIALGEN_BENCH_SPECS?.split(',');
    for (const [key, name, spec] of [['bundled', 'bundled spec', BUNDLED], ['github', 'GitHub spec', GITHUB]] as const) {
      if (only && !only.includes(key)) continue;
      if (!existsSync(spec)) {
        console.log(`${name}: ${spec} not found, skipped`);
        continue;
      }
      console.log(`\n${name} (${path.relative(root, spec)})`);
      const peer = measureCommand('openapi-typescript 7', node, [ots, spec, '-o', path.join(out, 'ots.ts')]);
      const raw = measureCommand('socialgen generate --target types --no-format', node, [socialgen, 'generate', '-q', '--target', 'types', '--no-format', '--spec', spec, '--out', path.join(out, 'raw')]);
      const formatted = measureCommand('socialgen generate --target types', node, [socialgen, 'generate', '-q', '--target', 'types', '--spec', spec, '--out', path.join(out, 'fmt')], key === 'github' ? 1 : 3);
      const all = measureCommand('socialgen generate (all four targets)', node, [socialgen, 'generate', '-q', '--spec', spec, '--out', path.join(out, 'all')], key === 'github' ? 1 : 3);
      // With the worker forced on too, on the bundled spec only (GitHub's costs a minute more).
      const forced = key === 'bundled' ? [withEmitWorker('1', () => measureCommand('  the same with the worker (SOCIALGEN_EMIT_WORKER=1)', node, [socialgen, 'generate', '-q', '--spec', spec, '--out', path.join(out, 'worker')], 3))] : [];
      printTable([peer, raw, formatted, all, ...forced], peer);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
