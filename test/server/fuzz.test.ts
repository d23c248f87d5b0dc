/**
 * Fuzzing the generated server with malformed requests (fast-check): bad JSON, wrong types, huge and deep
 * bodies, odd encodings, hostile keys, bad headers. Every answer must be below 500, and every refusal a
 * well-formed problem whose `status` is the response's. Handlers are the mock's (every operation has one)
 * in development mode, so a response that does not match its schema would surface as a 500 too.
 */
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildPackages, importServer, loadProjectModel, type BuiltPackages, type ServerModule } from './harness.ts';

let built: BuiltPackages;
let server: ServerModule;
let handler: (request: Request) => Promise<Response>;
const errors: unknown[] = [];

const PRINCIPALS: Record<string, unknown> = {
  user: { kind: 'user', userId: '42', scopes: ['bookmark.read', 'post.read', 'users.read'] },
  app: { kind: 'app' },
  odd: { kind: 'weird' },
};

beforeAll(async () => {
  built = await buildPackages(await loadProjectModel());
  server = await importServer(built);
  handler = server.createMockHandler({
    seed: 'fuzz',
    development: true,
    maxBodySize: 64 * 1024,
    authenticate: (c: any) => (c.scheme === 'bearer' ? PRINCIPALS[c.token] : c.scheme === 'oauth1' ? PRINCIPALS.user : undefined),
    onError: (e: unknown) => errors.push(e),
  });
}, 120_000);
afterAll(() => built?.cleanup());

// ---------------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------------

const hostileStrings = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%00',
  '%C0%AF',
  '..',
  '../../etc/passwd',
  '\u2028',
  '🙂',
  '${x}',
  '`',
  '"',
  "'",
  '<script>',
  ' ',
  '',
  ',',
  ',,',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '2147483648',
  '-2147483649',
  '99999999999999999999999',
  '1.5',
  'true',
  'null',
  '[]',
  '{}',
);

const wireValue = fc.oneof(
  hostileStrings,
  fc.integer().map(String),
  fc.double({ noNaN: false }).map(String),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', maxLength: 20 }).map((s) => encodeURIComponent(s).replace(/%/g, (m) => (Math.random() < 0 ? m : '%'))),
  fc.array(fc.constantFrom('id', 'text', 'bogus', 'author_id', 'id', ''), { maxLength: 6 }).map((a) => a.join(',')),
  fc.string({ maxLength: 2000 }).map(encodeURIComponent),
);

const paramNames = fc.oneof(
  fc.constantFrom('max_results', 'pagination_token', 'post.fields', 'user.fields', 'expansions', 'query', 'start_time', 'next_token', 'ids', '__proto__', 'constructor', 'post.fields[a]'),
  fc.string({ maxLength: 10 }).map(encodeURIComponent),
);

const queryString = fc.array(fc.tuple(paramNames, wireValue), { maxLength: 6 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

const templates = ['/2/users/{id}/bookmarks', '/2/posts/{id}', '/2/users/by/username/{username}', '/2/posts/search/recent', '/2/posts', '/2/users/{id}/likes', '/2/connections/{endpoint_id}', '/2/notes', '/2/news/{id}'];

const pathArb = fc.oneof(
  fc.tuple(fc.constantFrom(...templates), fc.oneof(hostileStrings, fc.constantFrom('42', '1', '0', '12345678901234567890', 'ada'), fc.string({ maxLength: 40 }).map(encodeURIComponent))).map(([t, v]) =>
    t.replace(/\{[^}]+\}/g, v),
  ),
  fc.array(fc.oneof(hostileStrings, fc.constantFrom('2', 'users', 'posts', 'by'), fc.string({ maxLength: 8 }).map(encodeURIComponent)), { maxLength: 6 }).map((s) => '/' + s.join('/')),
);

const authArb = fc.constantFrom<string | undefined>(
  undefined,
  'Bearer user',
  'Bearer app',
  'Bearer odd',
  'Bearer unknown',
  'Bearer',
  'Bearer  ',
  'bearer user',
  'Bearer a b',
  'OAuth oauth_token="t", oauth_signature="%ZZ"',
  'OAuth oauth_token="t", oauth_consumer_key="k"',
  'OAuth ,,,',
  'OAuth __proto__="x"',
  'Basic !!!',
  'Basic ' + 'A'.repeat(5000),
  'Digest x',
  '',
);

const contentTypeArb = fc.constantFrom<string | undefined>(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json;charset="UTF-8"',
  'APPLICATION/JSON',
  'application/problem+json',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'garbage',
  '*/*',
  'application/json; charset',
);

function deep(depth: number, open: string, close: string, inner = '1'): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

const bodyArb: fc.Arbitrary<string | Uint8Array | undefined> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: fc.json({ maxDepth: 4 }) },
  { weight: 3, arbitrary: fc.string({ maxLength: 200 }) },
  {
    weight: 3,
    arbitrary: fc.record(
      { text: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant('x'.repeat(25_001))), poll: fc.anything({ maxDepth: 2 }), edit_options: fc.anything({ maxDepth: 2 }), reply_settings: fc.anything({ maxDepth: 1 }) },
      { requiredKeys: [] },
    ).map((o) => JSON.stringify(o)),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '{"__proto__":{"polluted":true}}',
      '{"text":"a","\\u005f\\u005fproto\\u005f\\u005f":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"a":{"__proto__":[]}}',
      '[{"__proto__":1}]',
      '{"text": "a", "text": "b"}',
      '\ufeff{"text":"bom"}',
      '{"text":"\\ud800"}',
      '{"text":"a"',
      '{text:"a"}',
      "{'text':'a'}",
      '[1,2,]',
      'null',
      'true',
      '0',
      '""',
      '',
      ' ',
      'NaN',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 20_000 }).map((d) => deep(d, '[', ']')) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 5_000 }).map((d) => deep(d, '{"a":', '}')) },
  { weight: 1, arbitrary: fc.integer({ min: 60_000, max: 200_000 }).map((n) => JSON.stringify({ text: 'x'.repeat(n) })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) },
  { weight: 1, arbitrary: fc.constant(new Uint8Array([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])) },
);

