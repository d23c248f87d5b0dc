/**
 * Incremental emission for `generate --watch`, keyed by content: a built-in target's files are a function
 * of the model and its job (the config's part for it), so a run whose model and job hold the same data
 * as the run that emitted them (content-key.ts) takes those files instead of emitting again. An edit that
 * leaves the model as it was (a comment, a key's quoting, the spacing of the YAML) emits nothing; a change
 * of one target's options in the config emits that target alone.
 *
 * A target blind to the text of schemas' descriptions and titles (annotation-blind.ts: the validators, the
 * client, the server) is keyed on the model with those texts blinded, so the usual edit of the watch, a
 * description, emits the types alone.
 *
 * Only built-in targets: a plugin's emitter may read anything (files, the clock) and is reloaded when its
 * code changes. The cache holds the last files of each target and the package files' renderings
 * (emit/package/render-cache.ts, which also serve the targets emitted again); it lives as long as the
 * watch (cli/commands/generate.ts) and is passed to every run (GenerateOptions.emitCache).
 */
import { contentKey } from '../content-key.ts';
import { SCHEMA_TEXT_BLIND, schemaTextBlindKey } from './annotation-blind.ts';
import type { EmittedFile } from '../emit/emitted-file.ts';
import { RenderCache } from '../emit/package/render-cache.ts';
import type { ApiModel } from '../model/types.ts';
import type { TargetJob } from './emit-target.ts';

export class EmitCache {
  /** The package files' renderings, for the targets this thread emits. */
  readonly renders = new RenderCache();
  private readonly files = new Map<string, { key: string; files: EmittedFile[] }>();

  /** The keys of a model (once per run: they do not depend on the target; each computed when first asked). */
  modelKey(model: ApiModel): ModelKeys {
    return new ModelKeys(model);
  }

  /** The target's files from the run that emitted them for the same model and job, if any. */
  get(keys: ModelKeys | undefined, job: TargetJob): EmittedFile[] | undefined {
    const kept = this.files.get(job.target);
    const key = keyOf(keys, job);
    return kept && key !== undefined && kept.key === key ? kept.files : undefined;
  }

  /** The files just emitted for this model and job, replacing the target's previous ones. */
  set(keys: ModelKeys | undefined, job: TargetJob, files: EmittedFile[]): void {
    const key = keyOf(keys, job);
    if (key === undefined) this.files.delete(job.target);
    else this.files.set(job.target, { key, files });
  }
}

/** A model's keys: the whole model's, and the one blind to schemas' texts; undefined: none (nothing is kept). */
export class ModelKeys {
  private readonly model: ApiModel;
  private whole?: { key: string | undefined };
  private blind?: { key: string | undefined };

  constructor(model: ApiModel) {
    this.model = model;
  }

  /** The key the target's files depend on. */
  for(target: string): string | undefined {
    if (SCHEMA_TEXT_BLIND.has(target)) return (this.blind ??= { key: schemaTextBlindKey(this.model) }).key;
    return (this.whole ??= { key: contentKey(this.model) }).key;
  }
}

function keyOf(keys: ModelKeys | undefined, job: TargetJob): string | undefined {
  const modelKey = keys?.for(job.target);
  const jobKey = contentKey(job);
  return modelKey === undefined || jobKey === undefined ? undefined : `${jobKey}\u0000${modelKey}`;
}
