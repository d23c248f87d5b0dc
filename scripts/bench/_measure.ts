/** Helpers shared by benchmarks: run a command several times, report median wall time and peak memory. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface Measurement {
  label: string;
  seconds: number;
  peakMb: number | undefined;
  /** CPU time (user + system, all threads) of the median run, via GNU time when present. */
  cpuSeconds?: number;
}

const TIME = '/usr/bin/time';

/** Median wall time (and the peak RSS and CPU time of the median run, via GNU time when present) over `runs` runs. */
export function measureCommand(label: string, command: string, args: string[], runs = 3, cwd = process.cwd()): Measurement {
  const samples: Array<{ seconds: number; peakMb?: number; cpuSeconds?: number }> = [];
  for (let i = 0; i < runs; i++) {
    const useTime = existsSync(TIME);
    const started = performance.now();
    const result = useTime
      ? spawnSync(TIME, ['-f', '__PEAK_KB__ %M %U %S', command, ...args], { cwd, encoding: 'utf8', maxBuffer: 64 << 20 })
      : spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
    const seconds = (performance.now() - started) / 1000;
    // Both streams: some tools (orval) report their error on stdout.
    if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status}):\n${`${result.stdout ?? ''}\n${result.stderr ?? ''}`.trim().slice(-4000)}`);
    const time = /__PEAK_KB__ (\d+) ([\d.]+) ([\d.]+)/.exec(result.stderr ?? '');
    samples.push({ seconds, peakMb: time ? Number(time[1]) / 1024 : undefined, cpuSeconds: time ? Number(time[2]) + Number(time[3]) : undefined });
  }
  samples.sort((a, b) => a.seconds - b.seconds);
  const median = samples[Math.floor(samples.length / 2)];
  return { label, seconds: median.seconds, peakMb: median.peakMb, cpuSeconds: median.cpuSeconds };
}

export function printTable(rows: Measurement[], baseline: Measurement): void {
  for (const r of rows) {
    const ratio = baseline.seconds / r.seconds;
    console.log(
      `${r.label.padEnd(52)} ${r.seconds.toFixed(2).padStart(7)} s  ${r.cpuSeconds === undefined ? '' : `${r.cpuSeconds.toFixed(2).padStart(6)} s CPU  `}${r.peakMb === undefined ? '     n/a' : `${r.peakMb.toFixed(0).padStart(5)} MB`}  ${r === baseline ? '(baseline)' : `${ratio.toFixed(2)}× the baseline's speed`}`,
    );
  }
}