const OPERATIONS: [string, string, string][] = [
  ['GET', '/2/users/{id}/bookmarks', '42'],
  ['GET', '/2/posts/{id}', '42'],
  ['GET', '/2/users/by/username/{username}', 'ada'],
  ['GET', '/2/posts/search/recent', ''],
  ['POST', '/2/posts', ''],
  ['POST', '/2/users/{id}/likes', '42'],
  ['POST', '/2/notes', ''],
  ['POST', '/2/evaluate_note', ''],
  ['DELETE', '/2/connections/{endpoint_id}', '1'],
  ['GET', '/2/news/{id}', '42'],
];

const goodAuth = fc.constantFrom('Bearer user', 'Bearer app', 'OAuth oauth_token="t", oauth_consumer_key="k"');

const operationRequest = fc
  .record({
    op: fc.constantFrom(...OPERATIONS),
    value: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.oneof(hostileStrings, fc.string({ maxLength: 40 }).map(encodeURIComponent)) }),
    query: queryString,
    auth: fc.oneof({ weight: 3, arbitrary: goodAuth }, { weight: 1, arbitrary: authArb }),
    contentType: fc.oneof({ weight: 3, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: contentTypeArb }),
    body: bodyArb,
    extraHeaders: fc.constant([] as [string, string][]),
  })
  .map(({ op, value, ...rest }) => ({ method: op[0], path: op[1].replace(/\{[^}]+\}/g, value ?? op[2]), ...rest }));

const junkRequest = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'FOO'),
  path: pathArb,
  query: queryString,
  auth: authArb,
  contentType: contentTypeArb,
  body: bodyArb,
  extraHeaders: fc.array(fc.tuple(fc.constantFrom('x-a', 'cookie', 'accept', 'content-length', 'x-rate-limit-reset', 'transfer-encoding'), fc.string({ maxLength: 30 }).filter((s) => /^[\x20-\x7e]*$/.test(s))), { maxLength: 3 }),
});

const requestArb = fc.oneof({ weight: 3, arbitrary: operationRequest }, { weight: 1, arbitrary: junkRequest });

function toRequest(r: { method: string; path: string; query: string; auth?: string; contentType?: string; body?: string | Uint8Array; extraHeaders: [string, string][] }): Request | undefined {
  const headers = new Headers();
  try {
    for (const [k, v] of r.extraHeaders) if (k !== 'content-length' && k !== 'transfer-encoding') headers.append(k, v);
    if (r.auth !== undefined) headers.set('authorization', r.auth);
    if (r.contentType !== undefined) headers.set('content-type', r.contentType);
    const hasBody = r.body !== undefined && r.method !== 'GET' && r.method !== 'HEAD';
    return new Request(`http://localhost${r.path}${r.query ? '?' + r.query : ''}`, { method: r.method, headers, body: hasBody ? (r.body as BodyInit) : undefined });
  } catch {
    return undefined; // Something the Fetch API itself refuses (covered by the raw-socket fuzz below).
  }
}

async function checkResponse(response: Response, method: string): Promise<void> {
  expect(response.status).toBeLessThan(500);
  const text = await response.text();
  if (response.status >= 400) {
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = JSON.parse(text);
    expect(typeof problem.type).toBe('string');
    expect(typeof problem.title).toBe('string');
    expect(problem.status).toBe(response.status);
    if (problem.errors !== undefined) {
      expect(Array.isArray(problem.errors) && problem.errors.length > 0).toBe(true);
      for (const e of problem.errors) {
        expect(typeof e.message).toBe('string');
        for (const values of Object.values(e.parameters)) expect((values as unknown[]).every((v) => typeof v === 'string')).toBe(true);
      }
    }
  } else if (text && method !== 'HEAD' && /json/.test(response.headers.get('content-type') ?? '')) {
    JSON.parse(text);
  }
}

