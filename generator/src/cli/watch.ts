/**
 * `socialgen generate --watch`: runs the generation, then again whenever one of its inputs changes — every
 * file of the spec, the config file, and the config's local plugin modules. A changed config is read again
 * (targets, options, plugins... apply on the next run); a changed plugin is imported again. Any problem
 * (a broken spec, config or plugin) is shown and the watch goes on, keeping the previous output.
 *
 * Plugins are re-imported in this process under a new URL (`?socialgen-reload=N`, emit/plugins.ts), not
 * in a fresh worker: the watch keeps its parse and format caches in this process, which is what makes a
 * run after a one-line edit take a few hundred milliseconds; a worker would start cold every time. The
 * price: only the plugin's own file is imported again (modules it imports stay cached, ESM has no way to
 * evict them), and each reload keeps the old module in memory for the life of the watch.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { SocialgenConfig } from '../config.ts';
import { formatDiagnostic, isSpecError } from '../load/diagnostics.ts';
import { localPluginFile } from '../emit/plugins.ts';
import { RegistryError } from '../emit/registry.ts';
import type { CommandContext } from './context.ts';
import { UsageError } from './errors.ts';
import { EXIT } from './io.ts';
import { watchSchedule } from './watch-schedule.ts';

/** Long enough to take an editor's save (often several events) as one change, short next to a run. */
const DEBOUNCE_MS = 15;
/** chokidar reports at most one change of a file per this many milliseconds (and drops the others). */
const CHANGE_THROTTLE_MS = 50;

/** What tells a file's save apart: modification time, change time, size (or that it is gone). */
function stampOf(file: string): string {
  try {
    const s = statSync(file);
    return `${s.mtimeMs}:${s.ctimeMs}:${s.size}`;
  } catch {
    return 'missing';
  }
}

export interface WatchOptions {
  /** The config as the watch starts. */
  config: SocialgenConfig;
  /** The config read again (the config file and the flags), after the config file changed. */
  reloadConfig(): SocialgenConfig;
  /** One generation; returns the spec files it read. */
  run(config: SocialgenConfig): Promise<string[]>;
}

export async function watchGenerate(ctx: CommandContext, options: WatchOptions): Promise<void> {
  const { watch: chokidarWatch } = await import('chokidar');
  let config = options.config;
  let configChanged = false;
  let pluginsChanged = false;
  /** How many times the plugins were imported again: part of their import URL. */
  let reloads = 0;
  // What to watch: every spec file of the last good load (after a failed run also the files its problems
  // are in: a broken spec may not get as far as listing its files, and always the root), the config file
  // and the plugins' files.
  let specFiles = new Set<string>([config.spec]);
  const configFile = (): string | undefined => config.origin?.file;
  // Resolved once per run (not at every file event): a plugin not resolvable before a run may be after it.
  let plugins: Set<string> | undefined;
  const pluginFiles = (): Set<string> => (plugins ??= new Set(config.plugins.map(localPluginFile).filter((f): f is string => f !== undefined)));
  const watched = (): string[] => [...new Set([...specFiles, configFile(), ...pluginFiles()].filter((f): f is string => f !== undefined))];

  const showProblem = (error: unknown): void => {
    if (isSpecError(error)) {
      let inConfig = false;
      for (const d of error.diagnostics) {
        ctx.io.err(formatDiagnostic(d, ctx.io.cwd));
        if (d.file === configFile()) inConfig = true;
        else if (d.file) specFiles.add(d.file);
      }
      ctx.io.err(`socialgen: the ${inConfig ? 'config' : 'spec'} has problems; the previous output is kept. Watching for changes…`);
    } else if (error instanceof UsageError || error instanceof RegistryError) {
      ctx.io.err(`socialgen: ${error.message}`);
      ctx.io.err('socialgen: the previous output is kept. Watching for changes…');
    } else throw error;
  };

  const runOnce = async (): Promise<void> => {
    plugins = undefined;
    if (configChanged) {
      try {
        config = options.reloadConfig();
        configChanged = false;
        specFiles.add(config.spec);
      } catch (error) {
        showProblem(error);
        return;
      }
    }
    if (pluginsChanged) {
      reloads++;
      pluginsChanged = false;
    }
    const current = reloads ? { ...config, plugins: config.plugins.map((p) => ({ ...p, reload: reloads })) } : config;
    try {
      specFiles = new Set([config.spec, ...(await options.run(current))]);
    } catch (error) {
      showProblem(error);
    }
  };

  await runOnce();
  const watcher = chokidarWatch(watched(), { ignoreInitial: true });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  const schedule = watchSchedule({
    debounceMs: DEBOUNCE_MS,
    recheckMs: CHANGE_THROTTLE_MS + 10,
    stamp: stampOf,
    run: async (files) => {
      if (configFile() !== undefined && files.has(configFile()!)) configChanged = true;
      for (const f of pluginFiles()) if (files.has(f)) pluginsChanged = true;
      await runOnce();
      watcher.add(watched());
    },
  });
  watcher.on('all', (_event, file) => schedule.changed(path.resolve(file)));
  ctx.io.err('socialgen: watching for changes (Ctrl-C to stop)');
  await new Promise<void>((resolve) => {
    const stop = () => {
      void schedule
        .stop()
        .then(() => watcher.close())
        .then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  ctx.setExit(EXIT.ok);
}
