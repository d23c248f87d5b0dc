/**
 * The `mcp` target on the project spec, driven by the MCP SDK's own `Client` over both transports against
 * the generated mock (`serveMock`): Streamable HTTP (`serveHttp`, in-process) and stdio (a child process
 * started as an MCP host starts one, configured from the environment variables `ENV` names). Lists the
 * tools, calls several, follows a paginated one with its next token, and reads a problem as a tool error.
 * Output schemas: every listed `outputSchema` is compiled by Ajv (2020-12, formats; the oracle) and every
 * result's `structuredContent` checked with it, and the SDK client's own check of results against
 * `outputSchema` is seen to run (a counting validator) and to refuse a result that breaks it (a node:http
 * API answering exact bytes). Petstore's `findPetsByStatus` (an array) shows the `{ value }` wrapping.
 * Run: npx vitest run test/mcp/mcp.test.ts
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMock } from '../../generator/src/cli/commands/mock-serve.ts';
import { generateInMemory, generateResult, writeFiles, type TargetName } from '../helpers/generate.ts';
import { stubValidators } from '../helpers/corpus-targets.ts';
import { LazySdkValidator } from '../helpers/mcp-sdk-validator.ts';
import { corpusDir, projectSpec, repoRoot } from '../helpers/paths.ts';

mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
const root = mkdtempSync(path.join(repoRoot, '.tmp', 'mcp-'));

type Running = Awaited<ReturnType<typeof serveMock>>;
let mock: Running;
let refusing: Running;
let mcp: Record<string, any>;
let petstore: Record<string, any>;
const closers: (() => unknown)[] = [];

beforeAll(async () => {
  const { files, loaded } = await generateResult(projectSpec, ['types', 'validators', 'client', 'server', 'zod', 'mcp'] as unknown as TargetName[], { format: false, layout: 'files' });
  writeFiles(root, files);
  const pets = await generateInMemory(path.join(corpusDir, 'petstore/petstore-3.0.openapi.yaml'), ['types', 'client', 'zod', 'mcp'] as unknown as TargetName[], { format: false, layout: 'files' });
  writeFiles(path.join(root, 'petstore'), pets);
  stubValidators(path.join(root, 'petstore'));
  petstore = await import(path.join(root, 'petstore/mcp/index.ts'));
  // Both mocks serve the model generated from above rather than loading the spec again.
  mock = await serveMock({ specPath: projectSpec, model: loaded.model, port: 0, seed: 1 });
  // A mock that accepts no credentials: every secured call is answered with a 401 problem.
  refusing = await serveMock({ specPath: projectSpec, model: loaded.model, port: 0, seed: 1, mock: { authenticate: () => null } });
  mcp = await import(path.join(root, 'mcp/index.ts'));
}, 300_000);

afterAll(async () => {
  for (const close of closers) await close();
  await mock?.close();
  await refusing?.close();
  rmSync(root, { recursive: true, force: true });
});

const AUTH = { bearer: 'test-token', oauth2: 'test-token' };

/** The oracle for output schemas: Ajv's JSON Schema 2020-12 (the dialect MCP assumes) with its formats. */
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);

/** The SDK client's own validator, counting the results it checks (one for every client of this file). */
const sdkChecks = new LazySdkValidator();
const newClient = () => new Client({ name: 'socialgen-test', version: '1.0.0' }, { jsonSchemaValidator: sdkChecks });

async function httpClient(options: Record<string, unknown>): Promise<Client> {
  const http: Server = await mcp.serveHttp(() => mcp.createMcpServer(options), { port: 0 });
  closers.push(() => new Promise((resolve) => http.close(resolve)));
  const address = http.address() as { port: number };
  const client = newClient();
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${address.port}/mcp`)));
  closers.unshift(() => client.close());
  return client;
}

/** A client connected in memory to `server`. */
async function memoryClient(server: { connect(t: unknown): Promise<void> }): Promise<Client> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = newClient();
  await client.connect(b);
  closers.unshift(() => client.close());
  return client;
}

/** A plain node:http API answering every request with `status` and exactly `body`. */
async function rawApi(status: number, body: string): Promise<string> {
  const http = createServer((_req, res) => void res.writeHead(status, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => http.close(resolve)));
  return `http://127.0.0.1:${(http.address() as { port: number }).port}`;
}

