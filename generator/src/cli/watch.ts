/**
 * `socialgen generate --watch`: runs the generation, then again whenever one of its inputs changes — every
 * file of the spec, the config file, and the config's local plugins with every local module they import.
 * A changed config is read again (targets, options, plugins... apply on the next run); a plugin whose code
 * changed (its file or a module it imports) is imported again. Any problem (a broken spec, config or
 * plugin) is shown and the watch goes on, keeping the previous output.
 *
 * Plugins are re-imported in this process under a new URL (`?socialgen-reload=N`, emit/plugins.ts and
 * cli/plugin-reload.ts, which gives their local imports the same mark), not in a fresh worker: the watch
 * keeps its parse and format caches in this process, which is what makes a run after a one-line edit take
 * a few hundred milliseconds; a worker would start cold every time. The price: each reload of a plugin
 * keeps the replaced copy of its local modules in memory for the life of the watch (ESM cannot evict).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { SocialgenConfig } from '../config.ts';
import { formatDiagnostic, isSpecError } from '../load/diagnostics.ts';
import { localPluginFile } from '../emit/plugins.ts';
import { RegistryError } from '../emit/registry.ts';
import type { CommandContext } from './context.ts';
import { UsageError } from '../errors.ts';
import { EXIT } from './io.ts';
import { watchSchedule } from './watch-schedule.ts';
import { pluginReloads, type PluginReloads } from './plugin-reload.ts';
import { WorkerFailure } from '../emit-parallel/emit-worker.ts';

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
  /** Releases what the runs kept (the emit worker) once the watch stops. */
  stop?(): Promise<void>;
}

/**
 * What the watch says about a run that failed other than by a problem in the spec or config (those list
 * their diagnostics); undefined for an error the watch does not survive (a bug: the command reports it).
 */
export function runFailure(error: unknown): string[] | undefined {
  if (error instanceof UsageError || error instanceof RegistryError) return [`socialgen: ${error.message}`, 'socialgen: the previous output is kept. Watching for changes…'];
  // The emit worker died (a bug, or out of memory), not the spec's fault: the next run starts a new one.
  if (error instanceof WorkerFailure) return [`socialgen: ${error.message}`, 'socialgen: the previous output is kept; the next run starts a new emit worker. Watching for changes…'];
  return undefined;
}

export async function watchGenerate(ctx: CommandContext, options: WatchOptions): Promise<void> {
  const { watch: chokidarWatch } = await import('chokidar');
  let config = options.config;
  let configChanged = false;
  /** Set up once the config has a local plugin: which plugin to import again when a file of its code changes. */
  let pluginGraph: PluginReloads | undefined;
  let onPluginFile: (file: string) => void = () => {};
  // What to watch: every spec file of the last good load (after a failed run also the files its problems
  // are in: a broken spec may not get as far as listing its files, and always the root), the config file
  // and the plugins' files.
  let specFiles = new Set<string>([config.spec]);
  const configFile = (): string | undefined => config.origin?.file;
  const watched = (): string[] => [...new Set([...specFiles, configFile(), ...(pluginGraph?.files(config.plugins) ?? [])].filter((f): f is string => f !== undefined))];

  const showProblem = (error: unknown): void => {
    if (isSpecError(error)) {
      let inConfig = false;
      for (const d of error.diagnostics) {
        ctx.io.err(formatDiagnostic(d, ctx.io.cwd));
        if (d.file === configFile()) inConfig = true;
        else if (d.file) specFiles.add(d.file);
      }
      ctx.io.err(`socialgen: the ${inConfig ? 'config' : 'spec'} has problems; the previous output is kept. Watching for changes…`);
    } else {
      const lines = runFailure(error);
      if (!lines) throw error;
      for (const line of lines) ctx.io.err(line);
    }
  };

  const runOnce = async (): Promise<void> => {
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
    if (!pluginGraph && config.plugins.some((p) => localPluginFile(p) !== undefined)) {
      pluginGraph = await pluginReloads();
      pluginGraph.onFile((file) => onPluginFile(file));
    }
    const current = pluginGraph ? { ...config, plugins: pluginGraph.marked(config.plugins) } : config;
    try {
      specFiles = new Set([config.spec, ...(await options.run(current))]);
    } catch (error) {
      showProblem(error);
    }
  };

  await runOnce();
  const watcher = chokidarWatch(watched(), { ignoreInitial: true });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  // A module a plugin imports is watched from the moment the plugin imports it.
  onPluginFile = (file) => watcher.add(file);
  const schedule = watchSchedule({
    debounceMs: DEBOUNCE_MS,
    recheckMs: CHANGE_THROTTLE_MS + 10,
    stamp: stampOf,
    run: async (files) => {
      if (timings && firstEvent !== undefined) ctx.io.err(`socialgen: timings: event → run ${(performance.now() - firstEvent).toFixed(0)} ms`);
      firstEvent = undefined;
      if (configFile() !== undefined && files.has(configFile()!)) configChanged = true;
      pluginGraph?.changed(files);
      await runOnce();
      watcher.add(watched());
    },
  });
  // Diagnostics (SOCIALGEN_WATCH_TIMINGS=1): how long after the first event of a change its run starts.
  const timings = process.env.SOCIALGEN_WATCH_TIMINGS === '1';
  let firstEvent: number | undefined;
  watcher.on('all', (_event, file) => {
    firstEvent ??= performance.now();
    schedule.changed(path.resolve(file));
  });
  ctx.io.err('socialgen: watching for changes (Ctrl-C to stop)');
  await new Promise<void>((resolve) => {
    const stop = () => {
      void schedule
        .stop()
        .then(() => watcher.close())
        .then(() => options.stop?.())
        .then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  ctx.setExit(EXIT.ok);
}
