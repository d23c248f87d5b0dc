/**
 * The whole generation as one function: load → model → emit each target (built-in or plugin) → package
 * files → format. Returns every output file in memory (paths relative to the output folder); writing is
 * the caller's.
 */
import path from 'node:path';
import { SpecError, type Diagnostic } from './load/diagnostics.ts';
import { declarePagination } from './model/pagination.ts';
import { loadModel, type LoadedModel } from './load-model.ts';
import type { ParseCache } from './load/read.ts';
import { TARGETS, type EmittedFile } from './emit/emitter.ts';
import type { ApiModel } from './model/types.ts';
import { builtinRegistry, type RegisteredTarget } from './emit/registry.ts';
import { registerPlugins } from './emit/plugins.ts';
import { packageVersion } from './emit/package/index.ts';
import { emitTarget, type TargetJob } from './emit-parallel/emit-target.ts';
import { startEmitWorker, WORKER_TARGETS, type EmitWorker, type TargetOutcome } from './emit-parallel/emit-worker.ts';
import type { EmitCache } from './emit-parallel/emit-cache.ts';
import { formatFiles, type FormatCache } from './write/format.ts';
import { indentCode } from './codegen/indent.ts';
import { checkTargetNames, packageName, packageScope, type SocialgenConfig } from './config.ts';
import { GENERATOR_VERSION } from './version.ts';

export type Stage = 'load' | 'emit' | 'format';

export interface GenerateResult {
  files: Map<string, string>;
  /** The targets generated, in dependency order (their folders are what `write` swaps in). */
  targets: string[];
  loaded: LoadedModel;
  warnings: Diagnostic[];
  /** Milliseconds each stage took (the watch prints them with SOCIALGEN_WATCH_TIMINGS=1), and the targets taken from the emit cache. */
  timings: { load: number; emit: number; format: number; cached: string[] };
}

export interface GenerateOptions {
  /** Kept by a caller that generates repeatedly (the watch): statements formatted before are not formatted again. */
  formatCache?: FormatCache;
  /** Kept likewise: spec files whose text is unchanged are not parsed again. */
  parseCache?: ParseCache;
  /**
   * Emit the TypeScript-built targets (types, client, server) on a worker thread while the main thread
   * loads the spec and emits the rest (emit-parallel/emit-worker.ts); the output is the same bytes. Only
   * where the compiled worker exists (the built package; not when running the sources), else in process.
   */
  parallel?: boolean;
  /**
   * A worker the caller started already (`startEmitWorker`, as early as it could: the CLI does so before it
   * imports this module); implies `parallel`. It is sent the model, or cancelled when not needed. The watch
   * passes its persistent worker (emit-parallel/watch-worker.ts) to every run.
   */
  worker?: EmitWorker;
  /**
   * Kept likewise: a built-in target whose model and job are the same data as when it was last emitted is
   * not emitted again, and package files whose data is unchanged are not rendered again (emit-parallel/emit-cache.ts).
   */
  emitCache?: EmitCache;
}

export async function generate(config: SocialgenConfig, onProgress?: (stage: Stage, detail: string) => void, options: GenerateOptions = {}): Promise<GenerateResult> {
  // Started first, so that it loads its emitters (the TypeScript compiler) while this thread loads the spec.
  const worker = options.worker ?? (options.parallel ? startEmitWorker(config.targets) : undefined);
  try {
    return await run(config, worker, onProgress, options);
  } finally {
    // Not needed after all, or the run failed before the model was sent (cancelling a finished worker is a no-op).
    worker?.cancel();
  }
}

