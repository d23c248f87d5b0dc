/**
 * The `socialgen` command line. Each command lives in commands/<name>.ts and registers itself on the
 * commander program; this file only wires them and turns every failure into a message and an exit code.
 * Exit codes: 0 ok, 1 `check` found stale output or `diff` found changes at or above --fail-on,
 * 2 bad input or usage, 3 internal error (a bug in socialgen; set SOCIALGEN_DEBUG=1 for the stack).
 */
import { Command, CommanderError } from 'commander';
import { formatDiagnostic, isSpecError } from '../load/diagnostics.ts';
import { processIO, EXIT, type CliIO } from './io.ts';
import type { CommandContext } from './context.ts';
import { GENERATOR_VERSION } from '../version.ts';
import { UsageError } from '../errors.ts';
import { RegistryError } from '../emit/registry.ts';

export { UsageError };

type Register = (program: Command, ctx: CommandContext) => void;

/**
 * The commands, in the order `--help` lists them, each loaded only when registered: a run registers just
 * the command it names, so `generate` does not load what `diff` (jsdiff, the diff engine), `check` or
 * `bundle` import; `--version` alone registers none. Without a known command name first (`--help`, `help <command>`, a typo) all are
 * registered, so the help and commander's suggestions are what they were.
 */
const COMMANDS: ReadonlyArray<readonly [string, () => Promise<Register>]> = [
  ['generate', async () => (await import('./commands/generate.ts')).registerGenerate],
  ['check', async () => (await import('./commands/check.ts')).registerCheck],
  ['diff', async () => (await import('./commands/diff.ts')).registerDiff],
  ['mock', async () => (await import('./commands/mock.ts')).registerMock],
  ['init', async () => (await import('./commands/init.ts')).registerInit],
  ['bundle', async () => (await import('./commands/bundle.ts')).registerBundle],
];

async function registerCommands(program: Command, ctx: CommandContext, argv: string[]): Promise<void> {
  // `--version` alone needs no command (registering them all loads the code generator: ~0.2 s).
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) return;
  const named = COMMANDS.find(([name]) => name === argv[0]);
  const registers = await Promise.all((named ? [named] : COMMANDS).map(([, load]) => load()));
  for (const register of registers) register(program, ctx);
}

export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  let exitCode: number = EXIT.ok;
  const ctx: CommandContext = { io, setExit: (code) => (exitCode = code) };
  const program = new Command('socialgen')
    .description('Generate typed TypeScript packages from an OpenAPI 3.0/3.1 description, and review spec changes')
    .version(GENERATOR_VERSION, '-v, --version', 'print the socialgen version')
    .helpOption('-h, --help', 'show help for a command')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.replace(/\n$/, '')), writeErr: (s) => io.err(s.replace(/\n$/, '')) });
  program.addHelpText('after', '\nExit codes: 0 ok, 1 check/diff failure, 2 bad input or usage, 3 internal error.');
  await registerCommands(program, ctx, argv);
  for (const command of program.commands) command.exitOverride();

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT.ok;
      return EXIT.usage;
    }
    if (isSpecError(error)) {
      for (const d of error.diagnostics) io.err(formatDiagnostic(d, io.cwd));
      const count = error.diagnostics.filter((d) => d.severity === 'error').length;
      io.err(`socialgen: ${count} problem${count === 1 ? '' : 's'} in the input; nothing was written`);
      return EXIT.usage;
    }
    if (error instanceof UsageError || error instanceof RegistryError) {
      io.err(`socialgen: ${error.message}`);
      return EXIT.usage;
    }
    io.err(`socialgen: internal error: ${(error as Error)?.message ?? String(error)}`);
    if (process.env.SOCIALGEN_DEBUG) io.err(String((error as Error)?.stack));
    else io.err('(this is a bug in socialgen; run with SOCIALGEN_DEBUG=1 to see where)');
    return 3;
  }
  return exitCode;
}
