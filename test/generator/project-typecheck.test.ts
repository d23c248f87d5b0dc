/**
 * The repository's own TypeScript (generator sources, bin, tests, scripts) type-checks under the strict
 * root tsconfig.json, as `npm run typecheck` does. Nothing else runs that check on every run: the generator's
 * build covers generator/src only, and vitest strips types without checking them, so test files had drifted
 * from the model's types (a required `deprecated` the client fixture lacked, plugin target names the
 * generate helpers refused) without any test failing. One compiler run over the whole program (about 40 s of
 * one core), named in the slow-first sequencer so it starts early.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { repoRoot, tscBin } from '../helpers/paths.ts';

it('tsc -p tsconfig.json --noEmit reports nothing (generator, bin, tests, scripts; strict)', async () => {
  const result = await promisify(execFile)(process.execPath, [tscBin, '-p', 'tsconfig.json', '--noEmit', '--pretty', 'false'], { cwd: repoRoot, maxBuffer: 64 << 20 }).then(
    (done) => ({ code: 0, output: done.stdout + done.stderr }),
    (failed: { code?: number; stdout?: string; stderr?: string }) => ({ code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }),
  );
  expect(result.output.trim()).toBe('');
  expect(result.code).toBe(0);
}, 600_000);
