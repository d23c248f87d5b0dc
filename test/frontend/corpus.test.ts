/**
 * The opt-in targets (`query`, `msw`, the server adapters `express`/`fastify`/`hono`/`koa`/`next`, `zod`, `mcp`), and the client they import, on specs written by others (shared corpus: petstore
 * 3.0/3.1, the OpenAPI Initiative's examples, DigitalOcean, GitHub): each spec generated once with
 * `layout: files` (types, client, server and the opt-in targets; the validators folder is a stub with the
 * contract's export, as in the client's corpus test; GitHub and DigitalOcean on a sample unless
 * SOCIALGEN_CORPUS_FULL=1, below), every spec's opt-in target folders type-checked strictly, with `noUncheckedIndexedAccess`, in one compiler run (the adapters add little: the
 * server they import is in the program for msw already), and GitHub's MCP server
 * listed and called by the SDK's own client against GitHub's mock (`serveMock`). The folders live under the repository's ignored `.tmp/` so that the peer libraries resolve
 * from its node_modules.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMock } from '../../generator/src/cli/commands/mock-serve.ts';
import { CORPUS_SPECS, sampleSpec, sliceSpec, stubValidators, typecheckTargets, UNUSED_DECLARATION } from '../helpers/corpus-targets.ts';
import { loadModel } from '../../generator/src/index.ts';
import { generateInMemory, generateResult, writeFiles, type TargetName } from '../helpers/generate.ts';
import { LazySdkValidator } from '../helpers/mcp-sdk-validator.ts';
import { corpusDir, repoRoot } from '../helpers/paths.ts';

const SPECS = CORPUS_SPECS;
const TARGETS = ['query', 'msw', 'express', 'fastify', 'hono', 'koa', 'next', 'zod', 'mcp'];
const GITHUB = SPECS.findIndex((s) => s.startsWith('github/'));
/**
 * GitHub's and DigitalOcean's specs are over 20 MB of generated code each through these targets (GitHub's
 * zod module alone is 2.4 MB): generating the two whole took 40 s of CPU and type-checking their zod and
 * mcp folders minutes, more than the CI budget (well under 15 minutes on 2 cores) can carry on every run.
 * So every run checks every target folder, the client's included, on a sample of
 * each (every SAMPLE_EVERY-th path with the components it reaches, about 20 operations: sampleSpec), in the
 * same compiler run; SOCIALGEN_CORPUS_FULL=1 generates and checks the whole two (as prettier-clean's full
 * corpus cases do). What the sample trades: a type error that only a schema outside the sample provokes
 * is found by the full run, not by every run. GitHub's MCP server is generated whole (types, client, mcp)
 * and driven by the SDK's client below on every run, against a mock of the path it calls.
 */
const FULL = process.env.SOCIALGEN_CORPUS_FULL === '1';
const LARGE = new Set(SPECS.flatMap((s, i) => (s.startsWith('github/') || s.startsWith('digitalocean/') ? [i] : [])));
const SAMPLE_EVERY = 40;
/** What the MCP test below reads of GitHub's output when the large specs are sampled. */
const MCP_TARGETS = ['types', 'client', 'mcp'];
/** Folder index → the spec a sampled folder was drawn from (after the SPECS folders). */
const samples = new Map<number, string>();
const sampled = (index: number): boolean => !FULL && LARGE.has(index);
const checked = (index: number): boolean => !sampled(index);

/**
 * The client is in this program already (every opt-in target imports it), so its folder is checked here
 * too, with the client's own promise `noUnusedLocals` (test/client/corpus.test.ts): the compiler run over
 * GitHub's and DigitalOcean's clients (their samples; whole with SOCIALGEN_CORPUS_FULL=1). The client's corpus test keeps the small specs in the
 * packages layout; compiling the two large ones there again cost about 45 s of CPU per run. Unused
 * declarations count in the client's folder only here: test/generator/unused-declarations.test.ts holds
 * every target to `noUnusedLocals` and `noUnusedParameters` on the project spec, fixtures and the small
 * corpus specs; these samples of the large ones are not held to it (yet).
 */
const CHECKED = ['client', ...TARGETS];
const isFinding = (line: string): boolean => /^\d+\/client\//.test(line) || !UNUSED_DECLARATION.test(line);

mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
const root = mkdtempSync(path.join(repoRoot, '.tmp', 'frontend-corpus-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ALL = ['types', 'client', 'server', ...TARGETS] as unknown as TargetName[];
/** Opt-in target folders written, by the spec (or sample) they were generated from. */
const counts: Record<string, number> = {};
/** GitHub's bundled document, for the mock of the MCP test (below). */
let githubDocument: Record<string, unknown> | undefined;
/**
 * The one path of GitHub's the MCP test calls (`repos_get`). Its mock serves that path with what it reaches
 * (sliceSpec): the answer is sampled from the same response schema as in the whole spec's mock, and building
 * the whole spec's mock (validators and server for over 1,000 operations, generated and transpiled in
 * memory) cost more than the rest of that test.
 */
const MOCKED_PATH = '/repos/{owner}/{repo}';
beforeAll(async () => {
  const documents = new Map<string, Record<string, unknown>>();
  for (const [i, spec] of SPECS.entries()) {
    const file = path.join(corpusDir, spec);
    const dir = path.join(root, String(i));
    if (sampled(i)) {
      // Loaded for its sample; GitHub's output only for the MCP test.
      if (i === GITHUB) {
        const { files, loaded } = await generateResult(file, MCP_TARGETS as unknown as TargetName[], { format: false, layout: 'files' });
        writeFiles(dir, files);
        stubValidators(dir);
        documents.set(spec, loaded.spec.document);
        githubDocument = loaded.spec.document;
      } else documents.set(spec, (await loadModel(file)).spec.document);
      continue;
    }
    const { files, loaded } = await generateResult(file, ALL, { format: false, layout: 'files' });
    if (i === GITHUB) githubDocument = loaded.spec.document;
    writeFiles(dir, files);
    stubValidators(dir);
    counts[spec] = TARGETS.filter((t) => files.has(`${t}/index.ts`)).length;
  }
  for (const [spec, document] of documents) {
    const index = SPECS.length + samples.size;
    const dir = path.join(root, String(index));
    mkdirSync(dir, { recursive: true });
    const { operations } = sampleSpec(document, path.join(dir, 'sample.json'), SAMPLE_EVERY);
    const files = await generateInMemory(path.join(dir, 'sample.json'), ALL, { format: false, layout: 'files' });
    writeFiles(dir, files);
    stubValidators(dir);
    const label = `${spec} (${operations} operations)`;
    samples.set(index, label);
    counts[label] = TARGETS.filter((t) => files.has(`${t}/index.ts`)).length;
  }
}, 900_000);

describe('opt-in targets on the shared corpus', () => {
  it.runIf(SPECS.length > 0)(`generate and type-check, with the client, on ${SPECS.length} specs (petstore, OAI examples, DigitalOcean, GitHub) in one compiler run`, { timeout: 900_000 }, () => {
    // Without the full run, GitHub's and DigitalOcean's folders are generated and checked on their samples.
    if (!FULL) expect([...samples.values()].map((s) => s.replace(/ \(\d+ operations\)/, ''))).toEqual(SPECS.filter((_, i) => LARGE.has(i)));
    for (const spec of [...SPECS.filter((_, i) => !sampled(i)), ...samples.values()]) expect(counts[spec], spec).toBe(TARGETS.length);
    for (const sample of samples.values()) expect(Number(/\((\d+) operations\)/.exec(sample)![1]), sample).toBeGreaterThanOrEqual(10);
    expect(typecheckTargets(root, SPECS.length + samples.size, CHECKED, checked, { noUnusedLocals: true }).filter(isFinding)).toEqual([]);
  });

  it.runIf(GITHUB >= 0)("GitHub's MCP server: the SDK client lists its tools and calls one against GitHub's mock", { timeout: 600_000 }, async () => {
    const dir = path.join(root, String(GITHUB));
    // `socialgen mock`'s server (the generated folder's validators are a stub the mock cannot check with), on
    // the path the test calls.
    const slice = path.join(dir, 'mocked.json');
    expect(sliceSpec(githubDocument!, slice, (p) => p === MOCKED_PATH).operations).toBeGreaterThanOrEqual(1);
    const mock = await serveMock({ specPath: slice, port: 0, seed: 1, mock: { checkAuth: false } });
    try {
      const mcp = await import(path.join(dir, 'mcp/index.ts'));
      const warnings: unknown[][] = [];
      const warn = console.warn;
      console.warn = (...args: unknown[]) => void warnings.push(args);
      let mcpServer;
      try {
        mcpServer = mcp.createMcpServer({ baseUrl: mock.url });
      } finally {
        console.warn = warn;
      }
      // GitHub has far more operations than hosts take: the warning names the count.
      expect(String(warnings[0])).toMatch(/\d+ tools \(more than 128\)/);
      const [a, b] = InMemoryTransport.createLinkedPair();
      await mcpServer.connect(a);
      const validator = new LazySdkValidator();
      const client = new Client({ name: 'socialgen-test', version: '1.0.0' }, { jsonSchemaValidator: validator });
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
      // It declares an output schema, and the SDK client checked the result against it.
      expect(tools.find((t) => t.name === 'repos_get')!.outputSchema?.type).toBe('object');
      expect(validator.checked).toBe(1);
      await client.close();
    } finally {
      await mock.close();
    }
  });
});
