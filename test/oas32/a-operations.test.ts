/**
 * OpenAPI 3.2 operations and parameters end to end (issue 31, part A), on test/oas32/a-operations.yaml: the
 * QUERY method with a JSON body, an `additionalOperations` method (LINK), `in: querystring` in
 * form-urlencoded and JSON, `style: cookie`, a `$ref` to `components.mediaTypes`. Generated once (every
 * target, no warning), type-checked strictly in one `tsc` program, then the generated client against the
 * generated server over loopback.
 *
 * Independent oracles: Ajv with the OAI's 3.2 meta-schema (corpus copy) for the fixture; a plain `node:net`
 * socket writing the exact bytes of a QUERY request; a plain `node:http` server recording what the client
 * puts on the wire (method, URL, Cookie header) and dropping connections to count retries.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateResult, writeFiles, type TargetName } from '../helpers/generate.ts';
import { repoRoot } from '../helpers/paths.ts';
import { typecheck, writeProject } from '../helpers/typecheck.ts';
import { oai32Validator } from './a-oai-schema.ts';

const spec = path.join(repoRoot, 'test/oas32/a-operations.yaml');
const TARGETS = ['types', 'validators', 'client', 'server', 'query', 'msw'] as TargetName[];

let dir: string;
let warnings: string[];
let client: Record<string, any>;
let server: Record<string, any>;
let query: Record<string, any>;
let msw: Record<string, any>;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  dir = mkdtempSync(path.join(repoRoot, '.tmp', 'oas32a-'));
  const result = await generateResult(spec, TARGETS, { layout: 'files', format: false });
  warnings = result.warnings.map((w) => w.message);
  writeFiles(dir, result.files);
  client = await import(path.join(dir, 'client/index.ts'));
  server = await import(path.join(dir, 'server/index.ts'));
  query = await import(path.join(dir, 'query/index.ts'));
  msw = await import(path.join(dir, 'msw/index.ts'));
}, 120_000);

afterAll(async () => {
  for (const close of closers) await close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What the handlers saw, by operation. */
const seen: Record<string, unknown[]> = {};
const record = (op: string, value: unknown) => (seen[op] ??= []).push(value);

const handlers = {
  queryReports: ({ body }: any) => (record('queryReports', body), { status: 200, body: [{ id: 'r1', status: body.status }] }),
  // Three reports, two a page: the token is the next index.
  queryReportPages: ({ body }: any) => {
    const start = Number(body.page_token ?? 0);
    const data = ['p1', 'p2', 'p3'].slice(start, start + 2).map((id) => ({ id, status: body.status }));
    return { status: 200, body: start + 2 < 3 ? { data, next_page_token: String(start + 2) } : { data } };
  },
  createReport: ({ body }: any) => ({ status: 201, body }),
  getReport: ({ params }: any) => ({ status: 200, body: { id: params.id, status: 'open' } }),
  linkReport: ({ params, body, request }: any) => (record('linkReport', request.method), { status: 200, body: { id: params.id, status: 'open', linkedTo: body.target } }),
  searchReports: ({ query: q }: any) => (record('searchReports', q.criteria), { status: 200, body: q.criteria }),
  searchReportsJson: ({ query: q }: any) => ({ status: 200, body: q.filter ?? { status: 'closed' } }),
  getPreferences: ({ cookies }: any) => (record('getPreferences', cookies), { status: 200, body: cookies }),
};

async function generatedServer(): Promise<string> {
  const running = await server.serve(server.createHandler(handlers), { port: 0 });
  closers.push(() => running.close());
  return running.url;
}

/** A plain node:http server recording each request's method, URL and Cookie header; `drop` destroys the first N connections. */
async function recorder(drop = 0) {
  const requests: { method: string; url: string; cookie?: string; body: string }[] = [];
  const plain: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method!, url: req.url!, cookie: req.headers.cookie, body: Buffer.concat(chunks).toString() });
      if (requests.length <= drop) return void req.socket.destroy();
      res.writeHead(200, { 'content-type': 'application/json' }).end(req.method === 'QUERY' ? '[]' : '{"id":"r1","status":"open"}');
    });
  });
  await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => plain.close(r)));
  return { url: `http://127.0.0.1:${(plain.address() as AddressInfo).port}`, requests };
}

/** Writes `bytes` on a raw socket and returns the whole answer (the server closes: `Connection: close`). */
function rawExchange(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString()));
    socket.on('error', reject);
  });
}

