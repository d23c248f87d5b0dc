/**
 * `write`: the only layer that touches the output folder. Everything is generated and formatted in
 * memory first; then each target folder is written to a temporary sibling and swapped in with renames, so
 * a failed run leaves the previous output untouched and a reader never sees half a package.
 * Folders that builds and installs create inside a package (`dist`, `node_modules`) are carried over.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Paths (relative to the package) that belong to the user's build, not to the generator. */
export const PRESERVED = ['dist', 'node_modules'];

/** Files under `dir`, relative, sorted, skipping preserved folders. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    const abs = path.join(dir, rel);
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!rel && PRESERVED.includes(entry.name)) continue;
        walk(child);
      } else out.push(child);
    }
  };
  if (existsSync(dir)) walk('');
  return out.sort();
}

export interface WriteResult {
  written: string[];
  unchanged: string[];
}

/**
 * Writes `files` (paths relative to `outDir`, first segment = target folder) for the given target folders.
 * Each target folder ends up containing exactly its generated files plus preserved folders.
 */
export function writeOutput(outDir: string, targets: string[], files: Map<string, string>): WriteResult {
  const result: WriteResult = { written: [], unchanged: [] };
  const changedTargets = targets.filter((target) => {
    const dir = path.join(outDir, target);
    const want = [...files.keys()].filter((p) => p.startsWith(`${target}/`)).map((p) => p.slice(target.length + 1)).sort();
    const have = listFiles(dir);
    let same = want.length === have.length && want.every((p, i) => p === have[i]);
    for (const rel of want) {
      const contents = files.get(`${target}/${rel}`)!;
      const abs = path.join(dir, rel);
      const equal = existsSync(abs) && readFileSync(abs, 'utf8') === contents;
      (equal ? result.unchanged : result.written).push(`${target}/${rel}`);
      if (!equal) same = false;
    }
    return !same;
  });
  if (!changedTargets.length) return result;

  mkdirSync(outDir, { recursive: true });
  const staging = path.join(outDir, `.socialgen-tmp-${process.pid}-${Date.now().toString(36)}`);
  const retired = `${staging}-old`;
  rmSync(staging, { recursive: true, force: true });
  try {
    for (const target of changedTargets) {
      for (const [rel, contents] of files) {
        if (!rel.startsWith(`${target}/`)) continue;
        const abs = path.join(staging, rel);
        mkdirSync(path.dirname(abs), { recursive: true });
        writeFileSync(abs, contents);
      }
      mkdirSync(path.join(staging, target), { recursive: true });
    }
    // Swap: every file is on disk in staging; now only renames happen.
    mkdirSync(retired, { recursive: true });
    for (const target of changedTargets) {
      const live = path.join(outDir, target);
      if (existsSync(live)) {
        for (const keep of PRESERVED) {
          const from = path.join(live, keep);
          if (existsSync(from) && statSync(from).isDirectory()) renameSync(from, path.join(staging, target, keep));
        }
        renameSync(live, path.join(retired, target));
      }
      renameSync(path.join(staging, target), live);
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(retired, { recursive: true, force: true });
  }
  return result;
}

export interface Staleness {
  stale: string[];
  missing: string[];
  extra: string[];
}

/** Compares generated files with what is on disk for the given target folders. */
export function compareOutput(outDir: string, targets: string[], files: Map<string, string>): Staleness {
  const stale: string[] = [];
  const missing: string[] = [];
  const extra: string[] = [];
  for (const target of targets) {
    const have = new Set(listFiles(path.join(outDir, target)).map((p) => `${target}/${p}`));
    for (const [rel, contents] of files) {
      if (!rel.startsWith(`${target}/`)) continue;
      if (!have.has(rel)) missing.push(rel);
      else if (readFileSync(path.join(outDir, rel), 'utf8') !== contents) stale.push(rel);
      have.delete(rel);
    }
    extra.push(...have);
  }
  return { stale: stale.sort(), missing: missing.sort(), extra: extra.sort() };
}
