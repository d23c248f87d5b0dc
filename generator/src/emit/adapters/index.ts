/**
 * The server adapter targets `express`, `fastify`, `hono`, `koa` and `next`: one package each that mounts
 * the handler the server package's `createHandler` returns in that framework, without changing what it
 * does (docs/adapters.md). The framework is a peer dependency of the output.
 *
 * Nearly all of an adapter is its hand-written runtime module (./runtime/<framework>.ts, copied verbatim
 * as `src/runtime.ts`, identical for every spec); the generated `src/index.ts` is one function,
 * `to<Framework>(handler)`, that wires the server package's Node listener (Node frameworks) or the Web
 * handler itself (Hono, Next.js) into it.
 *
 * Written on the plugin API only (docs/plugins.md): nodes (`context.nodes`), the printer, `context.importPath`.
 */
import { readFileSync } from 'node:fs';
import type { ApiModel } from '../../model/types.ts';
import type { NodeModulePrinter } from '../../codegen/printer.ts';
import type { EmitContext, EmittedFile, Nodes, TargetEmitter } from '../emitter.ts';

type Expression = ReturnType<Nodes['valueRef']>;
type Statement = ReturnType<Nodes['expressionStatement']>;

/**
 * A README example's framework lines, as nodes: its imports (before the packages'), then the code mounting
 * `mounted(options)` (`to<Framework>(createHandler(handlers, options))`).
 */
interface ExampleCode {
  /** The module the example is (a comment over its imports), when it must be a particular one. */
  module?: string;
  imports: (n: Nodes) => Statement[];
  code: (n: Nodes, mounted: (options?: Expression) => Expression) => Statement[];
}

/** `app.name(args)` (`await app.name(args)` when `awaited`) as a statement. */
const appCall = (n: Nodes, name: string, args: Expression[], awaited = false) => {
  const call = n.callExpression(n.propertyAccess(n.valueRef('app'), name), args);
  return n.expressionStatement(awaited ? n.awaitExpression(call) : call);
};

interface Adapter {
  name: 'express' | 'fastify' | 'hono' | 'koa' | 'next';
  /** The exported function. */
  fn: string;
  /** The runtime module's function the exported one calls, and its other runtime modules. */
  factory: string;
  extraRuntime: readonly string[];
  /**
   * How the handler reaches the runtime: `listener-for` (the Node listener, made by the runtime with the
   * options it needs), `listener` (the Node listener as it is), `fetch` (the Web handler itself).
   */
  wiring: 'listener-for' | 'listener' | 'fetch';
  /** The returned type and the module it comes from (`./runtime.js` when the runtime declares it). */
  returns: { name: string; from: string };
  /** The framework, and the type packages its runtime module's types come from (optional: only TypeScript users need them). */
  peers: Record<string, string>;
  optionalPeers: readonly string[];
  doc: string[];
  summary: string;
  /** The README example. */
  example: ExampleCode;
}