/**
 * Requests per run. A fixed seed sends the same requests every run: 3,000 of them reach every stage the
 * assertions below name (each status at least once) in about a quarter of the time 12,000 took (10 s of
 * CPU). SOCIALGEN_FUZZ_FULL=1 sends the 12,000 (the README names it); FUZZ_SEED picks other requests.
 */
const RUNS = process.env.SOCIALGEN_FUZZ_FULL ? 12_000 : 3_000;

it(`answers ${RUNS.toLocaleString('en')} malformed requests (fewer those fetch refuses) without a 5xx, each refusal a well-formed problem`, async () => {
  let sent = 0;
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(requestArb, async (r) => {
      const request = toRequest(r);
      if (!request) return;
      sent++;
      const response = await handler(request);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      await checkResponse(response, r.method);
    }),
    { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20260601), endOnFailure: true },
  );
  expect(errors).toEqual([]);
  // Five in six at least are requests the Fetch API accepts (10,000 of 12,000 when this was written).
  expect(sent).toBeGreaterThanOrEqual((RUNS * 5) / 6);
  // The runs reach every stage of the pipeline, not just the router.
  for (const status of [200, 400, 401, 403, 404, 405, 413, 415]) expect(statuses.get(status) ?? 0, `status ${status}: ${JSON.stringify([...statuses])}`).toBeGreaterThan(0);
  console.log('fuzz statuses', JSON.stringify([...statuses].sort((a, b) => a[0] - b[0])));
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}, 300_000);

it('survives raw malformed HTTP over node:http (bad header bytes, framing, encodings)', async () => {
  const running = await server.serve(handler, { port: 0, hostname: '127.0.0.1' });
  const port = new URL(running.url).port;
  const send = (bytes: Buffer): Promise<string> =>
    new Promise((resolve) => {
      const socket = connect(Number(port), '127.0.0.1');
      const chunks: Buffer[] = [];
      const timer = setTimeout(() => socket.destroy(), 2000);
      socket.on('data', (c) => chunks.push(c));
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(Buffer.concat(chunks).toString('latin1'));
      });
      socket.on('error', () => undefined);
      socket.end(bytes);
    });
  const headerLine = fc.oneof(
    fc.constantFrom(
      'Authorization: Bearer user',
      'Authorization: Bearer \x01\x02',
      'Authorization: Bearer user\r\nAuthorization: Bearer app',
      'Content-Type: application/json',
      'Content-Type: \xff\xfe',
      'Content-Length: 5',
      'Content-Length: -1',
      'Content-Length: 99999999999999999999',
      'Content-Length: 3\r\nContent-Length: 4',
      'Transfer-Encoding: chunked',
      'Transfer-Encoding: gzip, chunked',
      'X-Odd: \x7f\x80\xff',
      'Cookie: a=%ZZ; __proto__=1',
      'NoColon',
      ': empty-name',
      'X-Long: ' + 'a'.repeat(20_000),
    ),
    fc.string({ unit: 'binary', maxLength: 40 }).map((s) => `X-F: ${s}`),
  );
  const rawArb = fc.record({
    method: fc.constantFrom('GET', 'POST', 'G\x00T', 'get', 'CONNECT'),
    target: fc.oneof(fc.constantFrom('/2/users/42/bookmarks?max_results=5', '/2/posts', '/2/posts/%ff', '*', 'http://x/2/posts/1', '/2/posts/1#frag', '//2/posts', '/%2e%2e/'), fc.string({ unit: 'binary', maxLength: 30 }).map((s) => '/' + s)),
    version: fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/9.9', 'FOO'),
    headers: fc.array(headerLine, { maxLength: 4 }),
    body: fc.oneof(fc.constant(''), fc.constant('{"text":"hi"}'), fc.constant('5\r\n{"te\r\n0\r\n\r\n'), fc.constant('zz\r\nxx\r\n'), fc.string({ unit: 'binary', maxLength: 60 })),
  });
  let answered = 0;
  await fc.assert(
    fc.asyncProperty(rawArb, async (r) => {
      const head = `${r.method} ${r.target} ${r.version}\r\nHost: 127.0.0.1\r\n${r.headers.map((h) => h + '\r\n').join('')}Connection: close\r\n\r\n`;
      const reply = await send(Buffer.from(head + r.body, 'latin1'));
      if (!reply) return; // the server may simply close a connection it cannot parse
      answered++;
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(reply)?.[1]);
      expect(status).toBeLessThan(500);
      if (status >= 400) {
        expect(reply.toLowerCase()).toContain('content-type: application/problem+json');
        const problem = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4));
        expect(problem.status).toBe(status);
      }
    }),
    { numRuns: 400, seed: 7, endOnFailure: true },
  );
  // The server is still alive and answering.
  const alive = await fetch(`${running.url}/2/posts/1`, { headers: { authorization: 'Bearer app' } });
  expect(alive.status).toBe(200);
  await running.close();
  expect(answered).toBeGreaterThan(100);
  expect(errors).toEqual([]);
}, 300_000);
