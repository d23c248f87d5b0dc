/**
 * `socialgen mock`: serve a spec's mock straight from the spec file, with no generated package — the same
 * runtime the generated server uses, fed by the table built here and validators compiled with Ajv.
 */
import { loadModel } from '../../index.ts';
import { buildAjvValidators } from './ajv-validators.ts';
import { createMock, type MockOptions } from './runtime/mock.ts';
import { serve, type RunningServer } from './runtime/node.ts';
import { buildApiTable, buildMockData } from './table.ts';
import { DEFAULT_CONFIG, DEFAULT_MOCK_HOSTNAME, DEFAULT_MOCK_PORT } from './mock-defaults.ts';

export interface ServeMockOptions {
  /** Default `spec/social-posting.openapi.yaml` (relative to the working directory). */
  specPath?: string;
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default `127.0.0.1`. */
  hostname?: string;
  /** Same seed and same request → same answer. */
  seed?: string | number;
  /** Further mock options (pages, optionalDepth, authenticate, problemBase, ...). */
  mock?: Omit<MockOptions, 'seed'>;
}

export { DEFAULT_MOCK_HOSTNAME, DEFAULT_MOCK_PORT } from './mock-defaults.ts';

/** Loads the spec, starts the mock on node:http and resolves once it listens. */
export async function serveMock(options: ServeMockOptions = {}): Promise<RunningServer> {
  const { model } = await loadModel(options.specPath ?? DEFAULT_CONFIG.spec);
  const handler = createMock(buildApiTable(model), buildAjvValidators(model), buildMockData(model), { ...options.mock, seed: options.seed });
  return serve(handler, { port: options.port ?? DEFAULT_MOCK_PORT, hostname: options.hostname ?? DEFAULT_MOCK_HOSTNAME });
}
