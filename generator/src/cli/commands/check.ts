/** `socialgen check`: regenerate in memory and fail (exit 1) when the output folder differs — for CI. */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { createTwoFilesPatch } from 'diff';
import type { CommandContext } from '../context.ts';
import { addGenerateOptions, resolveConfig, specArgument, SPEC_ARGUMENT_HELP, type GenerateFlags } from '../options.ts';
import { formatDiagnostic } from '../../load/diagnostics.ts';
import { colors, EXIT } from '../io.ts';
import { progressReporter, displayPath } from '../progress.ts';
import { startEmitWorker } from '../../emit-parallel/emit-worker.ts';

const DIFF_LINES = 20;

export function registerCheck(program: Command, ctx: CommandContext): void {
  addGenerateOptions(program.command('check').description('check that the output folder is what `generate` would write (exit 1 if not); a URL spec is fetched again').argument('[spec]', SPEC_ARGUMENT_HELP)).action(async (positional: string | undefined, flags: GenerateFlags) => {
    const config = resolveConfig({ ...flags, spec: specArgument(positional, flags.spec) }, ctx.io.cwd);
    const worker = startEmitWorker(config.targets, { auto: true, spec: config.spec });
    const { generate } = await import('../../pipeline.ts');
    const { compareOutput } = await import('../../write/output.ts');
    const { staleFolders } = await import('../../write/stale.ts');
    const result = await generate(config, progressReporter(ctx.io, flags.quiet), { worker });
    for (const w of result.warnings) ctx.io.err(formatDiagnostic(w, ctx.io.cwd));
    const { stale, missing, extra } = compareOutput(config.out, result.targets, result.files);
    const folders = staleFolders(config.out, result.targets);
    const rel = displayPath(ctx.io.cwd, config.out);
    const c = colors(ctx.io);
    if (!stale.length && !missing.length && !extra.length && !folders.length) {
      if (!flags.quiet) ctx.io.out(`${c.green('✓')} ${rel} is up to date (${result.files.size} files)`);
      return;
    }
    ctx.io.out(`${c.red('✗')} ${rel} is not what \`socialgen generate\` writes: ${stale.length} stale, ${missing.length} missing, ${extra.length} extra${folders.length ? `, ${folders.length} stale folder${folders.length === 1 ? '' : 's'}` : ''}`);
    for (const folder of folders) ctx.io.out(`  stale folder: ${rel}/${folder}/ (socialgen wrote it for the ${folder} target, which this config does not select; delete it, or add ${folder} to \`targets\`)`);
    for (const file of stale) {
      ctx.io.out(`  stale:   ${rel}/${file}`);
      const patch = createTwoFilesPatch(`${rel}/${file}`, `${rel}/${file} (generated)`, readFileSync(path.join(config.out, file), 'utf8'), result.files.get(file)!, '', '', { context: 1 });
      const lines = patch.split('\n').slice(1);
      for (const line of lines.slice(0, DIFF_LINES)) ctx.io.out(`    ${line}`);
      if (lines.length > DIFF_LINES) ctx.io.out(`    … ${lines.length - DIFF_LINES} more diff lines`);
    }
    for (const file of missing) ctx.io.out(`  missing: ${rel}/${file}`);
    for (const file of extra) ctx.io.out(`  extra:   ${rel}/${file}`);
    ctx.io.out('Run `npm run generate` (or `socialgen generate`) and commit the result.');
    ctx.setExit(EXIT.failed);
  });
}
