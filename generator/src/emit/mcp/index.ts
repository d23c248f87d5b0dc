/**
 * The `mcp` target (opt-in): a Model Context Protocol server whose tools are the spec's operations
 * (`@<scope>/mcp`, or `<out>/mcp/` with `layout: files`), `@modelcontextprotocol/sdk` and `zod` peer
 * dependencies. `createMcpServer({ baseUrl, auth, include, exclude, readOnly })` returns the SDK's
 * `McpServer`; `serveStdio` / `serveHttp` serve it (docs/mcp.md).
 *
 * A tool per operation: its name from the operationId, its description from summary and description,
 * its input the client method's argument (parameters by name, `body`) built from the `zod` target's
 * schemas, its advertised `outputSchema` the spec's JSON Schema of the success body (./output-schema.ts; the
 * `zod` target's response schema kept as `output` for callers in-process); it calls the generated client.
 *
 * Output: `src/index.ts` (the tool table and `createMcpServer`, nodes laid out by the printer) and
 * `src/runtime.ts` (copied from ./runtime/server.ts).
 */
import { readFileSync } from 'node:fs';
import type { Expression } from '../../codegen/ts-nodes.ts';
import { factsOf } from '../../model/facts/index.ts';
import type { ApiModel, OperationModel } from '../../model/types.ts';
import type { EmitContext, EmittedFile, TargetEmitter } from '../emitter.ts';
import { toolOutputs, type ToolOutput } from './output-schema.ts';
import { zodNames, type ZodNames } from '../zod/index.ts';
import { ZOD_RANGE } from '../zod/index.ts';

/** The SDK versions the output is written for. */
export const MCP_SDK_RANGE = '^1.20.0';

/** Past this many operations a spec is large: descriptions are trimmed harder so that the tool list stays readable. */
const LARGE_SPEC = 100;
const DESCRIPTION_LIMIT = { normal: 1024, large: 300 };

let runtimeText: string | undefined;

function runtimeSource(): string {
  runtimeText ??= readFileSync(new URL('./runtime/server.ts', import.meta.url), 'utf8');
  return runtimeText;
}