const ADAPTERS: readonly Adapter[] = [
  {
    name: 'express',
    fn: 'toExpress',
    factory: 'expressMiddleware',
    extraRuntime: ['parsed-body.ts'],
    wiring: 'listener-for',
    returns: { name: 'RequestHandler', from: 'express' },
    peers: { express: '^5.0.0', '@types/express': '^5.0.0', '@types/node': '>=20' },
    optionalPeers: ['@types/express', '@types/node'],
    doc: [
      'An Express 5 middleware serving `handler` (what `createHandler` returns): routing, validation, auth,',
      'problems, streams and bodies are the handler’s. Mount it before any body parser to keep request bytes',
      'as sent; after `express.json()` the parsed body is serialised again (docs/adapters.md).',
    ],
    summary: 'Express 5 middleware mounting the generated server handler.',
    example: {
      imports: (n) => [n.importDeclaration({ default: 'express' }, 'express')],
      code: (n, mounted) => [n.variable('const', 'app', n.callExpression(n.valueRef('express'), [])), appCall(n, 'use', [mounted()]), appCall(n, 'listen', [n.literalExpression(3000)])],
    },
  },
  {
    name: 'fastify',
    fn: 'toFastify',
    factory: 'fastifyPlugin',
    extraRuntime: [],
    wiring: 'listener',
    returns: { name: 'FastifyPluginCallback', from: 'fastify' },
    peers: { fastify: '^5.0.0', '@types/node': '>=20' },
    optionalPeers: ['@types/node'],
    doc: [
      'A Fastify 5 plugin for `app.register` serving `handler` (what `createHandler` returns) under the',
      'plugin’s prefix: request bodies stay unparsed, byte for byte, for the handler.',
    ],
    summary: 'A Fastify 5 plugin mounting the generated server handler.',
    example: {
      imports: (n) => [n.importDeclaration({ default: 'Fastify' }, 'fastify')],
      code: (n, mounted) => [
        n.variable('const', 'app', n.callExpression(n.valueRef('Fastify'), [])),
        appCall(n, 'register', [mounted()], true),
        appCall(n, 'listen', [n.literalExpression({ port: 3000 })], true),
      ],
    },
  },
  {
    name: 'hono',
    fn: 'toHono',
    factory: 'honoApp',
    extraRuntime: [],
    wiring: 'fetch',
    returns: { name: 'Hono', from: 'hono' },
    peers: { hono: '^4.0.0' },
    optionalPeers: [],
    doc: ['A Hono 4 app serving `handler` (what `createHandler` returns): mount it with `app.route` or serve it as is.'],
    summary: 'A Hono 4 app mounting the generated server handler.',
    example: {
      imports: (n) => [n.importDeclaration({ names: ['Hono'] }, 'hono')],
      code: (n, mounted) => [n.variable('const', 'app', n.newExpression(n.valueRef('Hono'), [])), appCall(n, 'route', [n.literalExpression('/'), mounted()]), n.exportDefault(n.valueRef('app'))],
    },
  },
  {
    name: 'koa',
    fn: 'toKoa',
    factory: 'koaMiddleware',
    extraRuntime: ['parsed-body.ts'],
    wiring: 'listener-for',
    returns: { name: 'Middleware', from: 'koa' },
    peers: { koa: '^3.0.0', '@types/koa': '^3.0.0', '@types/node': '>=20' },
    optionalPeers: ['@types/koa', '@types/node'],
    doc: [
      'A Koa 3 middleware serving `handler` (what `createHandler` returns): routing, validation, auth,',
      'problems, streams and bodies are the handler’s; Koa’s own response handling is off for it.',
    ],
    summary: 'Koa 3 middleware mounting the generated server handler.',
    example: {
      imports: (n) => [n.importDeclaration({ default: 'Koa' }, 'koa')],
      code: (n, mounted) => [n.variable('const', 'app', n.newExpression(n.valueRef('Koa'), [])), appCall(n, 'use', [mounted()]), appCall(n, 'listen', [n.literalExpression(3000)])],
    },
  },
  {
    name: 'next',
    fn: 'toNext',
    factory: 'nextRoutes',
    extraRuntime: [],
    wiring: 'fetch',
    returns: { name: 'RouteHandlers', from: './runtime.js' },
    peers: { next: '>=15.0.0' },
    optionalPeers: [],
    doc: [
      'Next.js App Router route handlers (`GET`, `POST`, `PUT`, `PATCH`, `DELETE`, `HEAD`, `OPTIONS`) serving',
      '`handler` (what `createHandler` returns), for a catch-all route module such as',
      '`app/api/[...path]/route.ts`, whose handler is created with `basePath: "/api"`.',
    ],
    summary: 'Next.js App Router route handlers mounting the generated server handler.',
    example: {
      module: 'app/api/[...path]/route.ts',
      imports: () => [],
      code: (n, mounted) => [n.variable('const', { destructure: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] }, mounted(n.literalExpression({ basePath: '/api' })), { exported: true })],
    },
  },
];

const runtimeTexts = new Map<string, string>();

/** A runtime module's source (read once; the emitter stays pure). */
function runtimeSource(file: string): string {
  let text = runtimeTexts.get(file);
  if (text === undefined) {
    text = readFileSync(new URL(`./runtime/${file}`, import.meta.url), 'utf8');
    runtimeTexts.set(file, text);
  }
  return text;
}

