/**
 * The seeds of the printer's property tests (fast-check against prettier: test/print/, test/validators/).
 * CI runs each property at its fixed default seed, so the suite is deterministic. A nightly job (or anyone
 * changing the printer) rotates them: `SOCIALGEN_PRINT_SEED=<n>` or `<from>-<to>` runs every property at
 * those seeds instead, and `SOCIALGEN_PRINT_RUNS=<k>` multiplies each property's runs (scripts/print-seeds.ts
 * runs the files over a range). A failure names every failing seed and how to rerun it.
 */
import fc from 'fast-check';

/** The env's seeds (`7`, `100-199`, `3,5,9-12`), or undefined when unset. */
export function envSeeds(value = process.env.SOCIALGEN_PRINT_SEED): number[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const seeds: number[] = [];
  for (const part of value.split(',')) {
    const range = /^\s*(-?\d+)\s*(?:-\s*(-?\d+)\s*)?$/.exec(part);
    if (!range) throw new Error(`SOCIALGEN_PRINT_SEED: "${part}" is not a seed or a range (from-to)`);
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (to < from) throw new Error(`SOCIALGEN_PRINT_SEED: the range "${part}" is empty`);
    for (let seed = from; seed <= to; seed++) seeds.push(seed);
  }
  return seeds;
}

/** The env's factor of each property's runs (1 when unset). */
export function runsFactor(value = process.env.SOCIALGEN_PRINT_RUNS): number {
  if (value === undefined || value.trim() === '') return 1;
  const factor = Number(value);
  if (!(factor > 0)) throw new Error(`SOCIALGEN_PRINT_RUNS: "${value}" is not a positive number`);
  return factor;
}

/** The seeds a property runs: the env's, else its defaults. */
export function printSeeds(defaults: number | readonly number[]): readonly number[] {
  return envSeeds() ?? (typeof defaults === 'number' ? [defaults] : defaults);
}

/**
 * `fc.assert` of `property` at each seed (`printSeeds(seed)`), `numRuns` runs each (times the env's factor).
 * Every seed runs, failing or not; the error lists each failing seed with fast-check's report (its
 * counterexample, shrunk) and the command that reruns it.
 */
export async function assertSeeded<T>(property: fc.IProperty<T> | fc.IAsyncProperty<T>, options: { seed: number | readonly number[]; numRuns: number }): Promise<void> {
  const numRuns = Math.max(1, Math.round(options.numRuns * runsFactor()));
  const failures: string[] = [];
  for (const seed of printSeeds(options.seed)) {
    const details = await fc.check(property as fc.IAsyncProperty<T>, { seed, numRuns });
    if (!details.failed) continue;
    const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    failures.push(`seed ${seed} (rerun: SOCIALGEN_PRINT_SEED=${seed}):\n${fc.defaultReportMessage(details) ?? 'failed'}\n${error}`);
  }
  if (failures.length) throw new Error(`${failures.length} failing seed(s):\n\n${failures.join('\n\n')}`);
}