/** Tool names as MCP hosts accept them: `[A-Za-z0-9_-]{1,64}`, unique. */
export function toolNames(model: ApiModel): Map<OperationModel, string> {
  const taken = new Set<string>();
  const out = new Map<OperationModel, string>();
  for (const op of model.operations) {
    const base = op.operationId.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 64) || 'operation';
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base.slice(0, 64 - String(i).length - 1)}_${i}`;
    taken.add(name);
    out.set(op, name);
  }
  return out;
}

/** Summary, description and the route, trimmed at a word to the limit. */
function description(op: OperationModel, limit: number): string {
  const text = [op.summary, op.description].filter((t): t is string => !!t && !!t.trim()).map((t) => t.trim());
  if (text.length === 2 && text[1]!.startsWith(text[0]!)) text.shift();
  text.push(`(${op.httpMethod} ${op.path})`);
  let out = text.join('\n\n');
  if (out.length > limit) out = `${out.slice(0, limit - 1).replace(/\s+\S*$/, '')}…`;
  return out;
}

/** `SCOPE_BEARER_TOKEN`, …: the environment variables the server reads credentials from, by the spec's security schemes. */
function envNames(model: ApiModel, context: EmitContext): Record<string, unknown> {
  const prefix = context.codegen.toIdentifier(context.packages.scope || model.info.title, 'constant');
  const env: Record<string, unknown> = { baseUrl: `${prefix}_BASE_URL` };
  const apiKeys: Record<string, string> = {};
  for (const s of model.securitySchemes) {
    if (s.type === 'http' && s.scheme === 'bearer') env.bearer = `${prefix}_BEARER_TOKEN`;
    else if (s.type === 'oauth2' || s.type === 'openIdConnect') env.oauth2 = `${prefix}_OAUTH2_TOKEN`;
    else if (s.type === 'http' && s.scheme === 'basic') Object.assign(env, { basicUsername: `${prefix}_USERNAME`, basicPassword: `${prefix}_PASSWORD` });
    else if (s.type === 'apiKey') apiKeys[s.name] = `${prefix}_${context.codegen.toIdentifier(s.name, 'constant')}_API_KEY`;
  }
  if (Object.keys(apiKeys).length) env.apiKeys = apiKeys;
  return env;
}

/** The first server's URL with its variables' defaults. */
function defaultBaseUrl(model: ApiModel): string {
  const server = model.servers[0];
  if (!server) return '';
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables[name]?.default ?? whole);
}

/**
 * Operations a tool can perform: not streamed (a tool answers once), and with a JSON request body when
 * one is required (the tool's input is JSON). The others are left out (docs/mcp.md).
 */
function callable(op: OperationModel, facts: ReturnType<typeof factsOf>): boolean {
  if (facts.stream(op)) return false;
  return !op.requestBody?.required || facts.requestMedia(op).some((m) => m.kind === 'json');
}

function emitIndex(model: ApiModel, context: EmitContext): EmittedFile {
  const n = context.nodes;
  const p = context.printer;
  const facts = factsOf(model);
  const zod: ZodNames = zodNames(model, context);
  const names = toolNames(model);
  const limit = model.operations.length > LARGE_SPEC ? DESCRIPTION_LIMIT.large : DESCRIPTION_LIMIT.normal;
  const Z = (name: string) => n.propertyAccess(n.valueRef('Z'), name);
  const zCall = (method: string, args: Expression[]) => n.callExpression(n.propertyAccess(n.valueRef('z'), method), args);

  const operations = model.operations.filter((op) => callable(op, facts));
  const { outputs, defs } = toolOutputs(model, facts, operations);

  const tool = (op: OperationModel, output: ToolOutput | undefined): Expression => {
    // The client method's argument: the parameters of each location (shapes of the zod target's objects), and `body`.
    const members = [];
    for (const [where, part] of [['path', 'Params'], ['query', 'Query'], ['header', 'Headers']] as const) {
      if (op.parameters.some((x) => x.in === where)) members.push(n.spread(n.propertyAccess(Z(zod.part(op, part)), 'shape')));
    }
    const bodyMedia = op.requestBody ? facts.requestMedia(op).find((m) => m.kind === 'json') : undefined;
    if (op.requestBody && bodyMedia) {
      const body = Z(zod.part(op, 'Body'));
      members.push(n.property('body', op.requestBody.required ? body : n.callExpression(n.propertyAccess(body, 'optional'), [])));
    }
    const success = op.responses.filter((r) => /^2/.test(r.status)).some((r) => facts.responseMedia(r).some((m) => m.kind === 'json'));
    const entry = [
      n.property('name', n.literalExpression(names.get(op)!)),
      n.property('method', n.literalExpression(op.names.method)),
      n.property('operationId', n.literalExpression(op.operationId)),
      n.property('httpMethod', n.literalExpression(op.httpMethod)),
      n.property('tags', n.literalExpression(op.tags)),
      ...(op.summary ? [n.property('title', n.literalExpression(op.summary.trim()))] : []),
      n.property('description', n.literalExpression(description(op, limit))),
      n.property('input', zCall('object', [n.objectLiteral(members)])),
      ...(success ? [n.property('output', Z(zod.part(op, 'Response')))] : []),
      ...(output ? [n.property('outputSchema', n.literalExpression(output.schema))] : []),
      ...(output?.wrapped ? [n.property('wrapOutput', n.literalExpression(true))] : []),
    ];
    return n.objectLiteral(entry, { multiLine: true });
  };

  const head = context.codegen.docComment([`Generated by socialgen ${context.generatorVersion} from ${model.info.title} ${model.info.version}. Do not edit: regenerate.`]);
  const module = p.module().line(head.text);
  const from = (target: string) => context.importPath(target, 'src/index.ts');
  const { namedLine, namespaceImport, typeName } = context.moduleLines;
  module.moduleLine(namedLine('import', ['createClient', typeName('ClientOptions')], from('client')));
  module.moduleLine(namedLine('import', [typeName('McpServer')], '@modelcontextprotocol/sdk/server/mcp.js'));
  // The tools are the module's only readers of zod (`z.object`) and the zod target (`Z.<schema>`): a spec
  // whose operations make no tool imports neither.
  const tools = n.arrayLiteral(operations.map((op) => tool(op, outputs.get(op))));
  const named = n.namesIn([tools]);
  if (named.has('z')) module.moduleLine(namedLine('import', ['z'], 'zod'));
  if (named.has('Z')) module.moduleLine(namespaceImport('Z', from('zod')));
  module.moduleLine(namedLine('import', ['authFromEnv', 'baseUrlFromEnv', 'buildServer', ...['EnvNames', 'JsonSchema', 'McpServerOptions', 'Tool'].map(typeName)], './runtime.js'));
  module.node(
    n.constDeclaration('ENV', n.literalExpression(envNames(model, context)), ['The environment variables `createMcpServer` reads when not given `baseUrl` / `auth`.'], { type: n.typeRef('EnvNames') }),
  );
  module.node(
    n.constDeclaration('DEFS', n.literalExpression(defs), ["The component schemas the tools' output schemas refer to (`#/$defs/<key>`), as JSON Schema."], {
      type: n.typeRef('Readonly', [n.typeRef('Record', [n.keywordType('string'), n.unionType([n.typeRef('JsonSchema'), n.keywordType('boolean')])])]),
    }),
  );
  module.node(n.constDeclaration('TOOLS', tools, ['One tool per operation (streamed ones and those needing a non-JSON body left out), in document order.'], { type: n.readonlyType(n.arrayType(n.typeRef('Tool'))) }));
  const options = n.valueRef('options');
  const env = n.valueRef('ENV');
  const baseUrl = n.binary(n.propertyAccess(options, 'baseUrl'), '??', n.callExpression(n.valueRef('baseUrlFromEnv'), [env, n.literalExpression(defaultBaseUrl(model))]));
  const auth = n.binary(n.propertyAccess(options, 'auth'), '??', n.asType(n.callExpression(n.valueRef('authFromEnv'), [env]), n.indexedAccessType(n.typeRef('ClientOptions'), n.literalType('auth'))));
  const client = n.callExpression(n.valueRef('createClient'), [n.objectLiteral([n.property('baseUrl', baseUrl), n.property('auth', auth)])]);
  const info = n.objectLiteral([n.property('name', n.literalExpression(model.info.title)), n.property('version', n.literalExpression(model.info.version))]);
  module.node(
    n.functionDeclaration(
      'createMcpServer',
      {
        parameters: [{ name: 'options', type: n.typeRef('McpServerOptions', [n.indexedAccessType(n.typeRef('ClientOptions'), n.literalType('auth'))]), initializer: n.objectLiteral([]) }],
        returns: n.typeRef('McpServer'),
      },
      [n.returnStatement(n.callExpression(n.valueRef('buildServer'), [n.valueRef('TOOLS'), options, info, client, n.valueRef('DEFS')]))],
      [
        'An MCP server with one tool per operation (or those `include` / `exclude` / `readOnly` select), calling the API at',
        '`baseUrl` with `auth`; without them, from the variables `ENV` names, and the spec\'s first server.',
      ],
    ),
  );
  module.moduleLine(namedLine('export', ['serveHttp', 'serveStdio', 'TOOL_COUNT_WARNING', ...['JsonSchema', 'McpServerOptions', 'Tool'].map(typeName)], './runtime.js'), 'blank');
  return module.file('src/index.ts');
}

