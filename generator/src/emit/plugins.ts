/**
 * Loading the config's `plugins`: each entry is a module (a path relative to the config file, or a
 * package name resolved from the config file's folder) whose default export — or `emitters` export — is
 * one emitter or a list of them. Their shape is checked here, so a broken plugin is a clear usage error
 * naming the module, not a crash in the middle of a generation.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TargetEmitter } from './emitter.ts';
import { RegistryError, TARGET_NAME, type TargetRegistry } from './registry.ts';

export interface PluginRef {
  /** As written in the config. */
  specifier: string;
  /** The folder it is resolved from (the config file's). */
  baseDir: string;
  /**
   * Set by `generate --watch` when the plugin's file changed: imported again under a new URL
   * (`?socialgen-reload=N`), as ESM keeps every module it imported once by URL.
   */
  reload?: number;
}

/** Imports every plugin and registers its emitters. */
export async function registerPlugins(registry: TargetRegistry, plugins: readonly PluginRef[]): Promise<void> {
  for (const plugin of plugins) {
    const resolved = resolvePlugin(plugin);
    const url = plugin.reload && resolved.startsWith('file:') ? `${resolved}?socialgen-reload=${plugin.reload}` : resolved;
    let mod: Record<string, unknown>;
    try {
      mod = (await import(url)) as Record<string, unknown>;
    } catch (error) {
      throw new RegistryError(`plugin ${JSON.stringify(plugin.specifier)} could not be loaded: ${(error as Error)?.message ?? String(error)}`);
    }
    const exported = mod.default ?? mod.emitters ?? mod.emitter;
    if (exported === undefined) throw new RegistryError(`plugin ${JSON.stringify(plugin.specifier)} exports no emitter (a default export made with defineEmitter, or \`emitters\`)`);
    for (const emitter of Array.isArray(exported) ? exported : [exported]) {
      registry.registerEmitter(checkEmitter(emitter, plugin.specifier), `plugin ${JSON.stringify(plugin.specifier)}`);
    }
  }
}

/** The plugin's own module file, when it is a local file (not an installed package): what a watch watches. */
export function localPluginFile(plugin: PluginRef): string | undefined {
  let url: string;
  try {
    url = resolvePlugin(plugin);
  } catch {
    return undefined; // not resolvable (yet): the run reports it
  }
  if (!url.startsWith('file:')) return undefined;
  const file = fileURLToPath(url);
  return file.split(path.sep).includes('node_modules') ? undefined : file;
}

function resolvePlugin({ specifier, baseDir }: PluginRef): string {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) return pathToFileURL(path.resolve(baseDir, specifier)).href;
  try {
    return pathToFileURL(createRequire(path.join(baseDir, 'noop.js')).resolve(specifier)).href;
  } catch {
    // An ESM-only package without a `require` condition: let import() resolve it from here.
    return import.meta.resolve(specifier, pathToFileURL(path.join(baseDir, 'noop.js')).href);
  }
}

function checkEmitter(value: unknown, specifier: string): TargetEmitter {
  const where = `plugin ${JSON.stringify(specifier)}`;
  const e = value as Partial<TargetEmitter> | null;
  if (!e || typeof e !== 'object') throw new RegistryError(`${where}: an emitter must be an object, got ${value === null ? 'null' : typeof value}`);
  if (typeof e.name !== 'string' || !TARGET_NAME.test(e.name)) throw new RegistryError(`${where}: an emitter needs a \`name\` of lowercase letters, digits and dashes (got ${JSON.stringify(e.name)})`);
  if (typeof e.emit !== 'function') throw new RegistryError(`${where}: the emitter ${JSON.stringify(e.name)} has no \`emit(model, context)\` function`);
  if (e.dependsOn !== undefined && !(Array.isArray(e.dependsOn) && e.dependsOn.every((d) => typeof d === 'string'))) throw new RegistryError(`${where}: \`dependsOn\` of ${JSON.stringify(e.name)} must be a list of target names`);
  if (e.files !== undefined && !(Array.isArray(e.files) && e.files.every((d) => typeof d === 'string'))) throw new RegistryError(`${where}: \`files\` of ${JSON.stringify(e.name)} must be a list of path patterns`);
  return { ...e, dependsOn: e.dependsOn ?? [] } as TargetEmitter;
}
