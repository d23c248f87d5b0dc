/**
 * Incremental emission for `generate --watch`, keyed by content: a built-in target's files are a function
 * of the model and its job (the config's part for it), so a run whose model and job hold the same data
 * as the run that emitted them (content-key.ts) takes those files instead of emitting again. An edit that
 * leaves the model as it was (a comment, a key's quoting, the spacing of the YAML) emits nothing; a change
 * of one target's options in the config emits that target alone.
 *
 * Only built-in targets: a plugin's emitter may read anything (files, the clock) and is reloaded when its
 * code changes. The cache holds the last files of each target and the package files' renderings
 * (emit/package/render-cache.ts, which also serve the targets emitted again); it lives as long as the
 * watch (cli/commands/generate.ts) and is passed to every run (GenerateOptions.emitCache).
 */
import { contentKey } from '../content-key.ts';
import type { EmittedFile } from '../emit/emitted-file.ts';
import { RenderCache } from '../emit/package/render-cache.ts';
import type { ApiModel } from '../model/types.ts';
import type { TargetJob } from './emit-target.ts';

export class EmitCache {
  /** The package files' renderings, for the targets this thread emits. */
  readonly renders = new RenderCache();
  private readonly files = new Map<string, { key: string; files: EmittedFile[] }>();

  /** The key of a model (once per run: it does not depend on the target); undefined: none (nothing is kept). */
  modelKey(model: ApiModel): string | undefined {
    return contentKey(model);
  }

  /** The target's files from the run that emitted them for the same model and job, if any. */
  get(modelKey: string | undefined, job: TargetJob): EmittedFile[] | undefined {
    const kept = this.files.get(job.target);
    const key = keyOf(modelKey, job);
    return kept && key !== undefined && kept.key === key ? kept.files : undefined;
  }

  /** The files just emitted for this model and job, replacing the target's previous ones. */
  set(modelKey: string | undefined, job: TargetJob, files: EmittedFile[]): void {
    const key = keyOf(modelKey, job);
    if (key === undefined) this.files.delete(job.target);
    else this.files.set(job.target, { key, files });
  }
}

function keyOf(modelKey: string | undefined, job: TargetJob): string | undefined {
  const jobKey = contentKey(job);
  return modelKey === undefined || jobKey === undefined ? undefined : `${jobKey}\u0000${modelKey}`;
}
