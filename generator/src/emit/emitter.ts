/**
 * The contract between the pipeline and each target's emitter. Emitters are pure: they read the model and
 * return files; they never touch the file system, never format, never read YAML.
 */
import type { ApiModel } from '../model/types.ts';

export type TargetName = 'types' | 'validators' | 'client' | 'server';
export const TARGETS: readonly TargetName[] = ['types', 'validators', 'client', 'server'];

export interface EmittedFile {
  /** Path relative to the target's package folder, with forward slashes (e.g. `src/index.ts`). */
  path: string;
  contents: string;
  /** How `write` formats it: prettier's parser, or `none` to write as is. */
  format: 'typescript' | 'json' | 'markdown' | 'none';
}

export interface PackageNaming {
  /** npm scope without `@`, default `social-posting`. */
  scope: string;
  /** Package name per target, default `@<scope>/<target>`. */
  names: Record<TargetName, string>;
  /** Version of all generated packages (derived from `info.version`, see emit/package). */
  version: string;
}

export interface EmitContext {
  packages: PackageNaming;
  /** Target-specific options from the config file (`targets.<name>.options`). */
  options: Record<string, unknown>;
  /** Version of socialgen, for the generated header comment. */
  generatorVersion: string;
}

export interface TargetEmitter {
  name: TargetName;
  /** Other targets whose packages this one imports (the package.json pins them). */
  dependsOn: readonly TargetName[];
  emit(model: ApiModel, context: EmitContext): EmittedFile[];
}
