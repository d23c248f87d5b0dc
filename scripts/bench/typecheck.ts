/**
 * Type-checking cost of the generated types for their users: `tsc --noEmit` wall time and peak memory for
 * a small consumer (it names the success body of up to 25 operations and every operation key), against
 * socialgen's types package and openapi-typescript's output of the same spec, in the same run; for the
 * bundled spec and GitHub's REST API description (13 MB, ~1,000 operations).
 *
 * Two settings per tool:
 * - "sources": the generated `.ts` is part of the program and fully checked (what the package's own build
 *   and a monorepo consumer pay);
 * - "declarations": the types as an installed package's `.d.ts` with `skipLibCheck` (what an editor and a
 *   typical application pay). openapi-typescript's output is types only, so it is its own `.d.ts`.
 *
 * Target (issue 14): no worse than openapi-typescript. Ratios > 1 mean socialgen is cheaper. Every figure is
 * the MEDIAN over the runs (the two tools interleaved), and the ratio is the ratio of the two medians; CPU
 * time (user + system of the tsc process) is the figure least disturbed by a machine busy with other work,
 * so it is reported next to tsc's own (wall-clock) phase times, with the load average before and after, and
 * with the ratio of the fastest runs' CPU times (load only adds to a run). tsc's symbol, type and
 * instantiation counts do not depend on the load at all: on the bundled spec the standard library (lib.dom)
 * is most of what both consumers check, so the two CPU times differ by a few percent at most.
 * Run: `npm run bench -- typecheck` (`TYPECHECK_SPECS=bundled` or `github` for one spec, `TYPECHECK_RUNS=n`
 * for fewer runs; or `npx tsx -e "import('./scripts/bench/typecheck.ts').then(m => m.run())"`).
 *
 * `TYPECHECK_INSTRUCTIONS=1` adds a figure that does not move with the load at all: the instructions one tsc run
 * executes, counted by valgrind (cachegrind without cache simulation) with V8 in `--single-threaded --predictable`
 * mode (no background compiler or GC threads, no time-driven heuristics), which repeats to ~0.01% run to run
 * even on a busy machine; next to it the same count for a consumer that imports nothing (the standard library
 * both tools pay), so the cost of the types themselves is the difference. About a minute per tsc run (valgrind).
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadModel } from '../../generator/src/index.ts';
import type { ApiModel } from '../../generator/src/model/types.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GITHUB = path.resolve(root, '../shared/corpus/specs/github/api.github.com.octokit-openapi-23.0.2.json');
const BUNDLED = path.join(root, 'spec/social-posting.openapi.yaml');
const TSC = path.join(root, 'node_modules/typescript/bin/tsc');
const SOCIALGEN = path.join(root, 'generator/bin/socialgen.js');
const OTS = path.join(root, 'node_modules/openapi-typescript/bin/cli.js');
/** Operations the consumer names. */
const SAMPLE = 25;
const RUNS = Number(process.env.TYPECHECK_RUNS ?? 5);
/** `TYPECHECK_SPECS=bundled` (or `github`) measures only that spec. */
const ONLY = process.env.TYPECHECK_SPECS?.split(',');
const TIME = '/usr/bin/time';

const COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  lib: ['ES2022', 'DOM'],
  types: [] as string[],
  strict: true,
  noEmit: true,
};

