/**
 * The `zod` and `mcp` targets on specs written by others (shared corpus: petstore 3.0/3.1, the OpenAPI
 * Initiative's examples, DigitalOcean, GitHub): each spec generated once with `layout: files`, every
 * spec's zod and mcp folders type-checked strictly (`noUncheckedIndexedAccess`) in one compiler run, and
 * GitHub's MCP server listed and called by the SDK's own client against GitHub's mock. The folders live
 * under the repository's ignored `.tmp/` so that `zod` and the SDK resolve from its node_modules.
 * Run: npx vitest run test/mcp/corpus.test.ts
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMock } from '../../generator/src/cli/commands/mock-serve.ts';
import { generateInMemory, writeFiles, type TargetName } from '../helpers/generate.ts';
import { CORPUS_SPECS, stubValidators, typecheckTargets } from '../helpers/corpus-targets.ts';
import { corpusDir, repoRoot } from '../helpers/paths.ts';

const GITHUB = 'github/api.github.com.octokit-openapi-23.0.2.json';
const SPECS = CORPUS_SPECS;

mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
const root = mkdtempSync(path.join(repoRoot, '.tmp', 'mcp-corpus-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeAll(async () => {
  for (const [i, spec] of SPECS.entries()) {
    const files = await generateInMemory(path.join(corpusDir, spec), ['types', 'client', 'zod', 'mcp'] as unknown as TargetName[], { format: false, layout: 'files' });
    const dir = path.join(root, String(i));
    writeFiles(dir, files);
    stubValidators(dir);
  }
}, 900_000);

describe('zod and mcp targets on the shared corpus', () => {
  it.runIf(SPECS.length > 0)(`type-check on ${SPECS.length} specs in one compiler run`, { timeout: 900_000 }, () => {
    for (const [i, spec] of SPECS.entries()) expect(existsSync(path.join(root, String(i), 'zod/index.ts')), spec).toBe(true);
    expect(typecheckTargets(root, SPECS.length, ['zod', 'mcp'])).toEqual([]);
  });

  it.runIf(SPECS.includes(GITHUB))("GitHub's MCP server: the SDK client lists its tools and calls one against GitHub's mock", { timeout: 600_000 }, async () => {
    const mock = await serveMock({ specPath: path.join(corpusDir, GITHUB), port: 0, seed: 1, mock: { checkAuth: false } });
    try {
      const mcp = await import(path.join(root, String(SPECS.indexOf(GITHUB)), 'mcp/index.ts'));
      const warnings: unknown[] = [];
      const warn = console.warn;
      console.warn = (...args: unknown[]) => void warnings.push(args);
      let server;
      try {
        server = mcp.createMcpServer({ baseUrl: mock.url });
      } finally {
        console.warn = warn;
      }
      // GitHub has far more operations than hosts take: the warning names the count.
      expect(String(warnings[0])).toMatch(/\d+ tools \(more than 128\)/);
      const [a, b] = InMemoryTransport.createLinkedPair();
      await server.connect(a);
      const client = new Client({ name: 'socialgen-test', version: '1.0.0' });
      await client.connect(b);
      const { tools } = await client.listTools();
      expect(tools.length).toBe(mcp.TOOLS.length);
      expect(tools.length).toBeGreaterThan(500);
      for (const t of tools) {
        expect(t.name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        expect(t.description!.length).toBeLessThanOrEqual(300);
      }
      const repo = await client.callTool({ name: 'repos_get', arguments: { owner: 'octocat', repo: 'hello-world' } });
      expect(repo.isError).toBeFalsy();
      expect(typeof (repo.structuredContent as { full_name: unknown }).full_name).toBe('string');
      await client.close();
    } finally {
      await mock.close();
    }
  });
});