export const mcpEmitter: TargetEmitter = {
  name: 'mcp',
  dependsOn: ['client', 'zod'],
  files: ['src/index.ts', 'src/runtime.ts'],
  optIn: true,
  package: {
    summary: "An MCP server whose tools are the API's operations, called through the generated client.",
    example: (model, context) => {
      const n = context.nodes;
      const server = n.callExpression(n.valueRef('createMcpServer'), [n.objectLiteral([n.property('readOnly', n.literalExpression(true))])]);
      const serve = n.expressionStatement(n.awaitExpression(n.callExpression(n.valueRef('serveStdio'), [server])));
      return context.printer.module().node(n.importDeclaration({ names: ['createMcpServer', 'serveStdio'] }, context.importPath('mcp', 'src/index.ts'))).node(serve);
    },
    peerDependencies: { '@modelcontextprotocol/sdk': MCP_SDK_RANGE, zod: ZOD_RANGE },
  },
  emit: (model, context) => {
    const { docComment } = context.codegen;
    const copied = docComment([`Copied by socialgen ${context.generatorVersion}: the MCP server runtime, identical for every spec.`]).text;
    return [emitIndex(model, context), { path: 'src/runtime.ts', contents: copied + runtimeSource(), format: 'typescript', formatted: true }];
  },
};