/** `src/index.ts`: the imports and `to<Framework>(handler)`, as nodes laid out by the printer. */
function emitIndex(adapter: Adapter, model: ApiModel, context: EmitContext): EmittedFile {
  const n = context.nodes;
  const p = context.printer;
  const head = context.codegen.docComment([`Generated by socialgen ${context.generatorVersion} from ${model.info.title} ${model.info.version}. Do not edit: regenerate.`]);
  const serverModule = context.importPath('server', 'src/index.ts');
  const module = p.module().line(head.text);
  const { namedLine, typeName } = context.moduleLines;
  if (adapter.wiring === 'fetch') module.moduleLine(namedLine('import', ['WebHandler'], serverModule, true));
  else module.moduleLine(namedLine('import', ['createNodeListener', typeName('WebHandler')], serverModule));
  const local = adapter.returns.from === './runtime.js';
  if (!local) module.moduleLine(namedLine('import', [adapter.returns.name], adapter.returns.from, true));
  module.moduleLine(namedLine('import', local ? [adapter.factory, typeName(adapter.returns.name)] : [adapter.factory], './runtime.js'));

  const handler = n.valueRef('handler');
  const listener = (options?: ReturnType<typeof n.valueRef>) => n.callExpression(n.valueRef('createNodeListener'), options ? [handler, options] : [handler]);
  const argument = adapter.wiring === 'fetch' ? handler : adapter.wiring === 'listener' ? listener() : n.arrowFunction([{ name: 'options' }], listener(n.valueRef('options')));
  const signature = { parameters: [{ name: 'handler', type: n.typeRef('WebHandler') }], returns: n.typeRef(adapter.returns.name) };
  module.node(n.functionDeclaration(adapter.fn, signature, [n.returnStatement(n.callExpression(n.valueRef(adapter.factory), [argument]))], adapter.doc));
  return module.file('src/index.ts');
}

/** The README example: the framework's and the packages' imports, the application's handlers, then the mounting code. */
function adapterExample(adapter: Adapter, context: EmitContext): NodeModulePrinter {
  const n = context.nodes;
  const imports = [
    ...adapter.example.imports(n),
    n.importDeclaration({ names: ['createHandler'] }, context.importPath('server', 'src/index.ts')),
    n.importDeclaration({ names: [adapter.fn] }, context.importPath(adapter.name, 'src/index.ts')),
    n.importDeclaration({ names: ['handlers'] }, './handlers.js'),
  ];
  if (adapter.example.module) n.lineComment(imports[0]!, adapter.example.module);
  const mounted = (options?: Expression) => n.callExpression(n.valueRef(adapter.fn), [n.callExpression(n.valueRef('createHandler'), options ? [n.valueRef('handlers'), options] : [n.valueRef('handlers')])]);
  const module = context.printer.module();
  for (const statement of imports) module.node(statement, 'line');
  adapter.example.code(n, mounted).forEach((statement, i) => module.node(statement, i ? 'line' : 'blank'));
  return module;
}

function adapterEmitter(adapter: Adapter): TargetEmitter {
  const runtimeFiles = ['runtime.ts', ...adapter.extraRuntime];
  return {
    name: adapter.name,
    dependsOn: ['server'],
    files: ['src/index.ts', ...runtimeFiles.map((f) => `src/${f}`)],
    optIn: true,
    package: {
      summary: adapter.summary,
      example: (_model, context) => adapterExample(adapter, context),
      peerDependencies: adapter.peers,
      optionalPeers: adapter.optionalPeers,
    },
    emit(model, context) {
      const head = context.codegen.docComment([`Copied by socialgen ${context.generatorVersion}: the ${adapter.name} adapter's runtime, identical for every spec.`]);
      const copied = runtimeFiles.map((file): EmittedFile => ({
        path: `src/${file}`,
        contents: head.text + runtimeSource(file === 'runtime.ts' ? `${adapter.name}.ts` : file),
        format: 'typescript',
        // Kept prettier-clean at the source (test/print/prettier-clean.test.ts): nothing to format.
        formatted: true,
      }));
      return [...copied, emitIndex(adapter, model, context)];
    },
  };
}

/** The five adapter emitters, by target name. */
export const adapterEmitters: Readonly<Record<Adapter['name'], TargetEmitter>> = Object.fromEntries(ADAPTERS.map((a) => [a.name, adapterEmitter(a)])) as Record<Adapter['name'], TargetEmitter>;
