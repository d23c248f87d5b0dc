/**
 * `socialgen mock`: serve a spec's mock straight from the spec file. The server package is generated in
 * memory and imported (mock-package.ts), so the mock validates and answers with the same generated code
 * a `socialgen generate` user runs.
 */
import { loadModel } from '../../load-model.ts';
import { importGeneratedServer } from './mock-package.ts';
import type { MockOptions } from '../../emit/server/runtime/mock.ts';
import { serve, type RunningServer } from '../../emit/server/runtime/node.ts';
import { DEFAULT_MOCK_HOSTNAME, DEFAULT_MOCK_PORT } from './mock-defaults.ts';

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
  /** Further mock options (pages, optionalDepth, checkAuth, authenticate, problemBase, ...). */
  mock?: Omit<MockOptions, 'seed'>;
}

export { DEFAULT_MOCK_HOSTNAME, DEFAULT_MOCK_PORT } from './mock-defaults.ts';

/** Loads the spec, starts the mock on node:http and resolves once it listens. */
export async function serveMock(options: ServeMockOptions): Promise<RunningServer> {
  const { model } = await loadModel(options.specPath, { remote: { headers: options.headers } });
  const server = await importGeneratedServer(model);
  const handler = server.createMockHandler({ ...options.mock, seed: options.seed });
  return serve(handler, { port: options.port ?? DEFAULT_MOCK_PORT, hostname: options.hostname ?? DEFAULT_MOCK_HOSTNAME });
}
