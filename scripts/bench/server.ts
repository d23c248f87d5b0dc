/**
 * Server throughput: the generated server (node:http, `createNodeListener`) against Fastify 5, both
 * serving GET /2/users/{id}/bookmarks with full validation — bearer authentication with the operation's
 * scopes, the owner rule, path and query parameters (comma lists, int32 range, enum, uniqueness) — and the
 * same 10-post page. Fastify gets the same JSON Schemas (Ajv 2020, formats, the spec's components) for
 * params, querystring and the 200 response (fast-json-stringify), and a comma-splitting querystring parser.
 *
 * Each server runs in its own child process; autocannon drives it from this process over loopback, in
 * alternating rounds (A B A B) of BENCH_SERVER_SECONDS (default 8) after a warm-up. Prints req/s, p99
 * latency, the ratio to Fastify (target ≥ 1.0×), and each server's heap and RSS before and after (after a
 * forced GC): memory must stay flat. Because req/s on a shared two-core machine moves with whatever else
 * runs, it also measures each server's own CPU time per request at a fixed rate (BENCH_SERVER_RATE,
 * default 2000 req/s; best of the rounds), which other load barely disturbs.
 *
 * Then each server adapter (the `express`, `fastify`, `hono` and `koa` targets mounting the same generated
 * handler) beside its framework's native baseline on the same route: Fastify's is the schema-validated
 * route above; Express, Koa and Hono have no schema support of their own, so theirs check the same Ajv
 * schemas, bearer scopes and owner rule in the route (Koa without a router: one path pattern). The `next`
 * target is left out: its route handlers need a Next.js server, which this repository does not install.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import path from 'node:path';
import { build } from 'esbuild';
import { adapterEmitters } from '../../generator/src/emit/adapters/index.ts';
import { buildPackages, emitContext, loadProjectModel, ROOT, type BuiltPackages } from '../../test/server/harness.ts';
import type { ApiModel, Schema } from '../../generator/src/model/types.ts';

/** Fastify's Ajv sees the spec's components under this id. */
const ROOT_ID = 'urn:socialgen:api';

