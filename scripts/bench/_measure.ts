/**
 * Helpers shared by benchmarks: run commands several times, report median wall time, CPU time and peak
 * memory, and ratios against a peer measured in the same run.
 *
 * This host's speed drifts by ±25% within minutes (other processes, thermal state), more than the margins
 * of the goals judged here. `measureRounds` therefore runs the peer and the contenders in rounds, each once
 * per round in turn, and judges a contender by the median of its per-round ratios to the peer: a slow
 * minute slows both runs of a round alike, where medians of separate batches (`measureCommand` for each)
 * would compare one minute's peer with another minute's contender.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface Measurement {
  label: string;
  seconds: number;
  peakMb: number | undefined;
  /** CPU time (user + system, all threads) of the median run, via GNU time when present. */
  cpuSeconds?: number;
  /**
   * From `measureRounds`: the baseline's wall time divided by this row's, per round, sorted; the table
   * prints their median as the row's ratio.
   */
  roundRatios?: number[];
}

/** One command of a round: what to run and, optionally, environment variables set for it. */
export interface BenchCommand {
  label: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

interface Sample {
  seconds: number;
  peakMb?: number;
  cpuSeconds?: number;
}

const TIME = '/usr/bin/time';

function runOnce({ label, command, args, env }: BenchCommand, cwd: string): Sample {
  const useTime = existsSync(TIME);
  const options = { cwd, encoding: 'utf8' as const, maxBuffer: 64 << 20, env: env ? { ...process.env, ...env } : process.env };
  const started = performance.now();
  const result = useTime ? spawnSync(TIME, ['-f', '__PEAK_KB__ %M %U %S', command, ...args], options) : spawnSync(command, args, options);
  const seconds = (performance.now() - started) / 1000;
  // Both streams: some tools (orval) report their error on stdout.
  if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status}):\n${`${result.stdout ?? ''}\n${result.stderr ?? ''}`.trim().slice(-4000)}`);
  const time = /__PEAK_KB__ (\d+) ([\d.]+) ([\d.]+)/.exec(result.stderr ?? '');
  return { seconds, peakMb: time ? Number(time[1]) / 1024 : undefined, cpuSeconds: time ? Number(time[2]) + Number(time[3]) : undefined };
}

const median = <T>(sorted: T[]): T => sorted[Math.floor(sorted.length / 2)]!;

/** The median run by wall time, with that run's peak memory and CPU time. */
function summary(label: string, samples: Sample[]): Measurement {
  const m = median([...samples].sort((a, b) => a.seconds - b.seconds));
  return { label, seconds: m.seconds, peakMb: m.peakMb, cpuSeconds: m.cpuSeconds };
}

/** Median wall time (and the peak RSS and CPU time of the median run, via GNU time when present) over `runs` runs. */
export function measureCommand(label: string, command: string, args: string[], runs = 3, cwd = process.cwd()): Measurement {
  const samples: Sample[] = [];
  for (let i = 0; i < runs; i++) samples.push(runOnce({ label, command, args }, cwd));
  return summary(label, samples);
}

/**
 * `rounds` rounds of every command, in order (the first is the baseline); each row's wall time, CPU time
 * and peak memory are those of its median run, and its `roundRatios` are the baseline's time divided by
 * its own in the same round.
 */
export function measureRounds(commands: BenchCommand[], rounds: number, cwd = process.cwd()): Measurement[] {
  const samples = commands.map((): Sample[] => []);
  for (let round = 0; round < rounds; round++) commands.forEach((c, i) => samples[i]!.push(runOnce(c, cwd)));
  return commands.map((c, i) => {
    const row = summary(c.label, samples[i]!);
    if (i > 0) row.roundRatios = samples[i]!.map((s, r) => samples[0]![r]!.seconds / s.seconds).sort((a, b) => a - b);
    return row;
  });
}

/** A row's ratio to the baseline as the table prints it: baseline time / row time (>1: faster). */
export function speedRatio(row: Measurement, baseline: Measurement): number {
  return row.roundRatios ? median(row.roundRatios) : baseline.seconds / row.seconds;
}

export function printTable(rows: Measurement[], baseline: Measurement): void {
  for (const r of rows) {
    const rounds = r.roundRatios && r.roundRatios.length > 1 ? ` (median of ${r.roundRatios.length} rounds: ${r.roundRatios.map((x) => x.toFixed(2)).join(', ')})` : '';
    console.log(
      `${r.label.padEnd(52)} ${r.seconds.toFixed(2).padStart(7)} s  ${r.cpuSeconds === undefined ? '' : `${r.cpuSeconds.toFixed(2).padStart(6)} s CPU  `}${r.peakMb === undefined ? '     n/a' : `${r.peakMb.toFixed(0).padStart(5)} MB`}  ${r === baseline ? '(baseline)' : `${speedRatio(r, baseline).toFixed(2)}× the baseline's speed${rounds}`}`,
    );
  }
}