async function run(config: SocialgenConfig, worker: EmitWorker | undefined, onProgress: ((stage: Stage, detail: string) => void) | undefined, options: GenerateOptions): Promise<GenerateResult> {
  const registry = builtinRegistry();
  await registerPlugins(registry, config.plugins);
  checkTargetNames(config, registry.names());
  // Without a selection: the built-ins and every plugin's targets, except opt-in ones (query, msw). In the
  // files layout targets import each other by relative path, so a selection brings what its targets import
  // (`--target types,client` writes validators too; the client loads it for optional validation).
  const selected = config.targets ?? registry.defaults();
  const plan = registry.plan(config.layout === 'files' ? registry.withDependencies(selected) : selected);
  onProgress?.('load', config.spec);
  const started = performance.now();
  const loaded = await loadModel(config.spec, { parseCache: options.parseCache, remote: { headers: config.headers } });
  const { model } = loaded;
  if (config.pagination) applyDeclaredPagination(config, model);
  if (config.dates === 'Date') model.dates = 'Date';
  if (config.int64 === 'bigint') model.int64 = 'bigint';
  if (config.idempotencyKey) model.idempotencyKey = config.idempotencyKey;
  const scope = packageScope(config, model.info.title);
  const names = Object.fromEntries([...new Set([...TARGETS, ...registry.names()])].map((t) => [t, packageName(config, t, scope)]));
  const packages = { scope, names, version: packageVersion(model.info.version, config.packages.patch) };
  const jobOf = (target: RegisteredTarget): TargetJob => ({ target: target.name, layout: config.layout, packages, options: config.options[target.name] ?? {}, packageOptions: config.packages, generatorVersion: GENERATOR_VERSION, outName: path.basename(config.out) });
  const outcomes = new Map<string, TargetOutcome>();
  // The watch: built-in targets whose model and job are unchanged take their files from the last run.
  const cache = options.emitCache;
  const modelKey = cache?.modelKey(model);
  cache?.renders.nextRun();
  if (cache) {
    for (const target of plan) {
      const files = target.origin === 'built-in' ? cache.get(modelKey, jobOf(target)) : undefined;
      if (files) outcomes.set(target.name, { files });
    }
  }
  const cached = [...outcomes.keys()];
  const toEmit = plan.filter((t) => !outcomes.has(t.name));
  const loadedAt = performance.now();
  const remote = worker && (worker.takes?.(model) ?? true) ? toEmit.filter((t) => t.origin === 'built-in' && WORKER_TARGETS.includes(t.name)) : [];
  const progress = (target: RegisteredTarget) => onProgress?.('emit', `${target.name}: ${model.schemas.length} schemas, ${model.operations.length} operations`);
  // With a worker every target is under way at once; without, each is announced as it starts.
  if (remote.length) toEmit.forEach(progress);
  const fromWorker = remote.length ? worker!.emit(model, remote.map(jobOf)) : undefined;
  // Errors are kept, not thrown, until the worker has answered too: the run reports the failure of the
  // first target in plan order, as emitting them one by one in process would.
  fromWorker?.catch(() => {});
  for (const target of toEmit.filter((t) => !remote.includes(t))) {
    if (!remote.length) progress(target);
    try {
      outcomes.set(target.name, { files: await emitTarget(target, await target.load(), model, jobOf(target), cache?.renders) });
    } catch (error) {
      outcomes.set(target.name, { error: error as Error });
      break;
    }
  }
  // Idle while the worker is still emitting: this thread takes back the worker's jobs it has not begun, the
  // last first (a large model only: emit-parallel/job-claims.ts).
  if (fromWorker && ![...outcomes.values()].some((o) => 'error' in o)) {
    for (let job = worker!.takeBack?.(); job; job = worker!.takeBack?.()) {
      const target = remote.find((t) => t.name === job!.target)!;
      try {
        outcomes.set(target.name, { files: await emitTarget(target, await target.load(), model, job, cache?.renders) });
      } catch (error) {
        outcomes.set(target.name, { error: error as Error });
        break;
      }
    }
  }
  // While the worker is still emitting, this thread formats what it emitted itself (what the printer left
  // to prettier: GitHub's validators leave ~22k characters, and loading prettier alone takes ~150 ms), so
  // that is not left for after the worker's reply. A file's formatting depends on its text alone: the
  // same bytes as formatting everything at the end. (The watch, whose format cache keeps what one call
  // used, formats once at the end instead.)
  const early = new Map<EmittedFile, string>();
  if (fromWorker && config.format && !options.formatCache && ![...outcomes.values()].some((o) => 'error' in o)) {
    const own = [...outcomes.values()].flatMap((o) => ('files' in o ? o.files : []));
    (await formatFiles(own)).forEach((text, i) => early.set(own[i]!, text));
  }
  if (fromWorker) for (const [name, outcome] of await fromWorker) outcomes.set(name, outcome);
  const emitted: EmittedFile[] = [];
  for (const target of plan) {
    const outcome = outcomes.get(target.name);
    if (!outcome) continue;
    if ('error' in outcome) throw outcome.error;
    emitted.push(...outcome.files);
  }
  // Only once every target succeeded: a failed run leaves the cache as the last good run left it.
  if (cache) for (const target of toEmit) if (target.origin === 'built-in') cache.set(modelKey, jobOf(target), (outcomes.get(target.name) as { files: EmittedFile[] }).files);
  const emittedAt = performance.now();
  onProgress?.('format', `${emitted.length} files`);
  const files = new Map<string, string>();
  const sorted = emitted.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const pending = sorted.filter((f) => !early.has(f));
  // Without prettier, TypeScript is still indented by bracket depth so the output stays readable.
  const formatted = config.format ? await formatFiles(pending, options.formatCache) : pending.map((f) => withFinalNewline(f.format === 'typescript' && f.formatted === undefined ? indentCode(f.contents) : f.contents));
  pending.forEach((f, i) => early.set(f, formatted[i]!));
  for (const f of sorted) files.set(f.path, early.get(f)!);
  const timings = { load: loadedAt - started, emit: emittedAt - loadedAt, format: performance.now() - emittedAt, cached };
  return { files, targets: plan.map((t) => t.name), loaded, warnings: loaded.warnings, timings };
}

/** The config's `pagination` onto the model; a declaration that does not fit the spec is an error at its place in the config. */
function applyDeclaredPagination(config: SocialgenConfig, model: ApiModel): void {
  const problems = declarePagination(model, config.pagination!);
  if (!problems.length) return;
  const file = config.origin?.file ?? 'config';
  throw new SpecError(
    problems.map((p): Diagnostic => {
      const pos = config.origin?.positionOf(p.pointer) ?? { line: 1, column: 1 };
      return { severity: 'error', code: 'config', file, line: pos.line, column: pos.column, message: p.message };
    }),
  );
}

function withFinalNewline(text: string): string {
  return text.endsWith('\n') ? text : text + '\n';
}
