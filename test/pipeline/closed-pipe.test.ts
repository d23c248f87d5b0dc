/**
 * A reader that stops early (`socialgen --help | head -1`) closes the pipe while the CLI still writes. That
 * is the reader's choice: the CLI must end quietly with its own exit code, not crash on EPIPE with a stack
 * trace. Runs the built CLI (`npm test` builds it first) with a stdout pipe closed after the first bytes.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { socialgenBin } from './helpers.ts';

function runAndCloseEarly(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    // stdout is a pipe we read once and then close, like `head -1`.
    const child = spawn(process.execPath, [socialgenBin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.once('data', () => child.stdout.destroy());
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('a closed stdout pipe', () => {
  it('ends --help quietly with exit 0 (no EPIPE stack trace), every time', async () => {
    // The crash depended on timing (2 of 3 tries): several runs make a regression show.
    for (let i = 0; i < 6; i++) {
      const { code, stderr } = await runAndCloseEarly(['--help']);
      expect(stderr).not.toMatch(/EPIPE|Error|at /);
      expect(code).toBe(0);
    }
  }, 60_000);
});
