/**
 * `socialgen generate --watch` as a developer runs it (a child process): it regenerates when the root spec
 * or a file it references changes, coalesces a burst of saves into one run (debounced), shows a broken
 * spec's problems with file:line:column and keeps watching (and the previous output), regenerates once the
 * spec is fixed, and stops cleanly on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/paths.ts';
import { socialgenBin, writePipelineSpec, writeThing } from './helpers.ts';

const tmp = tempDir('socialgen-watch-');
let child: ChildProcess | undefined;
let stdout = '';
let stderr = '';

const schemasFile = () => path.join(tmp.dir, 'out/types/src/schemas.ts');
const schemas = () => (existsSync(schemasFile()) ? readFileSync(schemasFile(), 'utf8') : '');
/** Runs that finished: each prints one `✓ out: …` line. */
const runs = () => stdout.split('\n').filter((l) => l.startsWith('✓ ')).length;

async function until(what: string, condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (child?.exitCode !== null && child?.exitCode !== undefined) throw new Error(`the watch exited (${child.exitCode}) while waiting for ${what}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Saves (`write`) and waits for the regeneration. The watch prints "watching" before its file watcher is
 * ready (chokidar scans asynchronously), so on a busy machine the first save can come too early: a save
 * that is not picked up within 10 s is made again, as a user would. A watch that ignores a file fails anyway.
 */
async function save(what: string, write: () => void, outputShows: () => boolean): Promise<void> {
  // The output is swapped in before the run prints its line: wait for both.
  const before = runs();
  const condition = () => outputShows() && runs() > before;
  write();
  try {
    await until(what, condition, 10_000);
  } catch {
    write();
    await until(what, condition, 30_000);
  }
}

beforeAll(async () => {
  writePipelineSpec(tmp.dir);
  child = spawn(process.execPath, [socialgenBin, 'generate', '--watch', '--spec', 'api.yaml', '--out', 'out', '--target', 'types', '--no-format'], {
    cwd: tmp.dir,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  await until('the first generation and the watch', () => runs() === 1 && stderr.includes('watching for changes'));
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
  }
  tmp.remove();
});

describe('generate --watch', () => {
  it('generates at start', () => {
    expect(schemas()).toMatch(/export interface Thing \{/);
    expect(schemas()).toMatch(/name\?: string/);
  });

  it('regenerates when a referenced file of the spec changes', async () => {
    const before = runs();
    await save('colour in the output', () => writeThing(tmp.dir, 'colour: { type: string }'), () => schemas().includes('colour?: string'));
    expect(runs()).toBeGreaterThan(before);
  });

  it('regenerates when the root spec changes', async () => {
    const before = runs();
    const api = path.join(tmp.dir, 'api.yaml');
    const text = readFileSync(api, 'utf8').replace('  schemas:\n', '  schemas:\n    Gadget: { type: object, properties: { size: { type: integer } } }\n');
    await save('Gadget in the output', () => writeFileSync(api, text), () => schemas().includes('export interface Gadget'));
    expect(runs()).toBeGreaterThan(before);
  });

  // A burst is several saves the watch sees together. Written by this process in a loop they are not that
  // under load: descheduled between two saves for longer than the debounce, it makes two bursts. So the
  // watch is stopped (SIGSTOP) while the burst is written and goes on with all of its events at once. How
  // many runs a burst makes exactly is checked on a fake clock (watch-schedule.test.ts): here a watch
  // descheduled for longer than the debounce between the two files' events may run twice. Linux only: the
  // stop is read from /proc.
  it.skipIf(process.platform !== 'linux')('coalesces a burst of saves of several files (debounced), the last save wins', async () => {
    const pid = child!.pid!;
    const state = () => /^\d+ \(.*\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1];
    const api = path.join(tmp.dir, 'api.yaml');
    const before = runs();
    process.kill(pid, 'SIGSTOP');
    try {
      await until('the watch to stop', () => state() === 'T');
      for (let i = 1; i <= 5; i++) writeThing(tmp.dir, `burst${i}: { type: string }`);
      writeFileSync(api, readFileSync(api, 'utf8').replace('  schemas:\n', '  schemas:\n    Burst: { type: string }\n'));
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await until('the burst in the output', () => runs() > before && schemas().includes('burst5?: string') && schemas().includes('export type Burst ='));
    expect(schemas()).not.toContain('burst4');
    // Rather than waiting a wall-clock while for a run too many: one more save, and its run (any run the
    // burst made comes before it).
    writeThing(tmp.dir, 'burst5: { type: string }\n  sentinel: { type: boolean }');
    await until('the sentinel in the output', () => schemas().includes('sentinel?: boolean') && runs() > before + 1);
    // One run for the burst (two at most, see above), one for the sentinel.
    expect(runs() - before).toBeGreaterThanOrEqual(2);
    expect(runs() - before).toBeLessThanOrEqual(3);
  });

  it('shows a broken spec with file:line:column, keeps the previous output, and keeps watching', async () => {
    const before = schemas();
    const errorsBefore = stderr.length;
    writeFileSync(path.join(tmp.dir, 'thing.yaml'), 'type: object\nproperties:\n  id: { type: string\n  broken: [\n');
    await until('the problem on stderr', () => stderr.slice(errorsBefore).includes('previous output is kept'));
    const shown = stderr.slice(errorsBefore);
    expect(shown).toMatch(/thing\.yaml:\d+:\d+: /);
    expect(child!.exitCode).toBeNull();
    expect(schemas()).toBe(before);
  });

  it('regenerates once the spec is fixed', async () => {
    const runsBefore = runs();
    await save('fixed in the output', () => writeThing(tmp.dir, 'fixed: { type: boolean }'), () => schemas().includes('fixed?: boolean'));
    expect(runs()).toBeGreaterThan(runsBefore);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('generate --watch started on a broken spec', () => {
  const broken = tempDir('socialgen-watch-broken-');
  let proc: ChildProcess | undefined;
  let out = '';
  let err = '';

  afterAll(async () => {
    if (proc && proc.exitCode === null) {
      proc.kill('SIGKILL');
      await new Promise((resolve) => proc!.once('exit', resolve));
    }
    broken.remove();
  });

  it('shows the problems, keeps watching the root spec, and generates once it is fixed', async () => {
    writePipelineSpec(broken.dir);
    const api = path.join(broken.dir, 'api.yaml');
    const good = readFileSync(api, 'utf8');
    writeFileSync(api, good.replace('openapi:', 'openapi: [\nopenapi:'));
    proc = spawn(process.execPath, [socialgenBin, 'generate', '--watch', '--spec', 'api.yaml', '--out', 'out', '--target', 'types', '--no-format'], {
      cwd: broken.dir,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    proc.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    const wait = async (what: string, condition: () => boolean): Promise<void> => {
      const started = Date.now();
      while (!condition()) {
        if (proc!.exitCode !== null) throw new Error(`the watch exited (${proc!.exitCode}) while waiting for ${what}\n${out}\n${err}`);
        if (Date.now() - started > 30_000) throw new Error(`timed out waiting for ${what}\n${out}\n${err}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await wait('the problem and the watch', () => /api\.yaml:\d+:\d+: YAML/.test(err) && err.includes('watching for changes'));
    expect(existsSync(path.join(broken.dir, 'out'))).toBe(false);
    writeFileSync(api, good);
    await wait('the generation after the fix', () => out.includes('✓ ') && existsSync(path.join(broken.dir, 'out/types/src/schemas.ts')));
    expect(proc.exitCode).toBe(null);
  });
});
