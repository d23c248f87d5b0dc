/** `socialgen mock`: serve schema-valid, deterministic mock responses for every operation of a spec. */
import type { Command } from 'commander';
import type { CommandContext } from '../context.ts';
import { UsageError } from '../../errors.ts';
import { EXIT } from '../io.ts';
import { displayPath } from '../progress.ts';
import { DEFAULT_MOCK_HOSTNAME, DEFAULT_MOCK_PORT } from './mock-defaults.ts';
import { INT64_HELP, resolveConfig, specArgument, SPEC_ARGUMENT_HELP, SPEC_HELP } from '../options.ts';

export function registerMock(program: Command, ctx: CommandContext): void {
  program
    .command('mock')
    .description('serve mock responses for every operation (schema-valid, deterministic, paginated), like a typed Prism')
    .argument('[spec]', SPEC_ARGUMENT_HELP)
    .option('-s, --spec <file>', SPEC_HELP)
    .option('-p, --port <n>', `port to listen on (default: ${DEFAULT_MOCK_PORT}; 0 picks a free one)`)
    .option('-H, --hostname <host>', `address to listen on (default: ${DEFAULT_MOCK_HOSTNAME})`)
    .option('--seed <n>', 'seed of the generated data (default: 1)')
    .option('--int64 <kind>', INT64_HELP)
    .option('--no-auth-check', 'answer requests that lack the credentials their operation requires (default: 401, as Prism does)')
    .option('-c, --config <file>', 'config file naming the spec (default: socialgen.config.json/.yaml in the current folder, if any)')
    .option('--fire <webhook>', 'instead of serving, deliver one webhook (or callback) of the spec, sampled and signed, to --to, print the answer and exit (0 for a 2xx)')
    .option('--to <url>', 'with --fire: the receiver\'s http(s) URL')
    .option('--secret <secret>', 'with --fire: the signing secret; repeat to sign with several (key rotation)', (value: string, list: string[]) => [...list, value], [] as string[])
    .option('--signature <scheme>', `with --fire: ${SCHEMES.join(', ')} (default: standard-webhooks)`)
    .option('--header <name:value>', 'with --fire: a header over the sampled ones (e.g. X-GitHub-Event:issues); repeatable', (value: string, list: string[]) => [...list, value], [] as string[])
    .action(async (positional: string | undefined, flags: MockFlags) => {
      if (flags.fire !== undefined) return fire(positional, { ...flags, fire: flags.fire }, ctx);
      for (const only of ['to', 'signature'] as const) if (flags[only] !== undefined) throw new UsageError(`--${only} goes with --fire <webhook>`);
      if (flags.secret.length || flags.header.length) throw new UsageError(`--${flags.secret.length ? 'secret' : 'header'} goes with --fire <webhook>`);
      const port = flags.port === undefined ? DEFAULT_MOCK_PORT : /^\d+$/.test(flags.port) ? Number(flags.port) : NaN;
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535, got ${JSON.stringify(flags.port)}`);
      const seed = flags.seed === undefined ? undefined : Number(flags.seed);
      if (seed !== undefined && !Number.isFinite(seed)) throw new UsageError(`--seed must be a number, got ${JSON.stringify(flags.seed)}`);
      // The config's `headers` (e.g. an auth token from the environment) go with a URL spec, as for `generate`.
      // `int64` as for `generate` (the flag over the config's): the mock reads and writes int64 members exactly.
      const { spec: specPath, headers, int64 } = resolveConfig({ spec: specArgument(positional, flags.spec), config: flags.config, int64: flags.int64 }, ctx.io.cwd);
      const { serveMock } = await import('./mock-serve.ts');
      const hostname = flags.hostname ?? DEFAULT_MOCK_HOSTNAME;
      let server: Awaited<ReturnType<typeof serveMock>>;
      try {
        server = await serveMock({ specPath, headers, port, hostname, seed, int64, mock: { checkAuth: flags.authCheck } });
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

const SCHEMES = ['standard-webhooks', 'github', 'stripe', 'slack'] as const;

interface MockFlags {
  spec?: string;
  config?: string;
  port?: string;
  hostname?: string;
  seed?: string;
  int64?: string;
  authCheck: boolean;
  fire?: string;
  to?: string;
  secret: string[];
  signature?: string;
  header: string[];
}

/** `--fire <webhook>`: one delivery through the generated server's `fireWebhook`; the answer on stdout. */
async function fire(positional: string | undefined, flags: MockFlags & { fire: string }, ctx: CommandContext): Promise<void> {
  if (flags.to === undefined) throw new UsageError('--fire needs --to <url>, the receiver to deliver to');
  if (!/^https?:\/\/[^/]/i.test(flags.to) || !URL.canParse(flags.to)) throw new UsageError(`--to must be an http(s) URL, got ${JSON.stringify(flags.to)}`);
  if (!flags.secret.length) throw new UsageError('--fire needs --secret <secret> to sign with (a Standard Webhooks secret is whsec_<base64>)');
  const signature = flags.signature ?? 'standard-webhooks';
  if (!(SCHEMES as readonly string[]).includes(signature)) throw new UsageError(`--signature must be one of ${SCHEMES.join(', ')}, got ${JSON.stringify(signature)}`);
  const headers: Record<string, string> = {};
  for (const header of flags.header) {
    const colon = header.indexOf(':');
    if (colon < 1) throw new UsageError(`--header must be name:value, got ${JSON.stringify(header)}`);
    headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
  }
  const specPath = resolveConfig({ spec: specArgument(positional, flags.spec), config: flags.config }, ctx.io.cwd).spec;
  const { fireMockWebhook } = await import('./mock-serve.ts');
  const response = await fireMockWebhook({ specPath, name: flags.fire, url: flags.to, secret: flags.secret, signature: signature as (typeof SCHEMES)[number], headers, ...(flags.seed === undefined ? {} : { seed: flags.seed }) });
  const body = await response.text();
  ctx.io.err(`socialgen: fired ${flags.fire} at ${flags.to}: ${response.status}${response.statusText ? ' ' + response.statusText : ''}`);
  if (body) ctx.io.out(body);
  if (response.status < 200 || response.status > 299) ctx.setExit(EXIT.failed);
}

/** A port that cannot be listened on is the user's to change (exit 2), not a socialgen bug. */
function listenProblem(error: unknown, port: number, hostname: string): UsageError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const pick = 'pick another with --port <n>, or --port 0 for a free one (the chosen port is printed)';
  if (code === 'EADDRINUSE') return new UsageError(`port ${port} on ${hostname} is taken (another server is listening there); ${pick}`);
  if (code === 'EACCES') return new UsageError(`port ${port} on ${hostname} needs privileges this user does not have; ${pick}`);
  if (code === 'EADDRNOTAVAIL') return new UsageError(`cannot listen on ${hostname}: not an address of this machine; choose another with --hostname`);
  // A name the resolver does not know (or, EAI_AGAIN, could not ask about now) is no address at all, of this machine or another.
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new UsageError(`cannot listen on ${hostname}: the host name does not resolve${code === 'EAI_AGAIN' ? ' (the name lookup failed for now)' : ''}; choose another with --hostname`);
  return undefined;
}
