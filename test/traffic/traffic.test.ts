// Real traffic through the generated packages (the committed `generated/`): no valid exchange is refused.
// Each exchange of the corpus (exchanges.ts) goes
//  1. through the generated validators (parameters as parsed from the wire, body, response);
//  2. over loopback: the generated client (request and response validation on) against the generated
//     server in development mode (handlers answer the corpus' responses; a response that does not match
//     its schema would be a 500), and the server sees the listed parameters as sent;
//  3. over loopback against the generated mock (development mode): the client's requests, extra
//     parameters included, are accepted and its validated responses come back.
// Plus the behaviour the corpus relies on: the deprecated operation's RFC 9745 header and client hook,
// and unknown query parameters still refused where the spec lists every parameter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGES, type Exchange } from './exchanges.ts';
import { loadGeneratedPackages, type GeneratedPackages, type Module } from './packages.ts';
import { USER_ID, unlistedProblems } from './resources.ts';

let pkgs: GeneratedPackages;
let handlerServer: { url: string; close(): Promise<void> };
let mockServer: { url: string; close(): Promise<void> };
const serverErrors: unknown[] = [];
/** What the handler of each exchange received (by exchange index). */
const received = new Map<number, { query: Record<string, unknown>; body: unknown; url: string }>();

const SCOPES = ['bookmark.read', 'post.read', 'users.read', 'follow.read'];
function authenticate(credentials: { scheme: string; token?: string }) {
  if (credentials.scheme !== 'bearer') return null;
  if (credentials.token === 'app-token') return { kind: 'app' };
  if (credentials.token === 'user-token') return { kind: 'user', userId: USER_ID, scopes: SCOPES };
  return null;
}

function client(baseUrl: string, extra: Record<string, unknown> = {}): Module {
  return pkgs.client.createClient({
    baseUrl,
    auth: { bearer: 'app-token', oauth2: 'user-token' },
    validate: { request: true, response: true },
    retry: false,
    ...extra,
  });
}

/** One call of the client: resolves to the response, or to the error that refused it. */
async function call(c: Module, x: Exchange, index?: number): Promise<{ data?: unknown; status?: number; headers?: Headers; error?: unknown }> {
  const headers = index === undefined ? undefined : { 'x-exchange': String(index) };
  try {
    if (x.stream) {
      const events: unknown[] = [];
      for await (const event of c[x.op](x.args, { headers, reconnect: false })) {
        events.push(event);
        break;
      }
      return { data: events[0], status: 200 };
    }
    const r = await c[x.op](x.args, { headers }).withResponse();
    return { data: r.data, status: r.status, headers: r.headers };
  } catch (error) {
    return { error };
  }
}

function describeError(e: unknown): string {
  const err = e as { name?: string; message?: string; errors?: unknown; body?: unknown };
  return `${err?.name}: ${err?.message} ${JSON.stringify(err?.errors ?? err?.body ?? '').slice(0, 400)}`;
}

