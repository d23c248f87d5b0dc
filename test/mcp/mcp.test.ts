/**
 * The `mcp` target on the project spec, driven by the MCP SDK's own `Client` over both transports against
 * the generated mock (`serveMock`): Streamable HTTP (`serveHttp`, in-process) and stdio (a child process
 * started as an MCP host starts one, configured from the environment variables `ENV` names). Lists the
 * tools, calls several, follows a paginated one with its next token, and reads a problem as a tool error.
 * Run: npx vitest run test/mcp/mcp.test.ts
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMock } from '../../generator/src/cli/commands/mock-serve.ts';
import { generateInMemory, writeFiles, type TargetName } from '../helpers/generate.ts';
import { projectSpec, repoRoot } from '../helpers/paths.ts';

mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
const root = mkdtempSync(path.join(repoRoot, '.tmp', 'mcp-'));

type Running = Awaited<ReturnType<typeof serveMock>>;
let mock: Running;
let refusing: Running;
let mcp: Record<string, any>;
const closers: (() => unknown)[] = [];

beforeAll(async () => {
  const files = await generateInMemory(projectSpec, ['types', 'validators', 'client', 'server', 'zod', 'mcp'] as unknown as TargetName[], { format: false, layout: 'files' });
  writeFiles(root, files);
  mock = await serveMock({ specPath: projectSpec, port: 0, seed: 1 });
  // A mock that accepts no credentials: every secured call is answered with a 401 problem.
  refusing = await serveMock({ specPath: projectSpec, port: 0, seed: 1, mock: { authenticate: () => null } });
  mcp = await import(path.join(root, 'mcp/index.ts'));
}, 300_000);

afterAll(async () => {
  for (const close of closers) await close();
  await mock?.close();
  await refusing?.close();
  rmSync(root, { recursive: true, force: true });
});

const AUTH = { bearer: 'test-token', oauth2: 'test-token' };

async function httpClient(options: Record<string, unknown>): Promise<Client> {
  const http: Server = await mcp.serveHttp(() => mcp.createMcpServer(options), { port: 0 });
  closers.push(() => new Promise((resolve) => http.close(resolve)));
  const address = http.address() as { port: number };
  const client = new Client({ name: 'socialgen-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${address.port}/mcp`)));
  closers.unshift(() => client.close());
  return client;
}

/** The calls both transports must answer alike. */
async function exercise(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(mcp.TOOLS.map((t: { name: string }) => t.name));
  const lookup = tools.find((t) => t.name === 'findUserByUsername')!;
  expect(lookup.description).toContain('GET /2/users/by/username/{username}');
  expect(lookup.inputSchema.required).toContain('username');
  expect(lookup.annotations?.readOnlyHint).toBe(true);

  const user = await client.callTool({ name: 'findUserByUsername', arguments: { username: 'ada' } });
  expect(user.isError).toBeFalsy();
  expect((user.structuredContent as any).data.username).toBe('ada');
  expect(JSON.parse((user.content as { text: string }[])[0]!.text)).toEqual(user.structuredContent);

  // Paginated: the next token of one page is the next call's pagination_token.
  const first = (await client.callTool({ name: 'getUserBookmarks', arguments: { id: '2244994945', max_results: 2 } })).structuredContent as any;
  expect(first.data).toHaveLength(2);
  expect(typeof first.meta.next_token).toBe('string');
  const second = (await client.callTool({ name: 'getUserBookmarks', arguments: { id: '2244994945', max_results: 2, pagination_token: first.meta.next_token } })).structuredContent as any;
  expect(second.data.length).toBeGreaterThan(0);
  expect(second.meta.next_token).not.toBe(first.meta.next_token);

  // Arguments the input schema refuses never reach the API.
  const bad = await client.callTool({ name: 'findPostById', arguments: { id: 'not a number' } });
  expect(bad.isError).toBe(true);
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
    const client = new Client({ name: 'socialgen-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      await exercise(client);
    } finally {
      await client.close();
    }
  });
});
