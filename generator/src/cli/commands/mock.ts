/** `socialgen mock`: serve schema-valid, deterministic mock responses for every operation of a spec. */
import type { Command } from 'commander';
import type { CommandContext } from '../context.ts';
import { UsageError } from '../../errors.ts';
import { displayPath } from '../progress.ts';
import { DEFAULT_MOCK_HOSTNAME, DEFAULT_MOCK_PORT } from '../../emit/server/mock-defaults.ts';
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
    .option('-c, --config <file>', 'config file naming the spec (default: socialgen.config.json/.yaml in the current folder, if any)')
    .action(async (positional: string | undefined, flags: { spec?: string; config?: string; port?: string; hostname?: string; seed?: string }) => {
      const port = flags.port === undefined ? DEFAULT_MOCK_PORT : Number(flags.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535, got ${JSON.stringify(flags.port)}`);
      const seed = flags.seed === undefined ? undefined : Number(flags.seed);
      if (seed !== undefined && !Number.isFinite(seed)) throw new UsageError(`--seed must be a number, got ${JSON.stringify(flags.seed)}`);
      const specPath = resolveConfig({ spec: specArgument(positional, flags.spec), config: flags.config }, ctx.io.cwd).spec;
      const { serveMock } = await import('../../emit/server/mock-serve.ts');
      const server = await serveMock({ specPath, port, hostname: flags.hostname ?? DEFAULT_MOCK_HOSTNAME, seed });
      ctx.io.err(`socialgen: mock of ${displayPath(ctx.io.cwd, specPath)} listening on ${server.url} (Ctrl-C to stop)`);
      await new Promise<void>((resolve) => {
        const stop = () => void Promise.resolve(server.close()).then(() => resolve());
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