beforeAll(async () => {
  pkgs = await loadGeneratedPackages();
  const handlers: Record<string, unknown> = {};
  for (const op of pkgs.server.API.operations) {
    handlers[op.key] = (ctx: { query: Record<string, unknown>; body: unknown; request: Request }) => {
      const index = Number(ctx.request.headers.get('x-exchange'));
      received.set(index, { query: ctx.query, body: ctx.body, url: ctx.request.url });
      const x = EXCHANGES[index];
      return { status: x.status, body: x.body };
    };
  }
  const onError = (e: unknown) => serverErrors.push(e);
  const handler = pkgs.server.createHandler(handlers, { development: true, authenticate, onError });
  handlerServer = await pkgs.server.serve(handler, { port: 0, hostname: '127.0.0.1' });
  const mock = pkgs.server.createMockHandler({ development: true, authenticate, onError, seed: 'traffic' });
  mockServer = await pkgs.server.serve(mock, { port: 0, hostname: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await handlerServer?.close();
  await mockServer?.close();
  pkgs?.cleanup();
});

describe('the corpus', () => {
  it('covers every operation of the generated API', () => {
    const ops = new Set(EXCHANGES.map((x) => x.op));
    expect(pkgs.server.API.operations.map((o: { key: string }) => o.key).filter((k: string) => !ops.has(k))).toEqual([]);
    expect(EXCHANGES.length).toBeGreaterThan(60);
  });
});

describe('generated validators', () => {
  it('accept every request body and response body of the corpus', () => {
    const v = pkgs.validators;
    const failures: string[] = [];
    EXCHANGES.forEach((x) => {
      const base = x.op.charAt(0).toUpperCase() + x.op.slice(1);
      const body = (x.args as { body?: unknown }).body;
      if (body !== undefined) {
        const r = v.operationValidators[x.op].requestBody(body, 'application/json');
        if (!r.valid) failures.push(`${x.op} request (${x.label}): ${JSON.stringify(r.errors.slice(0, 3))}`);
      }
      const r = v.operationValidators[x.op].response(x.status, 'application/json', x.body);
      if (!r.valid) failures.push(`${x.op} ${x.status} (${x.label}): ${JSON.stringify(r.errors.slice(0, 3))}`);
      // Every operation exports its response validator (its query one only when it has query parameters).
      expect(v[`validate${base}Response`]).toBe(v.operationValidators[x.op].response);
    });
    expect(failures).toEqual([]);
  });

  it('accept an unlisted problem type inside a 200 errors[], and as an error body', () => {
    const v = pkgs.validators.operationValidators.getUserBookmarks;
    for (const p of unlistedProblems) {
      expect(v.response(200, 'application/json', { errors: [p] }).valid, p.type).toBe(true);
      expect(v.response(404, 'application/problem+json', p).valid, p.type).toBe(true);
    }
    // A listed type is still checked against its own variant.
    const bad = { type: 'https://api.example.invalid/2/problems/usage-capped', title: 'x', period: 'Weekly' };
    expect(v.response(200, 'application/json', { errors: [bad] }).valid).toBe(false);
  });
});

describe('generated client → generated server (handlers, development mode), over loopback', () => {
  it('no valid exchange is refused; the data arrives as the server sent it', async () => {
    const c = client(handlerServer.url);
    const failures: string[] = [];
    for (const [i, x] of EXCHANGES.entries()) {
      const r = await call(c, x, i);
      if (r.error) failures.push(`${x.op} (${x.label}): ${describeError(r.error)}`);
      else if (JSON.stringify(r.data) !== JSON.stringify(x.stream ? x.body : x.body)) failures.push(`${x.op} (${x.label}): the data differs`);
    }
    expect(failures).toEqual([]);
    expect(serverErrors).toEqual([]);
  }, 30_000);

  it('the server saw every listed parameter as the client sent it, and the extra ones reached it', () => {
    const failures: string[] = [];
    for (const [i, x] of EXCHANGES.entries()) {
      const got = received.get(i);
      if (!got) {
        failures.push(`${x.op} (${x.label}): the handler was not called`);
        continue;
      }
      const url = new URL(got.url);
      for (const [name, value] of Object.entries(x.args)) {
        if (name === 'body' || name === 'extraQuery' || !url.searchParams.has(name)) continue;
        if (JSON.stringify(got.query[name]) !== JSON.stringify(value)) failures.push(`${x.op}: ${name} arrived as ${JSON.stringify(got.query[name])}`);
      }
      const extra = (x.args as { extraQuery?: Record<string, unknown> }).extraQuery ?? {};
      for (const name of Object.keys(extra)) if (!url.searchParams.has(name)) failures.push(`${x.op}: the extra parameter ${name} was not sent`);
      const body = (x.args as { body?: unknown }).body;
      if (body !== undefined && JSON.stringify(got.body) !== JSON.stringify(body)) failures.push(`${x.op}: the body arrived changed`);
    }
    expect(failures).toEqual([]);
  });
});

describe('generated client → generated mock (development mode), over loopback', () => {
  it('every request of the corpus is accepted and answered with a response the client validates', async () => {
    const c = client(mockServer.url);
    const failures: string[] = [];
    for (const x of EXCHANGES) {
      const r = await call(c, x);
      if (r.error) failures.push(`${x.op} (${x.label}): ${describeError(r.error)}`);
      else if (r.status === undefined || r.status >= 300) failures.push(`${x.op} (${x.label}): status ${r.status}`);
    }
    expect(failures).toEqual([]);
    expect(serverErrors).toEqual([]);
  }, 30_000);
});

describe('what the corpus relies on', () => {
  it('the deprecated replay: RFC 9745 Deprecation @epoch, no Sunset; the client hook fires once per operation', async () => {
    const notices: unknown[] = [];
    const c = client(handlerServer.url, { onDeprecated: (n: unknown) => notices.push(n) });
    const index = EXCHANGES.findIndex((x) => x.op === 'replayAccountActivity');
    const first = await call(c, EXCHANGES[index], index);
    await call(c, EXCHANGES[index], index);
    expect(first.error).toBeUndefined();
    // 2026-03-25T12:00:00-04:00 = 2026-03-25T16:00:00Z.
    expect(first.headers!.get('deprecation')).toBe(`@${Date.UTC(2026, 2, 25, 16) / 1000}`);
    expect(first.headers!.get('sunset')).toBeNull();
    expect(notices).toEqual([{ operation: 'replayAccountActivity', deprecatedAt: '2026-03-25T12:00:00-04:00' }]);
    // Another client instance announces again; an operation that is not deprecated never does.
    const other = client(handlerServer.url, { onDeprecated: (n: unknown) => notices.push(n) });
    await call(other, EXCHANGES[index], index);
    await call(other, EXCHANGES[0], 0);
    expect(notices).toHaveLength(2);
  });

  it('where the spec lists every parameter (bookmarks), an unknown query parameter is still refused', async () => {
    const r = await fetch(`${handlerServer.url}/2/users/${USER_ID}/bookmarks?bogus=1`, { headers: { authorization: 'Bearer user-token' } });
    expect(r.status).toBe(400);
    expect(JSON.stringify(await r.json())).toContain('bogus');
    const open = await fetch(`${handlerServer.url}/2/posts/counts/recent?query=a&granularity=day`, {
      headers: { authorization: 'Bearer app-token', 'x-exchange': String(EXCHANGES.findIndex((x) => x.op === 'countRecentPosts')) },
    });
    expect(open.status).toBe(200);
    await open.arrayBuffer();
  });

  it('an invalid request is still refused by the client (validation is really on)', async () => {
    const c = client(handlerServer.url);
    const r = await call(c, { op: 'createPost', label: 'too long', args: { body: { text: 'x'.repeat(25_001) } }, status: 201, body: {} }, 0);
    expect((r.error as Error)?.name).toBe('RequestValidationError');
  });
});
