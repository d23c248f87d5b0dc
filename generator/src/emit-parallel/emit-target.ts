/**
 * One target's emission, the same on the main thread and in the emit worker: the emitter's files checked
 * against what it declares, its package files (package.json, README, …) in the `packages` layout or its
 * README in the `files` layout, and every
 * path put under the target's folder. Everything a target needs besides the model is plain data
 * (TargetJob), so it crosses to a worker thread as it is.
 */
import { createEmitContext, OptionError, type EmitContext, type EmittedFile, type PackageNaming, type TargetEmitter } from '../emit/emitter.ts';
import { RegistryError, type RegisteredTarget } from '../emit/registry.ts';
import { checkDeclaredFiles, layoutPath } from '../emit/layout.ts';
import { packageFiles, usageReadme, type PackageOptions } from '../emit/package/index.ts';
import type { RenderCache } from '../emit/package/render-cache.ts';
import type { ApiModel } from '../model/types.ts';

/** What emitting one target takes besides its emitter and the model. */
export interface TargetJob {
  target: string;
  layout: EmitContext['layout'];
  packages: PackageNaming;
  /** The config's `options.<target>`. */
  options: Record<string, unknown>;
  /** The config's `packages` (license, patch level, …) for the package files. */
  packageOptions: PackageOptions;
  generatorVersion: string;
  /** The output folder's name (`api` for `out: src/api`): the `files` layout's README imports `./api/<target>/index.js`. */
  outName: string;
}

/** The target's files, each path under `<target>/` and laid out as the config says; `renders`: the watch's package-file renderings. */
export async function emitTarget(target: RegisteredTarget, emitter: TargetEmitter, model: ApiModel, job: TargetJob, renders?: RenderCache): Promise<EmittedFile[]> {
  const context = createEmitContext({ layout: job.layout, packages: job.packages, options: job.options, generatorVersion: job.generatorVersion });
  const files = checkDeclaredFiles(target, emitter, await runEmitter(target, emitter, model, context));
  // The usage docs in either layout: a package's files, or the folder's README alone.
  // (A plugin's README example is its code too: `package.example` runs here.)
  let extra: EmittedFile[];
  try {
    extra = job.layout === 'packages' ? packageFiles(emitter, model, context, job.packageOptions, renders) : [usageReadme(emitter, model, context, job.packageOptions, job.outName, renders)];
  } catch (error) {
    throw usageError(target, error);
  }
  return [...files, ...extra].map((f) => ({ ...f, path: `${target.name}/${layoutPath(job.layout, f.path)}` }));
}

/**
 * A plugin that throws is the plugin's problem (a usage error naming it), not socialgen's bug; an option the
 * config gives a target that cannot take it is the config's (`OptionError`).
 */
async function runEmitter(target: RegisteredTarget, emitter: TargetEmitter, model: ApiModel, context: EmitContext): Promise<EmittedFile[]> {
  try {
    return await emitter.emit(model, context);
  } catch (error) {
    throw usageError(target, error);
  }
}

/** What an emitter threw, as the error to report: the config's or the plugin's; a built-in's own bug as it is. */
function usageError(target: RegisteredTarget, error: unknown): unknown {
  if (error instanceof OptionError) return new RegistryError(`config: ${error.message}`);
  if (target.origin === 'built-in') return error;
  return new RegistryError(`${target.origin}: the emitter of ${JSON.stringify(target.name)} failed: ${(error as Error)?.message ?? String(error)}`);
}
