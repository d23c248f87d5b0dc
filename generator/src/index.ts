/**
 * The programmatic API of socialgen (`import … from 'socialgen'`); the CLI is a thin layer over it.
 *
 * - load a spec and build the model: `loadModel` (or `loadSpec` + `buildModel`);
 * - generate: `resolveConfig` + `generate` (files in memory), `writeOutput` / `compareOutput`;
 * - review a change: `diff`;
 * - write your own target: `defineEmitter` and the types of the plugin API (docs/plugins.md).
 *
 * Heavy dependencies (ts-morph, prettier, the validator compiler, the diff engine) are imported by the
 * function that needs them, so importing this module costs only the loader's dependencies.
 */
import type { SocialgenConfig, UserConfig } from './config.ts';
import type { GenerateResult, Stage } from './pipeline.ts';
import type { DiffOptions, DiffResult } from './diff/index.ts';
import type { WriteResult, Staleness } from './write/output.ts';

export * from './model/types.ts';
export { loadSpec, type LoadedSpec, type LoadOptions } from './load/index.ts';
export { SpecError, isSpecError, formatDiagnostic, type Diagnostic } from './load/diagnostics.ts';
export { buildModel } from './model/build.ts';
export { indexModel, schemaRef, refKey } from './model/index.ts';
export { loadModel, type LoadedModel } from './load-model.ts';
export { resolveConfig, loadConfig, findConfig, findSpec, NoSpecError, DEFAULT_CONFIG, CONFIG_FILES, SPEC_FILES, type SocialgenConfig, type UserConfig, type Layout } from './config.ts';
export { defineEmitter, OptionError, type TargetEmitter, type EmitContext, type EmittedFile, type PackageNaming, type PackageInfo, type ExampleCode, type Codegen, type ModuleLines, type ModuleLine, type Printer, type TargetName, type BuiltinTarget } from './emit/emitter.ts';
export type { GenerateResult, Stage, DiffOptions, DiffResult, WriteResult, Staleness };
export { GENERATOR_VERSION } from './version.ts';

/**
 * Generates every selected target in memory (load → model → emit → format); nothing is written. `config`
 * is a full config (`resolveConfig`) or the keys of a config file, resolved against the current folder
 * (without `spec`: the first of SPEC_FILES there, else a NoSpecError).
 */
export async function generate(config: SocialgenConfig | UserConfig, onProgress?: (stage: Stage, detail: string) => void): Promise<GenerateResult> {
  const { resolveConfig } = await import('./config.ts');
  const { generate: run } = await import('./pipeline.ts');
  return run(isResolved(config) ? config : await resolveConfig(config, process.cwd()), onProgress);
}

/** Writes a generation's files into `config.out`, target folder by target folder, atomically. */
export async function writeOutput(config: SocialgenConfig, result: GenerateResult): Promise<WriteResult> {
  const { writeOutput: write } = await import('./write/output.ts');
  return write(config.out, result.targets, result.files);
}

/** Compares a generation's files with `config.out` (what `socialgen check` reports). */
export async function compareOutput(config: SocialgenConfig, result: GenerateResult): Promise<Staleness> {
  const { compareOutput: compare } = await import('./write/output.ts');
  return compare(config.out, result.targets, result.files);
}

/** Breaking-change review of two specs (paths, or `git:<ref>:<path>`), as `socialgen diff` runs it. */
export async function diff(base: string, head: string, options: DiffOptions = {}): Promise<DiffResult> {
  const { diffSpecs } = await import('./diff/index.ts');
  return diffSpecs(base, head, options);
}

function isResolved(config: SocialgenConfig | UserConfig): config is SocialgenConfig {
  return (config as SocialgenConfig).resolved === true;
}