/** Every listed output schema compiles; a tool's results are checked with it (and counted). */
const validators = new Map<string, ReturnType<typeof ajv.compile>>();
function checkOutput(name: string, called: object): void {
  const result = called as { structuredContent?: unknown; isError?: unknown };
  const validate = validators.get(name)!;
  expect(validate, name).toBeDefined();
  if (result.isError) return;
  expect(validate(result.structuredContent), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

/** The calls both transports must answer alike. */
async function exercise(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(mcp.TOOLS.map((t: { name: string }) => t.name));
  // Every tool of this spec has JSON success bodies, so every one declares an object output schema.
  for (const t of tools) {
    expect(t.outputSchema?.type, t.name).toBe('object');
    if (!validators.has(t.name)) validators.set(t.name, ajv.compile(t.outputSchema!));
    else expect(t.outputSchema).toEqual(validators.get(t.name)!.schema);
  }
  const before = sdkChecks.checked;
  const lookup = tools.find((t) => t.name === 'findUserByUsername')!;
  expect(lookup.description).toContain('GET /2/users/by/username/{username}');
  expect(lookup.inputSchema.required).toContain('username');
  expect(lookup.annotations?.readOnlyHint).toBe(true);

  const user = await client.callTool({ name: 'findUserByUsername', arguments: { username: 'ada' } });
  expect(user.isError).toBeFalsy();
  expect((user.structuredContent as any).data.username).toBe('ada');
  expect(JSON.parse((user.content as { text: string }[])[0]!.text)).toEqual(user.structuredContent);
  checkOutput('findUserByUsername', user);

  // Paginated: the next token of one page is the next call's pagination_token.
  const page = await client.callTool({ name: 'getUserBookmarks', arguments: { id: '2244994945', max_results: 2 } });
  checkOutput('getUserBookmarks', page);
  const first = page.structuredContent as any;
  expect(first.data).toHaveLength(2);
  expect(typeof first.meta.next_token).toBe('string');
  const second = (await client.callTool({ name: 'getUserBookmarks', arguments: { id: '2244994945', max_results: 2, pagination_token: first.meta.next_token } })).structuredContent as any;
  expect(second.data.length).toBeGreaterThan(0);
  expect(second.meta.next_token).not.toBe(first.meta.next_token);

  // Arguments the input schema refuses never reach the API.
  const bad = await client.callTool({ name: 'findPostById', arguments: { id: 'not a number' } });
  expect(bad.isError).toBe(true);
  // The SDK client checked the three results against their output schemas itself.
  expect(sdkChecks.checked - before).toBe(3);
}

describe('mcp target: the SDK client against the mock', () => {
  it('over Streamable HTTP: lists the tools, calls them, follows a page, reads a problem as a tool error', { timeout: 120_000 }, async () => {
    await exercise(await httpClient({ baseUrl: mock.url, auth: AUTH }));

    const refused = await httpClient({ baseUrl: refusing.url, auth: AUTH });
    const problem = await refused.callTool({ name: 'findUserByUsername', arguments: { username: 'ada' } });
    expect(problem.isError).toBe(true);
    const body = problem.structuredContent as { status: number; type: string; title: string };
    expect(body.status).toBe(401);
    expect(typeof body.type).toBe('string');
    expect(JSON.parse((problem.content as { text: string }[])[0]!.text)).toEqual(body);
  });

  it("the SDK client refuses a result that breaks the tool's output schema", { timeout: 60_000 }, async () => {
    // An API answering a user lookup with a user whose username is a number.
    const baseUrl = await rawApi(200, '{"data":{"id":"2244994945","name":"Ada","username":42}}');
    const client = await memoryClient(mcp.createMcpServer({ baseUrl, auth: AUTH, include: ['findUserByUsername'] }));
    const { tools } = await client.listTools();
    expect(ajv.validate(tools[0]!.outputSchema!, { data: { id: '2244994945', name: 'Ada', username: 42 } })).toBe(false);
    await expect(client.callTool({ name: 'findUserByUsername', arguments: { username: 'ada' } })).rejects.toThrow(/does not match the tool's output schema/);
  });

  it('wraps a body that is not an object as { value } and says so in the output schema (petstore)', { timeout: 60_000 }, async () => {
    const pets = '[{"id":1,"name":"Rex","photoUrls":[],"status":"available"}]';
    const client = await memoryClient(petstore.createMcpServer({ baseUrl: await rawApi(200, pets), auth: { oauth2: 'test-token' }, include: ['findPetsByStatus'] }));
    const [tool] = (await client.listTools()).tools;
    expect(tool!.outputSchema).toMatchObject({ type: 'object', required: ['value'], properties: { value: { type: 'array' } } });
    const validate = ajv.compile(tool!.outputSchema!);
    const before = sdkChecks.checked;
    const result = await client.callTool({ name: 'findPetsByStatus', arguments: { status: 'available' } });
    expect(sdkChecks.checked - before).toBe(1);
    expect(result.structuredContent).toEqual({ value: JSON.parse(pets) });
    expect(validate(result.structuredContent), ajv.errorsText(validate.errors)).toBe(true);
    // The Pet schema the array refers to travels in the tool's `$defs`.
    expect(Object.keys((tool!.outputSchema as unknown as { $defs: object }).$defs)).toContain('Pet');
    expect(validate({ value: [{ name: 'Rex' }] })).toBe(false);
  });

  it('selects tools by tag, operation id and read-only mode', { timeout: 60_000 }, async () => {
    const names = async (options: Record<string, unknown>) => (await (await httpClient({ baseUrl: mock.url, ...options })).listTools()).tools.map((t) => t.name);
    expect(await names({ include: ['Bookmarks', 'createPost'] })).toEqual(['getUserBookmarks', 'createPost']);
    const readOnly = await names({ readOnly: true });
    expect(readOnly).toContain('findUserByUsername');
    expect(readOnly).not.toContain('createPost');
    expect(await names({ exclude: ['Posts'] })).not.toContain('findPostById');
  });

  it('over stdio, configured from the environment as a host starts it', { timeout: 120_000 }, async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', path.join(repoRoot, 'test/mcp/stdio-entry.ts'), path.join(root, 'mcp')],
      cwd: repoRoot,
      env: { ...(process.env as Record<string, string>), [mcp.ENV.baseUrl]: mock.url, [mcp.ENV.bearer]: AUTH.bearer, [mcp.ENV.oauth2]: AUTH.oauth2 },
      stderr: 'pipe',
    });
    const client = newClient();
    await client.connect(transport);
    try {
      await exercise(client);
    } finally {
      await client.close();
    }
  });
});
