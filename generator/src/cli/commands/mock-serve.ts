/**
 * `socialgen mock`: serve a spec's mock straight from the spec file. The server package is generated in
 * memory and imported (mock-package.ts), so the mock validates and answers with the same generated code
 * a `socialgen generate` user runs.
 */
import type { MockOptions } from '../../emit/server/runtime/mock.ts';
import { serve, type RunningServer } from '../../emit/server/runtime/node.ts';
import { createWebHandler, PIPELINE, type Pipeline } from '../../emit/server/runtime/web.ts';
import { DEFAULT_MOCK_HOSTNAME, DEFAULT_MOCK_PORT } from './mock-defaults.ts';
import { checkSecrets, type SignatureScheme } from '../../emit/server/runtime/webhook-signatures.ts';
import { UsageError } from '../../errors.ts';
import type { Int64Option } from '../../config.ts';
import type { ApiModel } from '../../model/types.ts';

export interface ServeMockOptions {
  /** The root OpenAPI document (relative to the working directory). */
  specPath: string;
  /** Request headers when `specPath` is a URL (the config's `headers`). */
  headers?: Record<string, string>;
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default `127.0.0.1`. */
  hostname?: string;
  /** Same seed and same request → same answer. */
  seed?: string | number;
  /** `bigint`: int64 members are read, validated and written exactly (the config's `int64`, `--int64`). */
  int64?: Int64Option;
  /** Further mock options (pages, optionalDepth, checkAuth, authenticate, problemBase, ...). */
  mock?: Omit<MockOptions, 'seed'>;
  /**
   * The spec's model when the caller has loaded it already (`loadModel(specPath)`): it is served instead of
   * loading `specPath` again. For tests that read the model and serve it (a large spec takes seconds to load).
   */
  model?: ApiModel;
}

export { DEFAULT_MOCK_HOSTNAME, DEFAULT_MOCK_PORT } from './mock-defaults.ts';

/**
 * Starts the mock on node:http and resolves once it answers. The port is bound first, then the spec loaded
 * and the server package built (seconds on a large spec): a port that is taken fails at once, before any of
 * that work, and requests that arrive during the build wait for it and are answered by the mock.
 */
export async function serveMock(options: ServeMockOptions): Promise<RunningServer> {
  let built!: (pipeline: Pipeline) => void;
  const ready = new Promise<Pipeline>((resolve) => (built = resolve));
  const running = await serve(createWebHandler({ handle: async (incoming) => (await ready).handle(incoming) }), {
    port: options.port ?? DEFAULT_MOCK_PORT,
    hostname: options.hostname ?? DEFAULT_MOCK_HOSTNAME,
  });
  try {
    // Loaded once the port is bound: the loader and the emitters are most of the command's start.
    const [{ loadModel }, { importGeneratedServer }] = await Promise.all([import('../../load-model.ts'), import('./mock-package.ts')]);
    const model = options.model ?? (await loadModel(options.specPath, { remote: { headers: options.headers } })).model;
    if (options.int64 === 'bigint') model.int64 = 'bigint';
    const server = await importGeneratedServer(model);
    const pipeline = server.createMockHandler({ ...options.mock, seed: options.seed })[PIPELINE];
    // The generated createMockHandler is made by createWebHandler, which always marks its pipeline.
    if (!pipeline) throw new Error('the generated createMockHandler returned a handler without its pipeline');
    built(pipeline);
  } catch (error) {
    // A spec that cannot be loaded: the port is let go (waiting requests are cut off), nothing keeps running.
    await running.close();
    throw error;
  }
  return running;
}

export interface FireMockWebhookOptions {
  /** The root OpenAPI document (relative to the working directory). */
  specPath: string;
  /** The webhook's (or callback's) name, as `sampleWebhook` and the receiver's handlers know it. */
  name: string;
  /** The receiver's URL. */
  url: string;
  secret: string[];
  signature?: SignatureScheme;
  /** Headers over the sampled ones (e.g. `X-GitHub-Event`). */
  headers?: Record<string, string>;
  /** The payload's seed (the spec's example wins, as for the mock's answers). */
  seed?: string;
}

/**
 * Fires one webhook of the spec at a receiver as the API would (the generated server's `fireWebhook`: a
 * sampled payload and headers, signed); resolves to the receiver's Response. A name the spec has no webhook
 * for, or a secret the scheme cannot use, is a usage error.
 */
export async function fireMockWebhook(options: FireMockWebhookOptions): Promise<Response> {
  const [{ loadModel }, { importGeneratedServer }] = await Promise.all([import('../../load-model.ts'), import('./mock-package.ts')]);
  const { model } = await loadModel(options.specPath);
  const names = (model.webhooks ?? []).map((w) => w.name);
  if (!names.includes(options.name)) {
    const known = names.length ? `its webhooks and callbacks: ${names.join(', ')}` : 'it has no webhooks or callbacks';
    throw new UsageError(`--fire: ${options.specPath} has no webhook named ${JSON.stringify(options.name)} (${known})`);
  }
  try {
    // The runtime's own check, before the server is generated: a whsec_ secret that is not base64, ...
    checkSecrets(options.signature, options.secret);
  } catch (error) {
    throw new UsageError(`--secret: ${(error as Error).message}`);
  }
  const server = await importGeneratedServer(model);
  const fire = server.fireWebhook!;
  const { url, secret, signature, headers, seed } = options;
  try {
    return await fire(options.name, { url, secret, ...(signature ? { signature } : {}), ...(headers ? { headers } : {}), ...(seed === undefined ? {} : { seed }) });
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    // fetch's failure to connect carries its reason as the cause; else the runtime refused a secret or scheme
    // (a TypeError before anything is sent).
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    throw new UsageError(cause ? `--fire: cannot deliver to ${url}: ${cause}` : `--fire: ${error.message}`);
  }
}
