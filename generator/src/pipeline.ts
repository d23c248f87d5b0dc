/**
 * The whole generation as one function: load → model → emit each target (built-in or plugin) → package
 * files → format. Returns every output file in memory (paths relative to the output folder); writing is
 * the caller's.
 */
import { SpecError, type Diagnostic } from './load/diagnostics.ts';
import { declarePagination } from './model/pagination.ts';
import { loadModel, type LoadedModel } from './load-model.ts';
import type { ParseCache } from './load/read.ts';
import { createEmitContext, TARGETS, type EmitContext, type EmittedFile, type TargetEmitter } from './emit/emitter.ts';
import type { ApiModel } from './model/types.ts';
import { builtinRegistry, RegistryError, type RegisteredTarget } from './emit/registry.ts';
import { registerPlugins } from './emit/plugins.ts';
import { checkDeclaredFiles, layoutPath } from './emit/layout.ts';
import { packageFiles, packageVersion } from './emit/package/index.ts';
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
}

export interface GenerateOptions {
  /** Kept by a caller that generates repeatedly (the watch): statements formatted before are not formatted again. */
  formatCache?: FormatCache;
  /** Kept likewise: spec files whose text is unchanged are not parsed again. */
  parseCache?: ParseCache;
}

export async function generate(config: SocialgenConfig, onProgress?: (stage: Stage, detail: string) => void, options: GenerateOptions = {}): Promise<GenerateResult> {
  const registry = builtinRegistry();
  await registerPlugins(registry, config.plugins);
  checkTargetNames(config, registry.names());
  // Without a selection: the built-ins and every plugin's targets, except opt-in ones (query, msw).
  const plan = registry.plan(config.targets ?? registry.defaults());
  onProgress?.('load', config.spec);
  const loaded = await loadModel(config.spec, { parseCache: options.parseCache });
  const { model } = loaded;
  if (config.pagination) applyDeclaredPagination(config, model);
  if (config.dates === 'Date') model.dates = 'Date';
  const scope = packageScope(config, model.info.title);
  const names = Object.fromEntries([...new Set([...TARGETS, ...registry.names()])].map((t) => [t, packageName(config, t, scope)]));
  const packages = { scope, names, version: packageVersion(model.info.version, config.packages.patch) };
  const emitted: EmittedFile[] = [];
  for (const target of plan) {
    onProgress?.('emit', `${target.name}: ${model.schemas.length} schemas, ${model.operations.length} operations`);
    const emitter = await target.load();
    const context: EmitContext = createEmitContext({ layout: config.layout, packages, options: config.options[target.name] ?? {}, generatorVersion: GENERATOR_VERSION });
    const files = checkDeclaredFiles(target, emitter, await runEmitter(target, emitter, model, context));
    const extra = config.layout === 'packages' ? packageFiles(emitter, model, context, config.packages) : [];
    for (const f of [...files, ...extra]) emitted.push({ ...f, path: `${target.name}/${layoutPath(config.layout, f.path)}` });
  }
  onProgress?.('format', `${emitted.length} files`);
  const files = new Map<string, string>();
  const sorted = emitted.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // Without prettier, TypeScript is still indented by bracket depth so the output stays readable.
  const formatted = config.format ? await formatFiles(sorted, options.formatCache) : sorted.map((f) => withFinalNewline(f.format === 'typescript' && f.formatted === undefined ? indentCode(f.contents) : f.contents));
  sorted.forEach((f, i) => files.set(f.path, formatted[i]!));
  return { files, targets: plan.map((t) => t.name), loaded, warnings: loaded.warnings };
}

/** A plugin that throws is the plugin's problem (a usage error naming it), not socialgen's bug. */
async function runEmitter(target: RegisteredTarget, emitter: TargetEmitter, model: ApiModel, context: EmitContext): Promise<EmittedFile[]> {
  if (target.origin === 'built-in') return emitter.emit(model, context);
  try {
    return await emitter.emit(model, context);
  } catch (error) {
    throw new RegistryError(`${target.origin}: the emitter of ${JSON.stringify(target.name)} failed: ${(error as Error)?.message ?? String(error)}`);
  }
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