/** Copies a schema with `#/...` references pointed at `ROOT_ID` (and `discriminator` dropped: Ajv checks it strictly). */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '$ref' && typeof v === 'string' && v.startsWith('#/')) out[key] = ROOT_ID + v;
    else if (key !== 'discriminator') Object.defineProperty(out, key, { value: rewriteRefs(v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

interface LoadResult {
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  non2xx: number;
}
// autocannon ships no types: load it through a non-literal specifier and describe what is used.
const AUTOCANNON = 'autocannon';
const { default: autocannon } = (await import(AUTOCANNON)) as {
  default: (options: { url: string; connections: number; duration: number; headers: Record<string, string>; overallRate?: number }) => Promise<LoadResult>;
};

const SECONDS = Number(process.env.BENCH_SERVER_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_SERVER_ROUNDS ?? 2);
const CONNECTIONS = 50;
/** Fixed rate of the CPU-cost phase (well under either server's capacity). */
const RATE = Number(process.env.BENCH_SERVER_RATE ?? 2000);
const PATH = '/2/users/2244994945/bookmarks?max_results=10&post.fields=id,text,created_at,author_id,edit_history_post_ids';
const HEADERS = { authorization: 'Bearer bench-user-token' };

const PAGE = {
  data: Array.from({ length: 10 }, (_, i) => ({
    id: String(1346889436626259968n + BigInt(i)),
    text: `Bookmarked post number ${i}: typed servers validate every request before a handler runs`,
    author_id: '2244994945',
    created_at: new Date(Date.UTC(2026, 0, 1, 12, i)).toISOString(),
    edit_history_post_ids: [String(1346889436626259968n + BigInt(i))],
  })),
  meta: { result_count: 10, next_token: '000a' },
};

const PRINCIPAL = { kind: 'user', userId: '2244994945', scopes: ['bookmark.read', 'post.read', 'users.read'] };

const GENERATED_WORKER = `
import http from 'node:http';
import { createHandler, createNodeListener } from './server.mjs';
const { page, principal } = JSON.parse(process.env.BENCH_DATA);
const tokens = { 'bench-user-token': principal };
const handler = createHandler(
  { getUserBookmarks: () => ({ status: 200, body: page }) },
  { authenticate: (c) => (c.scheme === 'bearer' ? tokens[c.token] : undefined) },
);
const server = http.createServer(createNodeListener(handler));
server.keepAliveTimeout = 10_000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (m) => {
  if (m === 'mem') { globalThis.gc?.(); const u = process.memoryUsage(); process.send({ heap: u.heapUsed, rss: u.rss }); }
  if (m === 'cpu') { const c = process.cpuUsage(); process.send({ cpu: c.user + c.system }); }
  if (m === 'exit') server.close(() => process.exit(0));
});
`;

/** The Ajv both the Fastify baseline and the other native baselines validate with (the spec's components added). */
const AJV_SETUP = `import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
const ajv = new Ajv2020({ coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false, strict: false });
addFormats.default ? addFormats.default(ajv) : addFormats(ajv);
ajv.addFormat('int32', { type: 'number', validate: (n) => Number.isInteger(n) && n >= -2147483648 && n <= 2147483647 });
ajv.addFormat('int64', { type: 'number', validate: (n) => Number.isInteger(n) });
ajv.addSchema(schemas.document);
`;

const FASTIFY_WORKER = `
import Fastify from 'fastify';
import { parse } from 'node:querystring';
const { page, principal, schemas } = JSON.parse(process.env.BENCH_DATA);
const tokens = { 'bench-user-token': principal };
const lists = new Set(schemas.lists);
${AJV_SETUP}const app = Fastify({
  logger: false,
  routerOptions: {
    querystringParser: (text) => {
      const out = parse(text);
      for (const key of Object.keys(out)) if (lists.has(key) && typeof out[key] === 'string') out[key] = out[key].split(',');
      return out;
    },
  },
});
app.setValidatorCompiler(({ schema }) => ajv.compile(schema));
app.addSchema(schemas.document);
let responseSchema = schemas.response;
app.addHook('onRequest', async (request, reply) => {
  const header = request.headers.authorization ?? '';
  const principal = header.startsWith('Bearer ') ? tokens[header.slice(7)] : undefined;
  if (!principal) return reply.code(401).type('application/problem+json').send({ type: 'about:blank', title: 'Unauthorized', status: 401 });
  if (principal.kind !== 'user') return reply.code(403).type('application/problem+json').send({ type: '/2/problems/unsupported-authentication', title: 'Unsupported Authentication', status: 403 });
  const missing = schemas.scopes.filter((s) => !principal.scopes.includes(s));
  if (missing.length) return reply.code(403).type('application/problem+json').send({ type: 'about:blank', title: 'Forbidden', status: 403, detail: 'Missing required scopes: ' + missing.join(', ') });
  request.principal = principal;
});
const route = (withResponse) => ({
  schema: { params: schemas.params, querystring: schemas.querystring, ...(withResponse ? { response: { 200: schemas.response } } : {}) },
  preHandler: async (request, reply) => {
    if (request.params.id !== request.principal.userId) return reply.code(403).type('application/problem+json').send({ type: 'about:blank', title: 'Forbidden', status: 403 });
  },
  handler: async () => page,
});
let withResponse = true;
try {
  const probe = Fastify({ logger: false });
  probe.setValidatorCompiler(({ schema }) => ajv.compile(schema));
  probe.addSchema(schemas.document);
  probe.get('/2/users/:id/bookmarks', route(true));
  await probe.ready();
} catch (error) {
  withResponse = false;
  console.error('fastify: the response schema does not compile for fast-json-stringify (' + String(error.message).slice(0, 120) + '); serving without it');
}
app.get('/2/users/:id/bookmarks', route(withResponse));
await app.listen({ port: 0, host: '127.0.0.1' });
app.server.keepAliveTimeout = 10_000;
process.send({ port: app.server.address().port, withResponse });
process.on('message', (m) => {
  if (m === 'mem') { globalThis.gc?.(); const u = process.memoryUsage(); process.send({ heap: u.heapUsed, rss: u.rss }); }
  if (m === 'cpu') { const c = process.cpuUsage(); process.send({ cpu: c.user + c.system }); }
  if (m === 'exit') app.close().then(() => process.exit(0));
});
`;

/** What the adapter and native-baseline workers share: the data, the IPC protocol, `listening(port, close)`. */
const WORKER_HEAD = `
const { page, principal, schemas } = JSON.parse(process.env.BENCH_DATA);
const tokens = { 'bench-user-token': principal };
function listening(port, close) {
  process.send({ port });
  process.on('message', (m) => {
    if (m === 'mem') { globalThis.gc?.(); const u = process.memoryUsage(); process.send({ heap: u.heapUsed, rss: u.rss }); }
    if (m === 'cpu') { const c = process.cpuUsage(); process.send({ cpu: c.user + c.system }); }
    if (m === 'exit') close().then(() => process.exit(0));
  });
}
const closeServer = (server) => () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); });
`;

/** The generated handler, as GENERATED_WORKER makes it, for the adapter workers. */
const ADAPTER_HEAD = `${WORKER_HEAD}
import http from 'node:http';
import { createHandler, toExpress, toFastify, toHono, toKoa } from './adapters.mjs';
const handler = createHandler(
  { getUserBookmarks: () => ({ status: 200, body: page }) },
  { authenticate: (c) => (c.scheme === 'bearer' ? tokens[c.token] : undefined) },
);
`;

/** For the native baselines without schema support: the Fastify baseline's checks, done in the route. */
const NATIVE_HEAD = `${WORKER_HEAD}
import http from 'node:http';
const lists = new Set(schemas.lists);
${AJV_SETUP}const checkParams = ajv.compile(schemas.params);
const checkQuery = ajv.compile(schemas.querystring);
const problem = (status, title, detail) => ({ status, body: { type: 'about:blank', title, status, ...(detail ? { detail } : {}) } });
/** Authentication, scopes, validation and the owner rule: a problem, or null to answer. */
function refuse(authorization, params, query) {
  const principal = authorization?.startsWith('Bearer ') ? tokens[authorization.slice(7)] : undefined;
  if (!principal) return problem(401, 'Unauthorized');
  if (principal.kind !== 'user') return problem(403, 'Unsupported Authentication');
  const missing = schemas.scopes.filter((s) => !principal.scopes.includes(s));
  if (missing.length) return problem(403, 'Forbidden', 'Missing required scopes: ' + missing.join(', '));
  for (const key of Object.keys(query)) if (lists.has(key) && typeof query[key] === 'string') query[key] = query[key].split(',');
  if (!checkParams(params) || !checkQuery(query)) return problem(400, 'Bad Request');
  if (params.id !== principal.userId) return problem(403, 'Forbidden');
  return null;
}
`;

/** Each adapter's worker and its framework's native baseline, in pairs. */
const PAIRS: { framework: string; adapter: string; native?: string }[] = [
  {
    framework: 'express',
    adapter: `import express from 'express';
const app = express();
app.use(toExpress(handler));
const server = http.createServer(app).listen(0, '127.0.0.1', () => listening(server.address().port, closeServer(server)));`,
    native: `import express from 'express';
const app = express();
app.get('/2/users/:id/bookmarks', (req, res) => {
  const refused = refuse(req.headers.authorization, { ...req.params }, { ...req.query });
  if (refused) return res.status(refused.status).type('application/problem+json').send(JSON.stringify(refused.body));
  res.json(page);
});
const server = http.createServer(app).listen(0, '127.0.0.1', () => listening(server.address().port, closeServer(server)));`,
  },
  {
    framework: 'fastify',
    adapter: `import Fastify from 'fastify';
const app = Fastify({ logger: false });
await app.register(toFastify(handler));
await app.listen({ port: 0, host: '127.0.0.1' });
listening(app.server.address().port, () => app.close());`,
  },
  {
    framework: 'hono',
    adapter: `import { serve } from '@hono/node-server';
const server = serve({ fetch: toHono(handler).fetch, port: 0, hostname: '127.0.0.1' }, (info) => listening(info.port, closeServer(server)));`,
    native: `import { serve } from '@hono/node-server';
import { Hono } from 'hono';
const app = new Hono();
app.get('/2/users/:id/bookmarks', (c) => {
  const refused = refuse(c.req.header('authorization'), { ...c.req.param() }, { ...c.req.query() });
  if (refused) return c.body(JSON.stringify(refused.body), refused.status, { 'content-type': 'application/problem+json' });
  return c.json(page);
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => listening(info.port, closeServer(server)));`,
  },
  {
    framework: 'koa',
    adapter: `import Koa from 'koa';
const app = new Koa();
app.use(toKoa(handler));
const server = http.createServer(app.callback()).listen(0, '127.0.0.1', () => listening(server.address().port, closeServer(server)));`,
    native: `import Koa from 'koa';
const app = new Koa();
const route = /^\\/2\\/users\\/([^/]+)\\/bookmarks$/;
app.use((ctx) => {
  const match = route.exec(ctx.path);
  if (!match || ctx.method !== 'GET') return;
  const refused = refuse(ctx.get('authorization'), { id: decodeURIComponent(match[1]) }, { ...ctx.query });
  if (refused) { ctx.status = refused.status; ctx.type = 'application/problem+json'; ctx.body = JSON.stringify(refused.body); return; }
  ctx.body = page;
});
const server = http.createServer(app.callback()).listen(0, '127.0.0.1', () => listening(server.address().port, closeServer(server)));`,
  },
];

/** The adapter targets emitted for the model and bundled with the server into `adapters.mjs` (frameworks left external). */
async function bundleAdapters(built: BuiltPackages, model: ApiModel): Promise<void> {
  const names = ['express', 'fastify', 'hono', 'koa'] as const;
  const context = emitContext();
  for (const name of names) {
    for (const file of adapterEmitters[name].emit(model, context)) {
      const to = path.join(built.dir, name, file.path);
      mkdirSync(path.dirname(to), { recursive: true });
      writeFileSync(to, file.contents);
    }
  }
  const entry = path.join(built.dir, 'adapters-entry.ts');
  writeFileSync(entry, [`export { createHandler } from '@social-posting/server';`, ...names.map((n) => `export * from '@social-posting/${n}';`)].join('\n'));
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile: path.join(built.dir, 'adapters.mjs'),
    logLevel: 'silent',
    external: ['express', 'fastify', 'hono', 'hono/*', 'koa'],
    alias: {
      '@social-posting/types': path.join(built.src.types, 'index.ts'),
      '@social-posting/validators': path.join(built.src.validators, 'index.ts'),
      '@social-posting/server': path.join(built.src.server, 'index.ts'),
      ...Object.fromEntries(names.map((n) => [`@social-posting/${n}`, path.join(built.dir, n, 'src/index.ts')])),
    },
  });
}

/** The bookmarks route's schemas for Fastify, from the same model the generated server is built from. */
function fastifySchemas(model: ApiModel) {
  const op = model.operations.find((o) => o.operationId === 'getUserBookmarks');
  if (!op) throw new Error('the spec has no getUserBookmarks operation');
  const schemas: Record<string, unknown> = {};
  for (const s of model.schemas) schemas[s.key] = rewriteRefs(s.schema);
  const objectOf = (where: string) => {
    const params = op.parameters.filter((p) => p.in === where);
    const properties: Record<string, unknown> = {};
    for (const p of params) properties[p.name] = rewriteRefs(p.schema as Schema);
    return { type: 'object', properties, required: params.filter((p) => p.required).map((p) => p.name) };
  };
  const lists = op.parameters.filter((p) => p.in === 'query' && p.explode === false).map((p) => p.name);
  const response = op.responses.find((r) => r.status === '200')?.content.find((c) => c.mediaType === 'application/json')?.schema;
  return {
    document: { $id: ROOT_ID, components: { schemas } },
    params: objectOf('path'),
    querystring: objectOf('query'),
    response: rewriteRefs(response as Schema),
    lists,
    scopes: Object.values(op.security[0] ?? {})[0] ?? [],
  };
}

interface Worker {
  name: string;
  child: ChildProcess;
  port: number;
  info: Record<string, unknown>;
}

function start(name: string, file: string, data: unknown): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const child = fork(file, [], { execArgv: ['--expose-gc'], env: { ...process.env, BENCH_DATA: JSON.stringify(data) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], cwd: ROOT });
    child.once('message', (m: any) => resolve({ name, child, port: m.port, info: m }));
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

function cpu(worker: Worker): Promise<number> {
  return new Promise((resolve) => {
    worker.child.once('message', (m: any) => resolve(m.cpu));
    worker.child.send('cpu');
  });
}

/** CPU time the server spends per request at a fixed, unsaturated rate: robust on a busy machine. */
async function cpuPerRequest(worker: Worker, seconds: number, rate: number): Promise<number> {
  const start = await cpu(worker);
  const result = await autocannon({ url: `http://127.0.0.1:${worker.port}${PATH}`, connections: 10, duration: seconds, headers: HEADERS, overallRate: rate });
  const used = (await cpu(worker)) - start;
  return used / (result.requests.average * seconds);
}

function memory(worker: Worker): Promise<{ heap: number; rss: number }> {
  return new Promise((resolve) => {
    worker.child.once('message', (m: any) => resolve(m));
    worker.child.send('mem');
  });
}

async function load(port: number, seconds: number): Promise<LoadResult> {
  return autocannon({ url: `http://127.0.0.1:${port}${PATH}`, connections: CONNECTIONS, duration: seconds, headers: HEADERS });
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

export async function run(): Promise<void> {
  const model = await loadProjectModel();
  const built = await buildPackages(model);
  const workers: Worker[] = [];
  try {
    writeFileSync(path.join(built.dir, 'generated-worker.mjs'), GENERATED_WORKER);
    writeFileSync(path.join(built.dir, 'fastify-worker.mjs'), FASTIFY_WORKER);
    const data = { page: PAGE, principal: PRINCIPAL, schemas: fastifySchemas(model) };
    const generated = await start('generated server (node:http)', path.join(built.dir, 'generated-worker.mjs'), data);
    workers.push(generated);
    const fastify = await start(`fastify ${(await import('fastify/package.json', { with: { type: 'json' } })).default.version}`, path.join(built.dir, 'fastify-worker.mjs'), data);
    workers.push(fastify);
    console.log(`validators: the generated validators package; Fastify response schema: ${fastify.info.withResponse ? 'fast-json-stringify' : 'off'}`);
    // Each adapter and its framework's native baseline (Fastify's is the worker above).
    await bundleAdapters(built, model);
    const pairs: { adapter: Worker; native: Worker }[] = [];
    for (const pair of PAIRS) {
      // Read from the folder: not every framework exports its package.json.
      const version = (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', pair.framework, 'package.json'), 'utf8')) as { version: string }).version;
      writeFileSync(path.join(built.dir, `${pair.framework}-adapter.mjs`), ADAPTER_HEAD + pair.adapter);
      const adapter = await start(`to${pair.framework[0]!.toUpperCase()}${pair.framework.slice(1)} (${pair.framework} ${version})`, path.join(built.dir, `${pair.framework}-adapter.mjs`), data);
      workers.push(adapter);
      let native = fastify;
      if (pair.native) {
        writeFileSync(path.join(built.dir, `${pair.framework}-native.mjs`), NATIVE_HEAD + pair.native);
        native = await start(`${pair.framework} ${version} native`, path.join(built.dir, `${pair.framework}-native.mjs`), data);
        workers.push(native);
      }
      pairs.push({ adapter, native });
    }

    // Same answer from every server before measuring anything, and the same refusal of an invalid query.
    const answers = await Promise.all(workers.map(async (w) => {
      const r = await fetch(`http://127.0.0.1:${w.port}${PATH}`, { headers: HEADERS });
      return { status: r.status, body: await r.json() };
    }));
    for (const [i, a] of answers.entries()) {
      if (a.status !== 200) throw new Error(`${workers[i]!.name} answered ${a.status}: ${JSON.stringify(a.body)}`);
      if (!isDeepStrictEqual(answers[0]!.body, a.body)) throw new Error(`${workers[i]!.name} answers differently:\n${JSON.stringify(answers[0]!.body)}\n${JSON.stringify(a.body)}`);
    }
    for (const w of workers) {
      const refused = await fetch(`http://127.0.0.1:${w.port}${PATH.replace('max_results=10', 'max_results=1000')}`, { headers: HEADERS });
      if (refused.status !== 400) throw new Error(`${w.name} accepted max_results=1000 (${refused.status})`);
    }

    const before = await Promise.all(workers.map(memory));
    for (const w of workers) await load(w.port, 2); // warm-up
    const results = new Map<Worker, LoadResult[]>(workers.map((w) => [w, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const w of workers) results.get(w)!.push(await load(w.port, SECONDS));
    }
    const costs = new Map<Worker, number[]>(workers.map((w) => [w, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const w of workers) costs.get(w)!.push(await cpuPerRequest(w, Math.max(2, Math.round(SECONDS / 2)), RATE));
    }
    const after = await Promise.all(workers.map(memory));

    console.log(`\nGET ${PATH}\n${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS} s each, alternating`);
    const summary = workers.map((w, i) => {
      const runs = results.get(w)!;
      const rps = runs.reduce((s, r) => s + r.requests.average, 0) / runs.length;
      const p99 = runs.reduce((s, r) => s + r.latency.p99, 0) / runs.length;
      const errors = runs.reduce((s, r) => s + r.errors + r.non2xx, 0);
      const cost = Math.min(...costs.get(w)!);
      return { w, rps, p99, errors, cost, before: before[i]!, after: after[i]! };
    });
    for (const s of summary) {
      console.log(
        `${s.w.name.padEnd(30)} ${s.rps.toFixed(0).padStart(7)} req/s   p99 ${s.p99.toFixed(1).padStart(5)} ms   CPU ${s.cost.toFixed(1).padStart(5)} µs/req   errors ${s.errors}   heap ${mb(s.before.heap)} → ${mb(s.after.heap)}   rss ${mb(s.before.rss)} → ${mb(s.after.rss)}`,
      );
    }
    const of = (w: Worker) => summary.find((s) => s.w === w)!;
    console.log(`ratio (generated / fastify): ${(summary[0]!.rps / summary[1]!.rps).toFixed(2)}× req/s (target ≥ 1.0×); ${(summary[1]!.cost / summary[0]!.cost).toFixed(2)}× by CPU per request at ${RATE} req/s`);
    for (const { adapter, native } of pairs) {
      const a = of(adapter);
      const b = of(native);
      console.log(`ratio (${adapter.name} / ${native.name}): ${(a.rps / b.rps).toFixed(2)}× req/s; ${(b.cost / a.cost).toFixed(2)}× by CPU per request (adapter ${a.cost.toFixed(1)} µs, native ${b.cost.toFixed(1)} µs)`);
    }
  } finally {
    for (const w of workers) w.child.send('exit');
    await new Promise((r) => setTimeout(r, 300));
    for (const w of workers) w.child.kill();
    built.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
