/**
 * Folders socialgen wrote that the current config no longer writes: `src/api/query` left from a one-off
 * `--target query` run. A folder counts as socialgen's only by its mark (emit/package/mark.ts): the
 * package.json's `socialgen.target` (packages layout) or the README's first line (files layout), naming the
 * folder's own target. Folders without the mark are the user's and are never reported.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { filesMarkTarget, packageMarkTarget } from '../emit/package/mark.ts';

/** The subfolders of `outDir` marked as a target's output that are not among `targets`, sorted. */
export function staleFolders(outDir: string, targets: readonly string[]): string[] {
  let entries: string[];
  try {
    entries = readdirSync(outDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    return [];
  }
  return entries.filter((name) => !targets.includes(name) && markedTarget(path.join(outDir, name)) === name).sort();
}

/** The target a folder's mark names, if it has one. */
export function markedTarget(dir: string): string | undefined {
  const read = (file: string): string | undefined => {
    try {
      return readFileSync(path.join(dir, file), 'utf8');
    } catch {
      return undefined;
    }
  };
  const pkg = read('package.json');
  const fromPackage = pkg === undefined ? undefined : packageMarkTarget(pkg);
  if (fromPackage !== undefined) return fromPackage;
  const readme = read('README.md');
  return readme === undefined ? undefined : filesMarkTarget(readme);
}
