import { createServer, type IncomingMessage, type Server } from 'node:http';
import process from 'node:process';
import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListToolsRequestSchema, type CallToolResult, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** A JSON Schema object, as MCP carries tool schemas. */
export type JsonSchema = { [keyword: string]: unknown };

/** One operation as a tool. */
export interface Tool {
  /** The tool's name: the operationId as MCP hosts accept it (`[A-Za-z0-9_-]`, at most 64 characters). */
  name: string;
  /** The client method that performs it. */
  method: string;
  operationId: string;
  httpMethod: string;
  tags: readonly string[];
  title?: string;
  description: string;
  /** Parameters by their names in the spec, and `body`: what the client method takes. */
  input: z.ZodObject;
  /** The success body's schema (the `zod` target's), for callers in-process. */
  output?: z.ZodType;
  /**
   * The advertised `outputSchema`: the spec's JSON Schema of the success body, its references into the
   * `defs` given to `buildServer`. Absent when a success response has no JSON body.
   */
  outputSchema?: JsonSchema;
  /** The body is returned as `{ value: body }` (MCP wants an object; the body's schema admits more). */
  wrapOutput?: boolean;
}

/** Where the server finds its configuration when `createMcpServer` is not given it (see `ENV`). */
export interface EnvNames {
  baseUrl: string;
  bearer?: string;
  oauth2?: string;
  basicUsername?: string;
  basicPassword?: string;
  /** Security scheme name → the variable holding its API key. */
  apiKeys?: Readonly<Record<string, string>>;
}

export interface McpServerOptions<Auth> {
  /** The API's base URL; default the `baseUrl` variable of `ENV`, else the spec's first server. */
  baseUrl?: string;
  /** Credentials as the client takes them; default read from the variables `ENV` names. */
  auth?: Auth;
  /** Only operations with one of these tags or operation ids (default all). */
  include?: readonly string[];
  /** Not the operations with one of these tags or operation ids. */
  exclude?: readonly string[];
  /** Only GET and HEAD operations. */
  readOnly?: boolean;
}

/** Past this many tools a warning is printed (to stderr): VS Code sends at most 128 tools to the model, and models pick worse among many. */
export const TOOL_COUNT_WARNING = 128;

/** Credentials from the environment, as the client's `auth` option. */
export function authFromEnv(env: EnvNames): Record<string, unknown> | undefined {
  const read = (name: string | undefined) => (name ? process.env[name] || undefined : undefined);
  const auth: Record<string, unknown> = {};
  if (read(env.bearer)) auth.bearer = read(env.bearer);
  if (read(env.oauth2)) auth.oauth2 = read(env.oauth2);
  if (read(env.basicUsername))
    auth.basic = { username: read(env.basicUsername), password: read(env.basicPassword) ?? '' };
  const keys = Object.entries(env.apiKeys ?? {}).flatMap(([scheme, name]) =>
    read(name) ? [[scheme, read(name)!] as const] : [],
  );
  if (keys.length) auth.apiKeys = Object.fromEntries(keys);
  return Object.keys(auth).length ? auth : undefined;
}

/** The API's base URL from the environment, else the spec's. */
export function baseUrlFromEnv(env: EnvNames, fallback: string): string {
  return process.env[env.baseUrl] || fallback;
}

/** The tools the options select. */
export function selectTools(tools: readonly Tool[], options: McpServerOptions<unknown>): Tool[] {
  const named = (tool: Tool, names: readonly string[]) =>
    names.includes(tool.operationId) || names.includes(tool.name) || tool.tags.some((t) => names.includes(t));
  return tools.filter(
    (tool) =>
      (!options.include || named(tool, options.include)) &&
      !(options.exclude && named(tool, options.exclude)) &&
      !(options.readOnly && tool.httpMethod !== 'GET' && tool.httpMethod !== 'HEAD'),
  );
}

/**
 * `schema` with the `$defs` it reaches, transitively, from `defs` (references are `#/$defs/<key>`, the
 * key a JSON pointer segment in a URI fragment).
 */
export function outputSchemaOf(schema: JsonSchema, defs: Readonly<Record<string, JsonSchema | boolean>>): JsonSchema {
  const reached = new Map<string, JsonSchema | boolean>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    for (const [keyword, value] of Object.entries(node)) {
      if (keyword === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
        const key = decodeURIComponent(value.slice('#/$defs/'.length)).replace(/~1/g, '/').replace(/~0/g, '~');
        if (!reached.has(key) && Object.prototype.hasOwnProperty.call(defs, key)) {
          reached.set(key, defs[key]!);
          visit(defs[key]);
        }
      } else visit(value);
    }
  };
  visit(schema);
  if (!reached.size) return schema;
  const $defs: Record<string, JsonSchema | boolean> = {};
  for (const key of Object.keys(defs)) {
    if (reached.has(key)) Object.defineProperty($defs, key, { value: reached.get(key), enumerable: true });
  }
  return { ...schema, $defs };
}

