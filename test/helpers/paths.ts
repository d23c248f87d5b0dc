/** Where things are, for every test suite: the repository root, the fixtures, the shared corpus, temp folders. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The project's own spec (split over `spec/`). */
export const projectSpec = path.join(repoRoot, 'spec/social-posting.openapi.yaml');
/** Feature fixtures: one small spec per feature (`<name>.yaml`, or a folder with `openapi.yaml`). */
export const fixtureSpecsDir = path.join(repoRoot, 'test/fixtures/specs');
/** The shared corpus beside the repository (`../shared/corpus`, read-only): specs, test suites, meta-schemas, diff pairs. */
export const sharedCorpusDir = path.resolve(repoRoot, '../shared/corpus');
/** The shared corpus of public specs (read-only). */
export const corpusDir = path.join(sharedCorpusDir, 'specs');
/** The TypeScript compiler of the workspace. */
export const tscBin = path.join(repoRoot, 'node_modules/.bin/tsc');

/** A fresh folder under the OS temp dir; `remove()` deletes it (safe to call twice). */
export function tempDir(prefix = 'socialgen-test-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
