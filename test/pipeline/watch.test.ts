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

  it('coalesces a burst of saves into one run (debounced)', async () => {
    const before = runs();
    for (let i = 1; i <= 5; i++) writeThing(tmp.dir, `burst${i}: { type: string }`);
    await until('the last save in the output', () => schemas().includes('burst5?: string'));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Five saves within a few milliseconds; one run (two if the machine stalls mid-burst).
    expect(runs() - before).toBeGreaterThanOrEqual(1);
    expect(runs() - before).toBeLessThanOrEqual(2);
    expect(schemas()).not.toContain('burst4');
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

  // Starting the watch on a spec that is already broken: the first run fails before the spec's files are
  // known, so cli/commands/generate.ts watches nothing and the process ends. It needs to watch at least the
  // root spec (and the files the diagnostics name) when the first run fails — reported to the lead.
  it.todo('starts on a broken spec, shows its problems, and generates once it is fixed');

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
