/**
 * The whole generation as one function: load → model → emit each target → package files → format.
 * Returns every output file in memory (paths relative to the output folder); writing is the caller's.
 */
import type { Diagnostic } from './load/diagnostics.ts';
import { loadModel, type LoadedModel } from './index.ts';
import { TARGETS, type EmitContext, type TargetName } from './emit/emitter.ts';
import { loadEmitter } from './emit/registry.ts';
import { packageFiles, packageVersion } from './emit/package/index.ts';
import { formatFiles } from './write/format.ts';
import { indentCode } from './codegen/indent.ts';
import { packageName, type SocialgenConfig } from './config.ts';
import { GENERATOR_VERSION } from './version.ts';

export type Stage = 'load' | 'emit' | 'format';

export interface GenerateResult {
  files: Map<string, string>;
  loaded: LoadedModel;
  warnings: Diagnostic[];
}

export async function generate(config: SocialgenConfig, onProgress?: (stage: Stage, detail: string) => void): Promise<GenerateResult> {
  onProgress?.('load', config.spec);
  const loaded = await loadModel(config.spec);
  const { model } = loaded;
  const targets = TARGETS.filter((t) => config.targets.includes(t));
  const context: EmitContext = {
    packages: {
      scope: config.packages.scope,
      names: Object.fromEntries(TARGETS.map((t) => [t, packageName(config, t)])) as Record<TargetName, string>,
      version: packageVersion(model.info.version, config.packages.patch),
    },
    options: {},
    generatorVersion: GENERATOR_VERSION,
  };
  const emitted: Array<{ path: string; contents: string; format: 'typescript' | 'json' | 'markdown' | 'none' }> = [];
  for (const target of targets) {
    onProgress?.('emit', `${target}: ${model.schemas.length} schemas, ${model.operations.length} operations`);
    const emitter = await loadEmitter(target);
    const files = emitter.emit(model, { ...context, options: config.options[target] ?? {} });
    for (const f of [...files, ...packageFiles(target, emitter.dependsOn, model, context, config.packages)]) {
      emitted.push({ ...f, path: `${target}/${f.path}` });
    }
  }
  onProgress?.('format', `${emitted.length} files`);
  const files = new Map<string, string>();
  const sorted = emitted.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // Without prettier, TypeScript is still indented by bracket depth so the output stays readable.
  const formatted = config.format ? await formatFiles(sorted) : sorted.map((f) => withFinalNewline(f.format === 'typescript' ? indentCode(f.contents) : f.contents));
  sorted.forEach((f, i) => files.set(f.path, formatted[i]));
  return { files, loaded, warnings: loaded.warnings };
}

function withFinalNewline(text: string): string {
  return text.endsWith('\n') ? text : text + '\n';
}
