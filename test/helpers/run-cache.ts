/**
 * Work that several test files need from the same inputs (the generated packages built and packed, the
 * CLI's tarball), done once and shared: a folder under `node_modules/.cache/socialgen-test/<kind>/<key>/`,
 * where the key is a hash of every input. The first caller builds it while the others (the other vitest
 * worker, another file) wait on its lock and then read it; a later run with the same inputs reads it
 * too. A changed input is a new key, so a stale result is never used; a build that fails leaves nothing.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.ts';

export const RUN_CACHE = path.join(repoRoot, 'node_modules/.cache/socialgen-test');

/** A lock older than this was left by a run that died while building (the slowest build takes ~2 min under load). */
const STALE_LOCK_MS = 15 * 60_000;
const POLL_MS = 250;

/** A hash of the given strings and of the contents of the files (`[root, relative paths]`), in order. */
export function hashInputs(values: readonly string[], files: ReadonlyArray<readonly [string, readonly string[]]> = []): string {
  const hash = createHash('sha256');
  for (const value of values) hash.update(`${value}\0`);
  for (const [root, list] of files) {
    for (const file of list) {
      hash.update(`${root}/${file}\0`);
      if (existsSync(path.join(root, file))) hash.update(readFileSync(path.join(root, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** The files git tracks or would track under `dir` (relative, sorted), less `exclude` pathspecs (`dist`). */
export function sourceFiles(dir: string, exclude: readonly string[] = []): string[] {
  const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', '.', ...exclude.map((e) => `:!${e}`)], { cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20 });
  return out.split('\n').filter(Boolean).sort();
}

/** What every build here depends on besides its own inputs: the tool versions the lockfile pins, and Node's. */
export function toolchainInputs(): string[] {
  return [process.version, readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')];
}

/**
 * The folder of `kind` for `key`, built by `build(dir)` (into a staging folder renamed into place when it
 * returns) unless it exists. Synchronous, as the `beforeAll` hooks that call it are: a caller that finds
 * another's lock sleeps until that folder appears (the other worker builds on the other core meanwhile).
 */
export function cachedFolder(kind: string, key: string, build: (dir: string) => void): string {
  const dir = path.join(RUN_CACHE, kind, key);
  if (existsSync(dir)) return dir;
  mkdirSync(path.dirname(dir), { recursive: true });
  const lock = `${dir}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (existsSync(dir)) return dir;
    if (lockAge(lock) > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
    else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, POLL_MS);
  }
  try {
    // Built by the holder of the lock before ours, between our look and our lock.
    if (existsSync(dir)) return dir;
    const staging = `${dir}.partial-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    try {
      build(staging);
      renameSync(staging, dir);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }
    return dir;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function lockAge(lock: string): number {
  try {
    return Date.now() - statSync(lock).mtimeMs;
  } catch {
    return 0;
  }
}
