/**
 * `socialgen generate --watch` latency: a copy of the bundled spec is watched (all four targets, default
 * settings, formatting on); one line of one spec file is edited (a schema description), and the time from
 * the save to the regenerated file being on disk is measured, several times. Target (issue 14): ≤ 300 ms.
 *
 * Then a second kind of edit, reported apart: a property added to a schema (the watch reuses nothing for
 * it: every target is emitted again), while only the types print a description (emit-parallel/annotation-blind.ts).
 * Each kind also reports the watch process's CPU time per edit (all its threads; Linux), which the load of
 * a shared machine moves less than the wall time.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EDITS = 15; // enough for a median that moves little between runs (7 gave 265–321 ms)

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > timeoutMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return true;
}

/** The median of each `<stage> N ms` the watch printed on its `timings:` lines. */
function stageMedians(text: string): string {
  const byStage = new Map<string, number[]>();
  for (const line of text.split('\n').filter((l) => l.includes('timings: '))) {
    for (const m of line.matchAll(/([a-z →]+?) (\d+) ms/g)) {
      const stage = m[1]!.trim();
      byStage.set(stage, [...(byStage.get(stage) ?? []), Number(m[2])]);
    }
  }
  return [...byStage].map(([stage, values]) => `${stage} ${[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]} ms`).join(', ');
}

/** The process's CPU time so far (user + system, all threads) in ms; undefined where /proc is not. */
function cpuMs(pid: number): number | undefined {
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th (clock ticks, 100 a second).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'socialgen-bench-watch-'));
  cpSync(path.join(root, 'spec'), path.join(dir, 'spec'), { recursive: true });
  const edited = path.join(dir, 'spec/components/schemas/common.yaml');
  const original = readFileSync(edited, 'utf8');
  const line = 'description: The handle of a User (without a leading @).';
  if (!original.includes(line)) throw new Error(`${edited} no longer has the line this benchmark edits: ${line}`);
  const users = path.join(dir, 'spec/components/schemas/users.yaml');
  const usersOriginal = readFileSync(users, 'utf8');
  // The property the second kind of edit adds one before (User's name).
  const property = '    name:\n      type: string\n      description: Display name.\n';
  if (!usersOriginal.includes(property)) throw new Error(`${users} no longer has the property this benchmark adds one before: ${property}`);
  const output = path.join(dir, 'out/types/src/schemas.ts');
  const child = spawn(process.execPath, [path.join(root, 'generator/bin/socialgen.js'), 'generate', '--watch', '--spec', 'spec/social-posting.openapi.yaml', '--out', 'out'], {
    cwd: dir,
    // SOCIALGEN_WATCH_TIMINGS: the watch's own account of each run (diagnostics, printed below).
    env: { ...process.env, NO_COLOR: '1', SOCIALGEN_WATCH_TIMINGS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  /** Runs finished: each prints one `✓ out: …` line (after its output is on disk). */
  const runs = () => stdout.split('\n').filter((l) => l.startsWith('✓ ')).length;
  try {
    if (!(await until(() => stderr.includes('watching for changes') && existsSync(output), 120_000))) throw new Error(`the watch did not start:\n${stderr}`);
    // chokidar reports ready asynchronously after the message; give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Diagnostics: the load decides whether the watch emits on its kept worker thread (README: below twice the cores).
    const loadBefore = loadavg()[0]!;
    /** `EDITS` edits, the i-th written by `edit(marker(i))`, each timed until its marker is in the types' schemas. */
    const series = async (label: string, file: string, marker: (i: number) => string, edit: (marker: string) => string): Promise<string> => {
      const samples: number[] = [];
      const cpuBefore = cpuMs(child.pid!);
      const from = stderr.length;
      for (let i = 1; i <= EDITS; i++) {
        const mark = marker(i);
        const before = runs();
        const started = performance.now();
        writeFileSync(file, edit(mark));
        const seen = await until(() => existsSync(output) && readFileSync(output, 'utf8').includes(mark), 30_000);
        if (!seen) throw new Error(`edit ${i} (${label}) never reached ${output}:\n${stderr.slice(-2000)}`);
        samples.push(performance.now() - started);
        // Let the run finish (and any run a late file event starts) before the next edit.
        await until(() => runs() > before, 60_000);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      const cpuAfter = cpuMs(child.pid!);
      const sorted = [...samples].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      const cpu = cpuBefore === undefined || cpuAfter === undefined ? '' : `; the watch's CPU time ${((cpuAfter - cpuBefore) / EDITS).toFixed(0)} ms per edit`;
      return `median ${median.toFixed(0)} ms (min ${sorted[0]!.toFixed(0)}, max ${sorted.at(-1)!.toFixed(0)}); target ≤ 300 ms (${(300 / median).toFixed(2)}× the target's speed)${cpu}\n  the watch's medians per run (SOCIALGEN_WATCH_TIMINGS): ${stageMedians(stderr.slice(from))}`;
    };
    const described = await series('description', edited, (i) => `watch-edit-${i}`, (marker) => original.replace(line, `${line.slice(0, -1)} ${marker}.`));
    console.log(`edit → regenerated file on disk, ${EDITS} edits of a schema's description: ${described}`);
    // The description back as it was, and that run over, before the second kind.
    const before = runs();
    writeFileSync(edited, original);
    await until(() => runs() > before, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const added = await series('property', users, (i) => `watch_edit_${i}`, (marker) => usersOriginal.replace(property, `    ${marker}:\n      type: integer\n${property}`));
    console.log(`edit → regenerated file on disk, ${EDITS} edits adding a property (every target emitted): ${added}`);
    const cores = availableParallelism();
    const worker = process.env.SOCIALGEN_EMIT_WORKER === '0' ? 'off (SOCIALGEN_EMIT_WORKER=0)' : process.env.SOCIALGEN_EMIT_WORKER === '1' ? 'on (SOCIALGEN_EMIT_WORKER=1)' : `on while the load is below ${2 * cores}`;
    console.log(`  1-minute load ${loadBefore.toFixed(2)} → ${loadavg()[0]!.toFixed(2)} on ${cores} cores; the watch's emit worker: ${worker}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}