/** What a failed call returns: the problem (or other error body) the API answered, as a tool error. */
function toolError(error: unknown): CallToolResult {
  const e = error as { status?: unknown; body?: unknown; message?: unknown };
  if (typeof e === 'object' && e !== null && typeof e.status === 'number') {
    const body = e.body === undefined ? { status: e.status } : e.body;
    const structured =
      typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    return {
      isError: true,
      content: [{ type: 'text', text: JSON.stringify(body) }],
      ...(structured ? { structuredContent: structured } : {}),
    };
  }
  return { isError: true, content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }] };
}

/** Registers the tools on a new `McpServer`, each calling its client method. */
export function buildServer(
  tools: readonly Tool[],
  options: McpServerOptions<unknown>,
  info: { name: string; version: string },
  client: object,
  defs: Readonly<Record<string, JsonSchema | boolean>> = {},
): McpServer {
  const server = new McpServer(info);
  const selected = selectTools(tools, options);
  if (selected.length > TOOL_COUNT_WARNING) {
    console.warn(
      `${info.name}: ${selected.length} tools (more than ${TOOL_COUNT_WARNING}); narrow them with include, exclude or readOnly.`,
    );
  }
  const methods = client as Record<string, (args: unknown) => PromiseLike<unknown>>;
  const listed: { tool: Tool; handle: RegisteredTool; outputSchema?: JsonSchema }[] = [];
  for (const tool of selected) {
    // The result is structured content, an object: as `outputSchema` says when there is one, else a body
    // that is not an object is `{ value }`.
    const wrap = (body: unknown) =>
      tool.outputSchema
        ? tool.wrapOutput
          ? { value: body }
          : (body as Record<string, unknown>)
        : typeof body === 'object' && body !== null && !Array.isArray(body)
          ? (body as Record<string, unknown>)
          : { value: body };
    const readOnly = tool.httpMethod === 'GET' || tool.httpMethod === 'HEAD';
    const handle = server.registerTool(
      tool.name,
      {
        ...(tool.title ? { title: tool.title } : {}),
        description: tool.description,
        inputSchema: tool.input,
        annotations: {
          readOnlyHint: readOnly,
          idempotentHint: readOnly || tool.httpMethod === 'PUT' || tool.httpMethod === 'DELETE',
        },
      },
      async (args: Record<string, unknown>): Promise<CallToolResult> => {
        let body: unknown;
        try {
          body = await methods[tool.method]!(args);
        } catch (error) {
          return toolError(error);
        }
        const content: CallToolResult['content'] = [
          { type: 'text', text: body === undefined ? '' : JSON.stringify(body) },
        ];
        return body === undefined ? { content } : { content, structuredContent: wrap(body) };
      },
    );
    listed.push({
      tool,
      handle,
      ...(tool.outputSchema ? { outputSchema: outputSchemaOf(tool.outputSchema, defs) } : {}),
    });
  }
  // The SDK's `registerTool` takes `outputSchema` as Zod only and advertises Zod's JSON Schema of it,
  // which drops what the `zod` target writes as refinements (formats, code-point lengths, the exclusive
  // `oneOf`): MCP clients, which check results against it, then refused valid ones. So `tools/list` is
  // answered here, as the SDK answers it, with the spec's own JSON Schema as `outputSchema`.
  server.server.setRequestHandler(ListToolsRequestSchema, (): ListToolsResult => ({
    tools: listed
      .filter(({ handle }) => handle.enabled)
      .map(({ tool, handle, outputSchema }) => ({
        name: tool.name,
        title: handle.title,
        description: handle.description,
        inputSchema: z.toJSONSchema(tool.input, {
          target: 'draft-7',
          io: 'input',
        }) as ListToolsResult['tools'][number]['inputSchema'],
        ...(outputSchema ? { outputSchema: outputSchema as ListToolsResult['tools'][number]['inputSchema'] } : {}),
        annotations: handle.annotations,
        execution: handle.execution,
        _meta: handle._meta,
      })),
  }));
  return server;
}

/** Serves on stdin/stdout (how MCP hosts start local servers). Log to stderr only: stdout carries the protocol. */
export async function serveStdio(server: McpServer): Promise<void> {
  await server.connect(new StdioServerTransport());
}

/**
 * Serves MCP's Streamable HTTP transport at `path` (default `/mcp`) on node:http, stateless: each POST gets
 * a fresh server from `create` and a fresh transport, as the SDK recommends for servers keeping no
 * session state. Resolves with the listening server (`port` 0 picks a free port).
 */
export async function serveHttp(
  create: () => McpServer,
  options: { port?: number; hostname?: string; path?: string } = {},
): Promise<Server> {
  const path = options.path ?? '/mcp';
  const http = createServer(async (req, res) => {
    // One request a connection: a client reusing a connection after a refused GET (the SSE stream this
    // stateless server does not offer) otherwise meets a reset.
    res.shouldKeepAlive = false;
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== path) {
      res.writeHead(404).end();
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(await text(req));
    } catch {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }));
      return;
    }
    const server = create();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, parsed);
    } catch (error) {
      console.error(error);
      if (!res.headersSent)
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }));
    }
  });
  await new Promise<void>((resolve) => http.listen(options.port ?? 3000, options.hostname ?? '127.0.0.1', resolve));
  return http;
}

async function text(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
