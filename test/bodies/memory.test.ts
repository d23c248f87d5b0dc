/**
 * Large bodies stream in bounded memory: 64 MB up and down through the generated client and server,
 * peak RSS sampled every 20 ms. Needs `--expose-gc` (vitest runs in a child process that has
 * it only when asked: the test re-runs itself through node with the flag).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/paths.ts';

describe('large binary bodies', () => {
  it('64 MB upload and download hold far less than the body in memory (second round, warmed up)', () => {
    const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(repoRoot, 'scripts/bodies-memory.ts'), '64'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 240_000,
    });
    const rounds = [...out.matchAll(/(upload|download)\s+([\d.]+) MB in \d+ ms; peak live memory \+[\d.]+ MB, peak RSS \+([\d.]+) MB/g)].map((m) => ({ what: m[1], size: +m[2], rss: +m[3] }));
    expect(rounds).toHaveLength(4);
    for (const r of rounds) expect(r.size).toBe(64);
    // The warmed-up round must stay well under the body size (a buffered body would hold all 64 MB).
    // RSS is the honest measure here: V8's arrayBuffers counter lags behind frees of fetch's buffers.
    for (const r of rounds.slice(2)) expect(r.rss, out).toBeLessThan(24);
  }, 300_000);
});
