/** `socialgen generate`: write every target package into the output folder (atomically). */
import type { Command } from 'commander';
import type { CommandContext } from '../context.ts';
import { addGenerateOptions, resolveConfig, specArgument, SPEC_ARGUMENT_HELP, type GenerateFlags } from '../options.ts';
import { UsageError } from '../../errors.ts';
import { isUrl } from '../../load/remote.ts';
import { formatDiagnostic } from '../../load/diagnostics.ts';
import type { SocialgenConfig } from '../../config.ts';
import type { GenerateResult } from '../../pipeline.ts';
import { progressReporter, displayPath } from '../progress.ts';
import { colors } from '../io.ts';
import { startEmitWorker } from '../../emit-parallel/emit-worker.ts';
import { watchEmitWorker } from '../../emit-parallel/watch-worker.ts';

/** Diagnostics of the watch (SOCIALGEN_WATCH_TIMINGS=1): where a run's time went. */
function timingsLine(t: GenerateResult['timings'], write: number): string {
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  return `socialgen: timings: load ${ms(t.load)}, emit ${ms(t.emit)}${t.cached.length ? ` (from the cache: ${t.cached.join(', ')})` : ''}, format ${ms(t.format)}, write ${ms(write)}`;
}

export function registerGenerate(program: Command, ctx: CommandContext): void {
  addGenerateOptions(program.command('generate').description('generate the packages (types, validators, client, server) from the spec').argument('[spec]', SPEC_ARGUMENT_HELP))
    .option('-w, --watch', 'regenerate whenever a spec file, the config file or a local plugin changes (errors are shown, the watch goes on)')
    .action(async (positional: string | undefined, flags: GenerateFlags & { watch?: boolean }) => {
      flags = { ...flags, spec: specArgument(positional, flags.spec) };
      const config = resolveConfig(flags, ctx.io.cwd);
      // A server gives no change events; polling one would hammer it. The watch is for files being edited.
      if (flags.watch && isUrl(config.spec)) throw new UsageError(`--watch follows local files, and the spec is a URL (${config.spec}); save a copy (socialgen bundle ${config.spec} --out openapi.yaml) and watch that, or run generate again`);
      // Emits on a second core when it can pay; started now, to load meanwhile. The watch keeps one worker
      // for all its runs (its start-up paid once), started with its first run.
      const watchWorker = flags.watch ? watchEmitWorker({ targets: config.targets }) : undefined;
      const worker = flags.watch ? watchWorker : startEmitWorker(config.targets, { auto: true, spec: config.spec });
      const { generate } = await import('../../pipeline.ts');
      const { writeOutput } = await import('../../write/output.ts');
      const { staleFolders } = await import('../../write/stale.ts');
      // Watching: what was formatted once is not formatted again (only statements an edit changed are), spec
      // files an edit did not touch are not parsed again, and targets whose model and job did not change are
      // not emitted again.
      const formatCache = flags.watch ? new Map<string, string>() : undefined;
      const parseCache = flags.watch ? new Map() : undefined;
      const emitCache = flags.watch ? new (await import('../../emit-parallel/emit-cache.ts')).EmitCache() : undefined;
      const once = async (config: SocialgenConfig): Promise<string[]> => {
        const result = await generate(config, progressReporter(ctx.io, flags.quiet), { formatCache, parseCache, worker, emitCache });
        for (const w of result.warnings) ctx.io.err(formatDiagnostic(w, ctx.io.cwd));
        const writing = performance.now();
        const written = writeOutput(config.out, result.targets, result.files);
        if (flags.watch && process.env.SOCIALGEN_WATCH_TIMINGS === '1') ctx.io.err(timingsLine(result.timings, performance.now() - writing));
        // Left as they are (a one-off --target run may be wanted), but named: `check` fails on them.
        if (!flags.quiet) for (const folder of staleFolders(config.out, result.targets)) ctx.io.err(`socialgen: note: ${displayPath(ctx.io.cwd, config.out)}/${folder}/ is from an earlier run (the ${folder} target, not selected now); \`socialgen check\` reports it until it is deleted`);
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
        await once(config);
        return;
      }
      const { watchGenerate } = await import('../watch.ts');
      await watchGenerate(ctx, { config, reloadConfig: () => resolveConfig(flags, ctx.io.cwd), run: once, stop: async () => watchWorker?.close() });
    });
}
