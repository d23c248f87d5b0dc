/**
 * V8's optimizing compiler is off for one-shot commands (generator/src/v8-tiers.ts). The oracle is V8
 * itself: a function V8 is told to optimize on its next call (natives syntax) is TurboFan code afterwards
 * only where the flag was not set. Runs the built module in child processes.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/paths.ts';

const tiers = pathToFileURL(path.join(repoRoot, 'generator/dist/v8-tiers.js')).href;

/** Whether a function forced to optimize became TurboFan code, after limitOptimization(args). */
function turbofanned(args: string[], env: Record<string, string> = {}): boolean {
  const script = `
    const { limitOptimization } = await import(${JSON.stringify(tiers)});
    limitOptimization(${JSON.stringify(args)});
    function hot(x) { return x * 2 + 1; }
    %PrepareFunctionForOptimization(hot); hot(1); hot(2); %OptimizeFunctionOnNextCall(hot); hot(3);
    // V8's OptimizationStatus: bit 6 is "TurboFanned".
    console.log(JSON.stringify((%GetOptimizationStatus(hot) & (1 << 6)) !== 0));
  `;
  const base = { ...process.env };
  delete base.SOCIALGEN_TURBOFAN;
  const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], { encoding: 'utf8', env: { ...base, ...env } });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as boolean;
}

describe('V8 tiers', () => {
  it('no TurboFan for generate and check; kept for a watch, a server, other commands, and on request', { timeout: 60_000 }, () => {
    const seen = {
      generate: turbofanned(['generate', '--spec', 'a.yaml']),
      check: turbofanned(['check']),
      watch: turbofanned(['generate', '--watch']),
      mock: turbofanned(['mock', 'a.yaml']),
      diff: turbofanned(['diff', 'a.yaml', 'b.yaml']),
      requested: turbofanned(['generate'], { SOCIALGEN_TURBOFAN: '1' }),
    };
    expect(seen).toEqual({ generate: false, check: false, watch: true, mock: true, diff: true, requested: true });
  });
});
