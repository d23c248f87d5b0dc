/**
 * The printer's property tests (fast-check against prettier) over a range of seeds, for a nightly job
 * or a printer change: CI runs each property at its fixed seed only (test/helpers/print-seed.ts).
 *
 *   npm run print-seeds                        today's 20 seeds (day number × 20 onwards: rotates daily)
 *   npm run print-seeds -- 1000-1199           those seeds
 *   npm run print-seeds -- 7 --runs 4          one seed, four times each property's runs
 *   npm run print-seeds -- 1-50 test/print/node-trees.test.ts    only that file
 *
 * Seeds run in chunks, one vitest run each (`--chunk`, default 10 divided by `--runs`), so each test stays
 * within its timeout. A failing seed's report (its shrunk counterexample) is printed; the exit code is 1 if
 * any seed failed.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { envSeeds } from '../test/helpers/print-seed.ts';

/** Every file holding a property held against prettier (or, for brackets, against JavaScript). */
const PROPERTY_FILES = [
  'test/print/node-trees.test.ts',
  'test/print/pretty.test.ts',
  'test/print/plugin-printer.test.ts',
  'test/print/query-infinite.test.ts',
  'test/print/module-lines.test.ts',
  'test/validators/statement-printer.test.ts',
];

const SEEDS_A_DAY = 20;

function parse(argv: readonly string[]): { seeds: number[]; runs: number; chunk: number; files: string[] } {
  let range: string | undefined;
  let runs = 1;
  let chunk: number | undefined;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--runs') runs = Number(argv[++i]);
    else if (arg === '--chunk') chunk = Number(argv[++i]);
    else if (/^[\d,\s-]+$/.test(arg)) range = arg;
    else if (arg.endsWith('.test.ts')) files.push(arg);
    else throw new Error(`print-seeds: unknown argument "${arg}" (a seed range, --runs <k>, --chunk <n>, or test files)`);
  }
  if (!(runs > 0)) throw new Error('print-seeds: --runs takes a positive number');
  if (range === undefined) {
    const day = Math.floor(Date.now() / 86_400_000);
    range = `${day * SEEDS_A_DAY}-${day * SEEDS_A_DAY + SEEDS_A_DAY - 1}`;
  }
  const seeds = envSeeds(range)!;
  return { seeds, runs, chunk: chunk ?? Math.max(1, Math.floor(10 / runs)), files: files.length ? files : PROPERTY_FILES };
}

const { seeds, runs, chunk, files } = parse(process.argv.slice(2));
const root = fileURLToPath(new URL('..', import.meta.url));
console.log(`print-seeds: seeds ${seeds[0]}…${seeds.at(-1)} (${seeds.length}), runs ×${runs}, ${chunk} seeds a vitest run, ${files.length} files`);

const failed: string[] = [];
for (let i = 0; i < seeds.length; i += chunk) {
  const part = seeds.slice(i, i + chunk).join(',');
  const run = spawnSync('npx', ['vitest', 'run', ...files], {
    cwd: root,
    env: { ...process.env, SOCIALGEN_PRINT_SEED: part, SOCIALGEN_PRINT_RUNS: String(runs) },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ok = run.status === 0;
  console.log(`${ok ? 'ok  ' : 'FAIL'} seeds ${part}`);
  if (!ok) {
    failed.push(part);
    process.stdout.write(run.stdout + run.stderr);
  }
}
console.log(failed.length ? `print-seeds: failures in the runs of seeds ${failed.join(' ; ')}` : 'print-seeds: every seed passed');
process.exitCode = failed.length ? 1 : 0;
