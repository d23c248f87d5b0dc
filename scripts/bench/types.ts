/**
 * Generation speed and memory against openapi-typescript (types only) on the bundled spec and on GitHub's
 * REST API description (13 MB, 1,223 operations), in the same run: `--target types` with and without
 * formatting, and all four targets with default settings (the issue 14 rows).
 * Targets (issue 14): bundled spec, all four targets ≤ 1.0× openapi-typescript's time; GitHub, all four
 * ≤ 2.0× and < 1 GB peak; GitHub types alone ≤ 1.0×. Issue 25 goes further: bundled all four ≤ 0.8×,
 * GitHub all four ≤ 1.2×. The ratios print as "× the baseline's speed"
 * (1.00× = as fast; 0.50× = takes twice as long, which meets a ≤ 2.0× time target).
 * `npm run bench -- types` runs both specs; SOCIALGEN_BENCH_SPECS=bundled skips GitHub's. The commands run
 * in rounds (7 on the bundled spec, 3 on GitHub's; SOCIALGEN_BENCH_ROUNDS=N for another count), each once
 * per round, and a row's ratio is the median of its per-round ratios to openapi-typescript's run in the same
 * round (scripts/bench/_measure.ts says why).
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
import { measureRounds, printTable, speedRatio, type BenchCommand, type Measurement } from './_measure.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GITHUB = path.resolve(root, '../shared/corpus/specs/github/api.github.com.octokit-openapi-23.0.2.json');
const BUNDLED = path.join(root, 'spec/social-posting.openapi.yaml');

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
      const ours = (label: string, dir: string, flags: string[], env?: Record<string, string>): BenchCommand => ({ label, command: node, args: [socialgen, 'generate', '-q', ...flags, '--spec', spec, '--out', path.join(out, dir)], env });
      const commands: BenchCommand[] = [
        { label: 'openapi-typescript 7', command: node, args: [ots, spec, '-o', path.join(out, 'ots.ts')] },
        ours('socialgen generate --target types --no-format', 'raw', ['--target', 'types', '--no-format']),
        ours('socialgen generate --target types', 'fmt', ['--target', 'types']),
        ours('socialgen generate (all four targets)', 'all', []),
        // With the worker forced on too, on the bundled spec only (GitHub's costs a minute more).
        ...(key === 'bundled' ? [ours('  the same with the worker (SOCIALGEN_EMIT_WORKER=1)', 'worker', [], { SOCIALGEN_EMIT_WORKER: '1' })] : []),
      ];
      const rounds = Number(process.env.SOCIALGEN_BENCH_ROUNDS) || (key === 'github' ? 3 : 7);
      const rows = measureRounds(commands, rounds);
      printTable(rows, rows[0]!);
      const [peer, , formatted, all] = rows as [Measurement, Measurement, Measurement, Measurement];
      // The goals are time ratios (ours / openapi-typescript's), judged by the median of the rounds.
      const goals: Array<[string, Measurement, number]> = key === 'github' ? [['all four targets', all, 1.2], ['--target types', formatted, 1.0]] : [['all four targets', all, 0.8]];
      for (const [what, row, goal] of goals) {
        const time = 1 / speedRatio(row, peer);
        console.log(`  ${name}, ${what}: ${time.toFixed(2)}× openapi-typescript's time (goal ≤ ${goal.toFixed(1)}: ${time <= goal ? 'met' : 'MISSED'})`);
      }
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
