/**
 * Determinism and the `check` guard, on the project's own (split) spec:
 * - two generations, with every target whose emitter loads, are byte-identical;
 * - `socialgen check` passes on the committed `generated/` folder (once the lead commits it);
 * - `check` passes on a freshly written output folder and fails (exit 1), naming each file, when a
 *   generated file was modified, one was deleted and an extra one added.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TARGETS, type TargetName } from '../../generator/src/emit/emitter.ts';
import { loadEmitter } from '../../generator/src/emit/registry.ts';
import { main } from '../../generator/src/cli/main.ts';
import { memoryIO } from '../../generator/src/cli/io.ts';
import { generateInMemory, writeFiles } from '../helpers/generate.ts';
import { projectSpec, repoRoot, tempDir } from '../helpers/paths.ts';

/**
 * The targets whose emitter module imports. All four load today; while a target is being written its
 * module may fail to import — it is then left out here (and listed by the first test) rather than failing
 * the determinism of the others.
 */
const available: TargetName[] = [];
const unavailable: string[] = [];

beforeAll(async () => {
  for (const target of TARGETS) {
    try {
      await loadEmitter(target);
      available.push(target);
    } catch (error) {
      unavailable.push(`${target}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
});

describe('determinism', () => {
  it('two generations of the project spec are byte-identical (every target that loads, formatted)', async () => {
    expect(available, `targets that do not import: ${unavailable.join('; ')}`).toContain('types');
    const first = await generateInMemory(projectSpec, available);
    const second = await generateInMemory(projectSpec, available);
    expect([...second.keys()]).toEqual([...first.keys()]);
    for (const [file, contents] of first) expect(second.get(file) === contents, `${file} differs between two runs`).toBe(true);
    // Every available target produced a package.
    for (const target of available) expect(first.has(`${target}/package.json`), target).toBe(true);
    // Nothing of this machine in the output (absolute paths would differ on every checkout).
    for (const [file, contents] of first) expect(contents.includes(repoRoot), `${file} mentions ${repoRoot}`).toBe(false);
  }, 120_000);
});

describe('socialgen check', () => {
  // Runs once `generated/` is committed (tracked by git); an untracked folder someone generated locally
  // may be stale and is not the guard's business.
  const committed = existsSync(path.join(repoRoot, 'generated/types/package.json')) && isTracked('generated/types/package.json');

  // The snapshot guard of the real output: the committed `generated/` is what `generate` writes.
  it.runIf(committed)('passes on the committed generated/ folder', async () => {
    const io = memoryIO(repoRoot);
    const code = await main(['check', '--quiet'], io);
    expect({ code, stdout: io.stdout.join('\n'), stderr: io.stderr.join('\n') }).toEqual({ code: 0, stdout: '', stderr: '' });
  }, 120_000);

  // Until `generated/` is committed (and to test check itself): a folder written here, unformatted to
  // stay fast (check compares with what `generate --no-format` would write; every target that loads).
  const tmp = tempDir('socialgen-check-');
  afterAll(() => tmp.remove());
  const out = path.join(tmp.dir, 'generated');
  // The repository's config (its package scope, as generateInMemory uses); the flags override the rest.
  const args = () => ['check', '--config', path.join(repoRoot, 'socialgen.config.yaml'), '--spec', projectSpec, '--out', out, '--target', available.join(','), '--no-format'];

  it('passes on a freshly generated output folder', async () => {
    const files = await generateInMemory(projectSpec, available, { format: false });
    writeFiles(out, files);
    const io = memoryIO(tmp.dir);
    const code = await main(args(), io);
    expect(io.stdout.join('\n')).toMatch(/is up to date \(\d+ files\)/);
    expect(code).toBe(0);
  }, 60_000);

  it('fails (exit 1) naming a modified, a deleted and an extra file', async () => {
    const modified = path.join(out, 'types/src/schemas.ts');
    writeFileSync(modified, readFileSync(modified, 'utf8').replace('export', 'export /* edited by hand */'));
    rmSync(path.join(out, 'types/src/limits.ts'));
    writeFileSync(path.join(out, 'types/src/extra.ts'), 'export {};\n');
    const io = memoryIO(tmp.dir);
    const code = await main(args(), io);
    const stdout = io.stdout.join('\n');
    expect(code).toBe(1);
    expect(stdout).toContain('1 stale, 1 missing, 1 extra');
    expect(stdout).toMatch(/stale: +\S*types\/src\/schemas\.ts/);
    expect(stdout).toMatch(/missing: +\S*types\/src\/limits\.ts/);
    expect(stdout).toMatch(/extra: +\S*types\/src\/extra\.ts/);
    // A short diff shows what changed.
    expect(stdout).toContain('edited by hand');
  }, 60_000);
});

function isTracked(file: string): boolean {
  const git = spawnSync('git', ['ls-files', '--error-unmatch', file], { cwd: repoRoot, encoding: 'utf8' });
  return git.status === 0;
}
