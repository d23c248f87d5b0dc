/** `socialgen mock`: serve schema-valid, deterministic mock responses for every operation of a spec. */
import type { Command } from 'commander';
import type { CommandContext } from '../context.ts';
import { UsageError } from '../../errors.ts';
import { displayPath } from '../progress.ts';
import { DEFAULT_MOCK_HOSTNAME, DEFAULT_MOCK_PORT } from './mock-defaults.ts';
import { resolveConfig, specArgument, SPEC_ARGUMENT_HELP, SPEC_HELP } from '../options.ts';

export function registerMock(program: Command, ctx: CommandContext): void {
  program
    .command('mock')
    .description('serve mock responses for every operation (schema-valid, deterministic, paginated), like a typed Prism')
    .argument('[spec]', SPEC_ARGUMENT_HELP)
    .option('-s, --spec <file>', SPEC_HELP)
    .option('-p, --port <n>', `port to listen on (default: ${DEFAULT_MOCK_PORT}; 0 picks a free one)`)
    .option('-H, --hostname <host>', `address to listen on (default: ${DEFAULT_MOCK_HOSTNAME})`)
    .option('--seed <n>', 'seed of the generated data (default: 1)')
    .option('--no-auth-check', 'answer requests that lack the credentials their operation requires (default: 401, as Prism does)')
    .option('-c, --config <file>', 'config file naming the spec (default: socialgen.config.json/.yaml in the current folder, if any)')
    .action(async (positional: string | undefined, flags: { spec?: string; config?: string; port?: string; hostname?: string; seed?: string; authCheck: boolean }) => {
      const port = flags.port === undefined ? DEFAULT_MOCK_PORT : /^\d+$/.test(flags.port) ? Number(flags.port) : NaN;
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535, got ${JSON.stringify(flags.port)}`);
      const seed = flags.seed === undefined ? undefined : Number(flags.seed);
      if (seed !== undefined && !Number.isFinite(seed)) throw new UsageError(`--seed must be a number, got ${JSON.stringify(flags.seed)}`);
      // The config's `headers` (e.g. an auth token from the environment) go with a URL spec, as for `generate`.
      const { spec: specPath, headers } = resolveConfig({ spec: specArgument(positional, flags.spec), config: flags.config }, ctx.io.cwd);
      const { serveMock } = await import('./mock-serve.ts');
      const hostname = flags.hostname ?? DEFAULT_MOCK_HOSTNAME;
      let server: Awaited<ReturnType<typeof serveMock>>;
      try {
        server = await serveMock({ specPath, headers, port, hostname, seed, mock: { checkAuth: flags.authCheck } });
      } catch (error) {
        throw listenProblem(error, port, hostname) ?? error;
      }
      // The port is in the line (with --port 0, the one the system chose).
      ctx.io.err(`socialgen: mock of ${displayPath(ctx.io.cwd, specPath)} listening on ${server.url} (port ${server.port}; Ctrl-C to stop)`);
      await new Promise<void>((resolve) => {
        const stop = () => void Promise.resolve(server.close()).then(() => resolve());
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}

/** A port that cannot be listened on is the user's to change (exit 2), not a socialgen bug. */
function listenProblem(error: unknown, port: number, hostname: string): UsageError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const pick = 'pick another with --port <n>, or --port 0 for a free one (the chosen port is printed)';
  if (code === 'EADDRINUSE') return new UsageError(`port ${port} on ${hostname} is taken (another server is listening there); ${pick}`);
  if (code === 'EACCES') return new UsageError(`port ${port} on ${hostname} needs privileges this user does not have; ${pick}`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return new UsageError(`cannot listen on ${hostname}: not an address of this machine; choose another with --hostname`);
  return undefined;
}