describe('OpenAPI 3.2 operations and parameters', () => {
  it('the fixture is valid 3.2 (Ajv + the OAI meta-schema) and generates every target without a warning', () => {
    const validate = oai32Validator();
    expect(validate(parse(readFileSync(spec, 'utf8'))), JSON.stringify(validate.errors)).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('type-checks strictly (one tsc program over every target)', () => {
    writeProject(dir, ['**/*.ts'], { types: ['node'] });
    const result = typecheck(dir);
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  }, 120_000);

  it('QUERY with a JSON body: the client sends it, the server routes it; the exact bytes of a plain QUERY too', async () => {
    const url = await generatedServer();
    const c = client.createClient({ baseUrl: url });
    expect(await c.queryReports({ body: { status: 'open' } })).toEqual([{ id: 'r1', status: 'open' }]);
    const body = '{"status":"closed"}';
    const answer = await rawExchange(url, `QUERY /reports HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toContain('"status":"closed"');
    expect(seen.queryReports).toEqual([{ status: 'open' }, { status: 'closed' }]);
    // A body the schema refuses: a problem document in the spec's error shape, not a 500.
    const bad = '{"status":"lost"}';
    const refused = await rawExchange(url, `QUERY /reports HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${bad.length}\r\nConnection: close\r\n\r\n${bad}`);
    expect(refused).toMatch(/^HTTP\/1\.1 400 /);
    expect(refused).toMatch(/content-type: application\/problem\+json/i);
  });

  it('a QUERY listing pages by a token in its body (inferred, as for a POST search): client.paginate follows it', async () => {
    const url = await generatedServer();
    const ids: string[] = [];
    for await (const report of client.createClient({ baseUrl: url }).paginate.queryReportPages({ body: { status: 'open' } }).items()) ids.push(report.id);
    expect(ids).toEqual(['p1', 'p2', 'p3']);
  });

  it('QUERY is retried after a network failure like GET; POST is not', async () => {
    const plain = await recorder(1);
    const c = client.createClient({ baseUrl: plain.url, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 } });
    expect(await c.queryReports({ body: { status: 'open' } })).toEqual([]);
    expect(plain.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['QUERY', '/reports', '{"status":"open"}'],
      ['QUERY', '/reports', '{"status":"open"}'],
    ]);
    const once = await recorder(1);
    const w = client.createClient({ baseUrl: once.url, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 } });
    await expect(w.createReport({ body: { id: 'r9', status: 'open' } })).rejects.toThrow();
    expect(once.requests.map((r) => r.method)).toEqual(['POST']);
  });

  it('an additional operation (LINK): sent with its own method token, routed by the server', async () => {
    const plain = await recorder();
    await client.createClient({ baseUrl: plain.url }).linkReport({ id: 'r1', body: { target: 'r2' } });
    expect(plain.requests.map((r) => [r.method, r.url])).toEqual([['LINK', '/reports/r1']]);
    const url = await generatedServer();
    expect(await client.createClient({ baseUrl: url }).linkReport({ id: 'r1', body: { target: 'r2' } })).toEqual({ id: 'r1', status: 'open', linkedTo: 'r2' });
    expect(seen.linkReport).toEqual(['LINK']);
    // The path's other method stays GET; an unknown one is a 405 naming both.
    const refused = await fetch(`${url}/reports/r1`, { method: 'UNLINK' });
    expect([refused.status, refused.headers.get('allow')]).toEqual([405, 'GET, LINK, HEAD']);
  });

  it('querystring (form-urlencoded): the whole query string, encoded by the client, parsed and validated by the server', async () => {
    const plain = await recorder();
    await client.createClient({ baseUrl: plain.url }).searchReports({ criteria: { q: 'cats & dogs', limit: 5, tag: ['a', 'b'] } });
    expect(plain.requests[0]!.url).toBe('/search?q=cats%20%26%20dogs&limit=5&tag=a&tag=b');
    const url = await generatedServer();
    const c = client.createClient({ baseUrl: url });
    expect(await c.searchReports({ criteria: { q: 'cats & dogs', limit: 5, tag: ['a', 'b'] } })).toEqual({ q: 'cats & dogs', limit: 5, tag: ['a', 'b'] });
    // Hand-written query strings: `+` is a space, one tag is still a list; out of range and unknown members are problems.
    expect(await (await fetch(`${url}/search?q=big+cats&tag=x`)).json()).toEqual({ q: 'big cats', tag: ['x'] });
    for (const bad of ['limit=500&q=x', 'q=x&color=red', '']) {
      const res = await fetch(`${url}/search?${bad}`);
      expect([bad, res.status, res.headers.get('content-type')]).toEqual([bad, 400, 'application/problem+json']);
      expect(await res.json()).toMatchObject({ status: 400, title: expect.any(String) });
    }
  });

  it('querystring (JSON): the value is percent-encoded JSON text, parsed and validated by the server', async () => {
    const plain = await recorder();
    await client.createClient({ baseUrl: plain.url }).searchReportsJson({ filter: { status: 'open', owner: 'a b' } });
    expect(plain.requests[0]!.url).toBe('/search/json?' + encodeURIComponent('{"status":"open","owner":"a b"}'));
    const url = await generatedServer();
    expect(await client.createClient({ baseUrl: url }).searchReportsJson({ filter: { status: 'open' } })).toEqual({ status: 'open' });
    // Optional: no query string at all is no filter.
    expect(await (await fetch(`${url}/search/json`)).json()).toEqual({ status: 'closed' });
    for (const bad of ['%7Bnot-json', encodeURIComponent('{"status":"lost"}')]) {
      const res = await fetch(`${url}/search/json?${bad}`);
      expect([res.status, res.headers.get('content-type')]).toEqual([400, 'application/problem+json']);
    }
  });

  it('style: cookie: pairs joined by "; ", never percent-encoded by the client nor decoded by the server', async () => {
    const plain = await recorder();
    await client.createClient({ baseUrl: plain.url }).getPreferences({ prefs: { theme: 'dark', size: 3 }, seen: ['a%41', 'b'] });
    expect(plain.requests[0]!.cookie).toBe('theme=dark; size=3; seen=a%41,b');
    const url = await generatedServer();
    const c = client.createClient({ baseUrl: url });
    expect(await c.getPreferences({ prefs: { theme: 'light' }, seen: ['x%41'] })).toEqual({ prefs: { theme: 'light' }, seen: ['x%41'] });
    expect(seen.getPreferences!.at(-1)).toEqual({ prefs: { theme: 'light' }, seen: ['x%41'] });
    const refused = await fetch(`${url}/preferences`, { headers: { cookie: 'theme=blue' } });
    expect([refused.status, refused.headers.get('content-type')]).toEqual([400, 'application/problem+json']);
  });

  it('the mock answers QUERY and a querystring operation, and refuses a bad query string', async () => {
    const running = await server.serve(server.createMockHandler({ seed: 1 }), { port: 0 });
    closers.push(() => running.close());
    const c = client.createClient({ baseUrl: running.url });
    expect(Array.isArray(await c.queryReports({ body: { status: 'open' } }))).toBe(true);
    expect(typeof (await c.searchReports({ criteria: { q: 'x' } }))).toBe('object');
    expect((await fetch(`${running.url}/search?limit=0&q=x`)).status).toBe(400);
  });

  it('the msw handlers answer QUERY, LINK and a querystring operation (methods msw has no shorthand for)', async () => {
    const origin = 'http://msw.test';
    const intercepted = setupServer(...msw.handlers);
    const unhandled: string[] = [];
    intercepted.listen({ onUnhandledRequest: (request) => void unhandled.push(`${request.method} ${request.url}`) });
    try {
      const c = client.createClient({ baseUrl: origin, retry: false });
      expect(Array.isArray(await c.queryReports({ body: { status: 'open' } }))).toBe(true);
      expect(await c.linkReport({ id: 'r1', body: { target: 'r2' } })).toMatchObject({ id: expect.any(String) });
      expect(typeof (await c.searchReports({ criteria: { q: 'x', limit: 2 } }))).toBe('object');
      expect((await fetch(`${origin}/search?limit=0&q=x`)).status).toBe(400);
      expect(unhandled).toEqual([]);
    } finally {
      intercepted.close();
    }
  });

  it('the query target: QUERY (safe) gives query options, LINK and POST mutations', () => {
    expect(typeof query.queryReportsOptions).toBe('function');
    expect(query.queryReportsMutation).toBeUndefined();
    expect(typeof query.linkReportMutation).toBe('function');
    expect(typeof query.createReportMutation).toBe('function');
    expect(query.queryReportsOptions({ queryReports: () => undefined }, { body: { status: 'open' } }).queryKey).toEqual(['queryReports', { body: { status: 'open' } }]);
  });
});