function sh(command: string, args: string[], cwd = root): void {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 256 << 20 });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status}):\n${r.stderr.slice(-3000)}${r.stdout.slice(-3000)}`);
}

interface Sampled {
  /** socialgen's method name of the operation: its success body is `Operations[method]['response']`. */
  method: string;
  /** openapi-typescript's access path to the same body. */
  otsAccess: string;
}

/** Operations with one numeric 2XX status and a JSON body: the consumer names their bodies. */
function sample(model: ApiModel): Sampled[] {
  const out: Sampled[] = [];
  for (const op of model.operations) {
    const success = op.responses.filter((r) => /^2\d\d$/.test(r.status));
    if (success.length !== 1 || success[0].content.length !== 1) continue;
    const media = success[0].content[0].mediaType;
    if (!/json/.test(media)) continue;
    out.push({
      method: op.names.method,
      otsAccess: `paths[${JSON.stringify(op.path)}][${JSON.stringify(op.method)}]['responses'][${success[0].status}]['content'][${JSON.stringify(media)}]`,
    });
    if (out.length === SAMPLE) break;
  }
  return out;
}

function socialgenConsumer(ops: Sampled[], from: string): string {
  return [
    `import type * as T from ${JSON.stringify(from)};`,
    '',
    ...ops.map((o, i) => `type Body${i} = T.Operations[${JSON.stringify(o.method)}]['response'];\nexport function use${i}(body: Body${i}): Body${i} {\n  const copy: Body${i} = body;\n  return copy;\n}`),
    'export type OperationName = keyof T.Operations;',
    `export const count: number = ${ops.length};`,
    '',
  ].join('\n');
}

function otsConsumer(ops: Sampled[], from: string): string {
  return [
    `import type { paths, operations } from ${JSON.stringify(from)};`,
    '',
    ...ops.map((o, i) => `type Body${i} = ${o.otsAccess};\nexport function use${i}(body: Body${i}): Body${i} {\n  const copy: Body${i} = body;\n  return copy;\n}`),
    'export type OperationName = keyof operations;',
    `export const count: number = ${ops.length};`,
    '',
  ].join('\n');
}

function project(dir: string, consumer: string, extra: Record<string, unknown> = {}): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  writeFileSync(path.join(dir, 'consumer.ts'), consumer);
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...COMPILER_OPTIONS, ...extra }, files: ['consumer.ts'] }, null, 2));
  return dir;
}

interface Cost {
  label: string;
  /** Wall time of the tsc process, median over the runs. */
  wall: number;
  /** CPU time (user + system) of the tsc process (GNU time %U + %S), median; NaN without /usr/bin/time. */
  cpu: number;
  /** The smallest CPU time of the runs: a busy machine only ever adds to it, so it is the steadiest figure under load. */
  cpuMin: number;
  /** tsc's own `Total time` and `Check time` (--extendedDiagnostics), median. */
  total: number;
  check: number;
  /** Peak RSS of the tsc process (GNU time %M), median over the runs. */
  peakMb: number | undefined;
  /** `Memory used` as tsc reports it (heap), median. */
  heapMb: number;
  /** tsc's deterministic counters: unlike the times they do not move with the machine's load. */
  symbols: number;
  types: number;
  instantiations: number;
}

type Sample = Omit<Cost, 'label' | 'cpuMin'>;

/** One `tsc --noEmit --extendedDiagnostics` run; fails loudly if the consumer does not compile. */
function tscOnce(label: string, dir: string): Sample {
  const args = [TSC, '--noEmit', '--extendedDiagnostics', '-p', path.join(dir, 'tsconfig.json')];
  const started = performance.now();
  const r = existsSync(TIME)
    ? spawnSync(TIME, ['-f', '__PEAK_KB__ %M __CPU_S__ %U %S', process.execPath, ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20 })
    : spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20 });
  const wall = (performance.now() - started) / 1000;
  if (r.status !== 0) throw new Error(`${label}: tsc failed (${r.status}):\n${r.stdout.slice(-3000)}${r.stderr.slice(-2000)}`);
  const stat = (name: string) => Number(new RegExp(`^${name}:\\s+([\\d.]+)`, 'm').exec(r.stdout)?.[1] ?? NaN);
  const kb = /__PEAK_KB__ (\d+)/.exec(r.stderr)?.[1];
  const cpu = /__CPU_S__ ([\d.]+) ([\d.]+)/.exec(r.stderr);
  return { wall, cpu: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN, total: stat('Total time'), check: stat('Check time'), peakMb: kb ? Number(kb) / 1024 : undefined, heapMb: stat('Memory used') / 1024, symbols: stat('Symbols'), types: stat('Types'), instantiations: stat('Instantiations') };
}

function summarize(label: string, samples: Sample[]): Cost {
  const median = (f: (s: Sample) => number) => samples.map(f).sort((a, b) => a - b)[Math.floor(samples.length / 2)];
  return {
    label,
    wall: median((s) => s.wall),
    cpu: median((s) => s.cpu),
    cpuMin: Math.min(...samples.map((s) => s.cpu)),
    total: median((s) => s.total),
    check: median((s) => s.check),
    peakMb: samples[0].peakMb === undefined ? undefined : median((s) => s.peakMb!),
    heapMb: median((s) => s.heapMb),
    symbols: samples[0].symbols,
    types: samples[0].types,
    instantiations: samples[0].instantiations,
  };
}

/** RUNS runs of each project, interleaved (A B A B ...) so a busy machine slows both alike. */
function tscPair(a: [string, string], b: [string, string]): [Cost, Cost] {
  const sa: Sample[] = [];
  const sb: Sample[] = [];
  for (let i = 0; i < RUNS; i++) {
    sa.push(tscOnce(a[0], a[1]));
    sb.push(tscOnce(b[0], b[1]));
  }
  return [summarize(a[0], sa), summarize(b[0], sb)];
}

/** Instructions of one `tsc --noEmit` of the project under valgrind (see the header); undefined without valgrind. */
function instructions(dir: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const args = ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath, '--single-threaded', '--predictable', TSC, '--noEmit', '-p', path.join(dir, 'tsconfig.json')];
    const child = spawn('valgrind', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', () => resolve(undefined));
    child.on('close', () => {
      const m = /I\s+refs:\s+([\d,]+)/.exec(err);
      resolve(m ? Number(m[1].replaceAll(',', '')) : undefined);
    });
  });
}

/** The instruction counts of ours, the peer's and the import-nothing floor, two valgrind runs at a time. */
async function printInstructions(setting: string, ours: string, peer: string, floor: string): Promise<void> {
  const [a, b] = await Promise.all([instructions(ours), instructions(peer)]);
  const f = await instructions(floor);
  if (a === undefined || b === undefined || f === undefined) return console.log(`  ${setting}: instructions n/a (valgrind not found or failed)`);
  const g = (n: number) => `${(n / 1e9).toFixed(3)} G`;
  console.log(`  ${setting}, instructions (valgrind): socialgen ${g(a)}, openapi-typescript ${g(b)}, importing nothing ${g(f)}; ratio ${(b / a).toFixed(3)}×; above the floor socialgen ${g(a - f)}, openapi-typescript ${g(b - f)} (${((b - f) / (a - f)).toFixed(2)}×)`);
}

function print(setting: string, ours: Cost, peer: Cost): void {
  const row = (who: string, c: Cost) =>
    `  ${who.padEnd(20)} ${c.wall.toFixed(2).padStart(6)} s  ${c.cpu.toFixed(2).padStart(6)} s  ${c.total.toFixed(2).padStart(6)} s  ${c.check.toFixed(2).padStart(6)} s  ${(c.peakMb === undefined ? 'n/a' : c.peakMb.toFixed(0)).padStart(6)} MB  ${c.heapMb.toFixed(0).padStart(5)} MB  ${String(c.symbols).padStart(7)}  ${String(c.types).padStart(7)}  ${String(c.instantiations).padStart(8)}`;
  console.log(`${setting}`);
  console.log(`  ${''.padEnd(20)} ${'wall'.padStart(8)}  ${'cpu'.padStart(8)}  ${'tsc total'.padStart(8)}  ${'check'.padStart(8)}  ${'peak RSS'.padStart(9)}  ${'heap'.padStart(8)}  ${'symbols'.padStart(7)}  ${'types'.padStart(7)}  ${'instant.'.padStart(8)}`);
  console.log(row('socialgen', ours));
  console.log(row('openapi-typescript', peer));
  const mem = ours.peakMb && peer.peakMb ? `${(peer.peakMb / ours.peakMb).toFixed(2)}×` : 'n/a';
  console.log(`  ratio of medians (peer / socialgen, > 1 = socialgen cheaper): cpu ${(peer.cpu / ours.cpu).toFixed(2)}× (fastest runs ${(peer.cpuMin / ours.cpuMin).toFixed(2)}×), tsc total ${(peer.total / ours.total).toFixed(2)}×, wall ${(peer.wall / ours.wall).toFixed(2)}×, peak memory ${mem}`);
}

export async function run(): Promise<void> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'socialgen-bench-typecheck-'));
  const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`load average before: ${load()}`);
  try {
    for (const [name, spec] of [['bundled spec', BUNDLED], ['GitHub spec', GITHUB]] as const) {
      if (ONLY && !ONLY.includes(name.split(' ')[0].toLowerCase())) continue;
      if (!existsSync(spec)) {
        console.log(`${name}: ${spec} not found, skipped`);
        continue;
      }
      const dir = path.join(tmp, name.split(' ')[0]);
      const { model } = await loadModel(spec);
      const ops = sample(model);
      // The generated code, as the two tools write it.
      sh(process.execPath, [SOCIALGEN, 'generate', '-q', '--target', 'types', '--no-format', '--spec', spec, '--out', path.join(dir, 'sg')]);
      sh(process.execPath, [OTS, spec, '-o', path.join(dir, 'ots/schema.ts')]);
      // Declarations: socialgen's package build; openapi-typescript's output is types only, so it is its own .d.ts.
      sh(process.execPath, [TSC, '-p', path.join(dir, 'sg/types/tsconfig.json'), '--emitDeclarationOnly', '--declarationMap', 'false']);
      mkdirSync(path.join(dir, 'ots-dts'));
      copyFileSync(path.join(dir, 'ots/schema.ts'), path.join(dir, 'ots-dts/schema.d.ts'));

      const sgSources = project(path.join(dir, 'sg-sources'), socialgenConsumer(ops, '../sg/types/src/index.js'));
      const otsSources = project(path.join(dir, 'ots-sources'), otsConsumer(ops, '../ots/schema.js'));
      const sgDecl = project(path.join(dir, 'sg-decl'), socialgenConsumer(ops, '../sg/types/dist/index.js'), { skipLibCheck: true });
      const otsDecl = project(path.join(dir, 'ots-decl'), otsConsumer(ops, '../ots-dts/schema.js'), { skipLibCheck: true });

      console.log(`\n${name} (${path.relative(root, spec)}): ${model.operations.length} operations, ${model.schemas.length} schemas; the consumer names ${ops.length} success bodies`);
      print('types as sources (everything checked)', ...tscPair(['socialgen sources', sgSources], ['openapi-typescript sources', otsSources]));
      print('types as an installed package\'s .d.ts (skipLibCheck)', ...tscPair(['socialgen .d.ts', sgDecl], ['openapi-typescript .d.ts', otsDecl]));
      if (process.env.TYPECHECK_INSTRUCTIONS) {
        const floorSources = project(path.join(dir, 'floor-sources'), 'export const count: number = 0;\n');
        const floorDecl = project(path.join(dir, 'floor-decl'), 'export const count: number = 0;\n', { skipLibCheck: true });
        await printInstructions('sources', sgSources, otsSources, floorSources);
        await printInstructions('.d.ts', sgDecl, otsDecl, floorDecl);
      }
    }
    console.log(`\n(${RUNS} runs each, the two tools interleaved; every figure the median; cpu and peak RSS from /usr/bin/time -f "%U %S %M"; load average after: ${load()})`);
  } finally {
    if (process.env.KEEP_BENCH) console.log('kept', tmp); else rmSync(tmp, { recursive: true, force: true });
  }
}
