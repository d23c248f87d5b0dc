/**
 * V8's optimizing compiler (TurboFan) off for a one-shot generation. A `generate` run lives about a second
 * on the bundled spec and under a minute on GitHub's: TurboFan's background threads spent ~0.6-0.8 s of CPU
 * per bundled run compiling code that the run ended before it paid back, on the same 2 cores as the main
 * thread (and the emit worker). Measured with `--max-opt=2` (the interpreter, Sparkplug
 * and, where V8 enables it, Maglev; no TurboFan), load average ~5 on 2 cores: bundled spec, 6 alternating
 * runs, median 3.76 s wall / 2.29 s CPU -> 2.51 s / 1.51 s; GitHub's spec 17.98 s / 13.1 s CPU / 625 MB ->
 * 11.90 s / 11.2 s / 495 MB; the output the same bytes (JIT tiers never change what code does).
 *
 * Only for commands that end when their output is written (`generate` without `--watch`, `check`): a
 * server (`mock`) or a watch runs long enough to earn TurboFan back. The flag is process-wide and read at
 * each tier-up decision, so setting it this early (bin/socialgen.js, before the command's code runs and
 * before any worker starts) covers all of it. SOCIALGEN_TURBOFAN=1 leaves V8's tiers as they are.
 */
import { setFlagsFromString } from 'node:v8';

/** `--max-opt=2`, for the one-shot commands of `args` (the command line after `socialgen`). */
export function limitOptimization(args: readonly string[]): void {
  if (process.env.SOCIALGEN_TURBOFAN === '1') return;
  const oneShot = (args[0] === 'generate' && !args.some((a) => a === '-w' || a === '--watch')) || args[0] === 'check';
  if (oneShot) setFlagsFromString('--max-opt=2');
}
