/**
 * Running the generator in memory the way `socialgen generate` does (same pipeline, same defaults), and
 * writing its output to a folder.
 */
import { mkdirSync, writeFileSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generate, type GenerateResult } from '../../generator/src/pipeline.ts';
import { DEFAULT_CONFIG, type SocialgenConfig } from '../../generator/src/config.ts';
import type { TargetName } from '../../generator/src/emit/emitter.ts';

export type { TargetName };

/**
 * Targets are names as a config gives them (`string[]`): built-ins and plugins' targets (zod, query, ...).
 * A config as `generate` would build it from defaults, for `specPath` and `targets`; the package scope is
 * the repository's own (socialgen.config.yaml), so fixture output imports `@social-posting/*`.
 */
export function configFor(specPath: string, targets: readonly string[] = ['types'], overrides: Partial<SocialgenConfig> = {}): SocialgenConfig {
  return {
    ...DEFAULT_CONFIG,
    packages: { ...DEFAULT_CONFIG.packages, scope: 'social-posting', names: { ...DEFAULT_CONFIG.packages.names } },
    options: { ...DEFAULT_CONFIG.options },
    spec: path.resolve(specPath),
    targets: [...targets],
    ...overrides,
  };
}

/** Every output file (path relative to the output folder, e.g. `types/src/schemas.ts`) → contents. */
export async function generateInMemory(specPath: string, targets: readonly string[] = ['types'], overrides: Partial<SocialgenConfig> = {}): Promise<Map<string, string>> {
  return (await generateResult(specPath, targets, overrides)).files;
}

/** Like generateInMemory, with the loaded model and warnings too. */
export function generateResult(specPath: string, targets: readonly string[] = ['types'], overrides: Partial<SocialgenConfig> = {}): Promise<GenerateResult> {
  return generate(configFor(specPath, targets, overrides));
}

/** Writes `files` (relative paths) under `dir`. */
export function writeFiles(dir: string, files: Map<string, string> | Iterable<[string, string]>): void {
  for (const [rel, contents] of files) {
    const abs = path.join(dir, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, contents);
  }
}

/** Every file under `dir` (relative path → contents), sorted; for byte-for-byte comparisons of folders. */
export function readTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string): void => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else out.set(child, readFileSync(path.join(dir, child), 'latin1'));
    }
  };
  walk('');
  return out;
}
