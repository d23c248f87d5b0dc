/** `socialgen generate`: write every target package into the output folder (atomically). */
import type { Command } from 'commander';
import type { CommandContext } from '../context.ts';
import { addGenerateOptions, resolveConfig, type GenerateFlags } from '../options.ts';
import { formatDiagnostic, isSpecError } from '../../load/diagnostics.ts';
import { progressReporter, displayPath } from '../progress.ts';
import { colors } from '../io.ts';
import { EXIT } from '../io.ts';
import { startEmitWorker } from '../../emit-parallel/emit-worker.ts';

export function registerGenerate(program: Command, ctx: CommandContext): void {
  addGenerateOptions(program.command('generate').description('generate the packages (types, validators, client, server) from the spec'))
    .option('-w, --watch', 'regenerate whenever a spec file changes (errors are shown, the watch goes on)')
    .action(async (flags: GenerateFlags & { watch?: boolean }) => {
      const config = resolveConfig(flags, ctx.io.cwd);
      // Emits on a second core when it can pay (not watching: a worker serves one run); started now, to load meanwhile.
      const worker = flags.watch ? undefined : startEmitWorker(config.targets, { auto: true });
      const { generate } = await import('../../pipeline.ts');
      const { writeOutput } = await import('../../write/output.ts');
      // Watching: what was formatted once is not formatted again (only statements an edit changed are), and
      // spec files an edit did not touch are not parsed again.
      const formatCache = flags.watch ? new Map<string, string>() : undefined;
      const parseCache = flags.watch ? new Map() : undefined;
      const once = async (): Promise<string[]> => {
        const result = await generate(config, progressReporter(ctx.io, flags.quiet), { formatCache, parseCache, worker });
        for (const w of result.warnings) ctx.io.err(formatDiagnostic(w, ctx.io.cwd));
        const written = writeOutput(config.out, result.targets, result.files);
        if (!flags.quiet) {
          const rel = displayPath(ctx.io.cwd, config.out);
          const c = colors(ctx.io);
          ctx.io.out(written.written.length
            ? `${c.green('✓')} ${rel}: ${written.written.length} file${written.written.length === 1 ? '' : 's'} written, ${written.unchanged.length} unchanged (${result.targets.join(', ')})`
            : `${c.green('✓')} ${rel}: up to date (${written.unchanged.length} files)`);
        }
        return result.loaded.spec.files;
      };
      if (!flags.watch) {
        await once();
        return;
      }
      await watch(ctx, config.spec, once);
    });
}

/** Long enough to take an editor's save (often several events) as one change, short next to a run. */
const DEBOUNCE_MS = 15;

async function watch(ctx: CommandContext, rootSpec: string, once: () => Promise<string[]>): Promise<void> {
  const { watch: chokidarWatch } = await import('chokidar');
  // What to watch: every file of the last good load; after a failed run also the files the problems are
  // in (a broken spec may not get as far as listing its files), and always the root.
  let files = new Set<string>([rootSpec]);
  const run = async (): Promise<void> => {
    try {
      files = new Set([rootSpec, ...(await once())]);
    } catch (error) {
      if (!isSpecError(error)) throw error;
      for (const d of error.diagnostics) {
        ctx.io.err(formatDiagnostic(d, ctx.io.cwd));
        if (d.file) files.add(d.file);
      }
      ctx.io.err('socialgen: the spec has problems; the previous output is kept. Watching for changes…');
    }
  };
  await run();
  const watcher = chokidarWatch([...files], { ignoreInitial: true });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  watcher.on('all', () => {
    clearTimeout(timer);
    // Debounced: an editor's save is often several events, within a few milliseconds.
    timer = setTimeout(() => {
      running = running.then(async () => {
        await run();
        watcher.add([...files]);
      });
    }, DEBOUNCE_MS);
  });
  ctx.io.err('socialgen: watching for changes (Ctrl-C to stop)');
  await new Promise<void>((resolve) => {
    const stop = () => {
      clearTimeout(timer);
      void running.then(() => watcher.close()).then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  ctx.setExit(EXIT.ok);
}
