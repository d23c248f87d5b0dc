/**
 * Idempotency keys end to end (issue 29), with the generated client and server of a fixture spec whose
 * POST declares `Idempotency-Key`. Fault injection: a plain node:http proxy between them forwards a POST,
 * lets the server commit it and answer, then destroys the client's socket instead of passing the answer
 * on. The client retries with the same key; the server's `idempotency()` middleware answers the retry with
 * the stored result, so exactly one record exists. The same run without the middleware makes two: the
 * check is not vacuous.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSpecsDir, tempDir } from '../helpers/paths.ts';
import { buildFixture, type Built } from './build.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let built: Built;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  built = await buildFixture(path.join(fixtureSpecsDir, 'idempotency.yaml'));
}, 120_000);

afterAll(async () => {
  for (const close of closers) await close();
  built?.remove();
});

/** The generated server (of `from`, default the fixture's) with an order store; `dedupe` adds the idempotency middleware. */
async function orderServer(options: { dedupe?: boolean; slowMs?: number; store?: unknown; from?: Built } = {}) {
  const server = (options.from ?? built).server;
  const orders: { id: string; item: string; quantity: number }[] = [];
  const handlers = {
    createOrder: async (ctx: { body: { item: string; quantity: number } }) => {
      if (options.slowMs) await new Promise((r) => setTimeout(r, options.slowMs));
      const order = { id: `o${orders.length + 1}`, ...ctx.body };
      orders.push(order);
      return { status: 201, body: order };
    },
    listOrders: () => ({ status: 200, body: orders }),
  };
  const middleware = options.dedupe ? [server.idempotency(options.store ? { store: options.store } : {})] : [];
  // The bearer token names the app: two tokens, two principals.
  const handler = server.createHandler(handlers, { authenticate: (c: { token: string }) => ({ kind: 'app', appId: c.token }), middleware });
  const running = await server.serve(handler, { port: 0 });
  closers.push(() => running.close());
  return { url: running.url as string, orders };
}

/** A proxy to `target` that drops the connection after the first `drops` POSTs were answered upstream; it records the `header` key each request carried. */
async function droppingProxy(target: string, drops = 1, header = 'idempotency-key') {
  const seen: { method: string; key: string | undefined }[] = [];
  let dropped = 0;
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method!, key: req.headers[header] as string | undefined });
      const up = httpRequest(new URL(req.url!, target), { method: req.method, headers: req.headers }, (upRes) => {
        const body: Buffer[] = [];
        upRes.on('data', (c: Buffer) => body.push(c));
        upRes.on('end', () => {
          // The server has committed the write and answered: the client never hears of it.
          if (req.method === 'POST' && dropped < drops) {
            dropped++;
            req.socket.destroy();
            return;
          }
          res.writeHead(upRes.statusCode!, upRes.headers);
          res.end(Buffer.concat(body));
        });
      });
      up.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(r)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const fast = { retries: 2, baseDelayMs: 1, maxDelayMs: 5 };
const client = (baseUrl: string) => built.client.createClient({ baseUrl, auth: { bearer: 't' }, retry: fast });

describe('idempotency keys: a dropped connection after the commit', () => {
  it('the client retries with the same key and the server replays: exactly one record', async () => {
    const server = await orderServer({ dedupe: true });
    const proxy = await droppingProxy(server.url);
    const { data, status, headers } = await client(proxy.url).createOrder({ body: { item: 'book', quantity: 2 } }).withResponse();
    expect(proxy.seen).toHaveLength(2);
    expect(proxy.seen[0]!.key).toMatch(UUID);
    expect(proxy.seen[1]!.key).toBe(proxy.seen[0]!.key);
    expect(server.orders).toEqual([{ id: 'o1', item: 'book', quantity: 2 }]);
    expect([status, data]).toEqual([201, { id: 'o1', item: 'book', quantity: 2 }]);
    expect(headers.get('idempotent-replayed')).toBe('true');
  });

  it('without the server middleware the same retry makes two records (the check above can fail)', async () => {
    const server = await orderServer();
    const proxy = await droppingProxy(server.url);
    await client(proxy.url).createOrder({ body: { item: 'book', quantity: 2 } });
    expect(server.orders.map((o) => o.id)).toEqual(['o1', 'o2']);
  });

  it("the caller's own key is sent on every attempt; each logical call gets a fresh key", async () => {
    const server = await orderServer({ dedupe: true });
    const proxy = await droppingProxy(server.url);
    const c = client(proxy.url);
    await c.createOrder({ 'Idempotency-Key': 'order-42', body: { item: 'pen', quantity: 1 } });
    expect(proxy.seen.map((s) => s.key)).toEqual(['order-42', 'order-42']);
    await c.createOrder({ body: { item: 'pen', quantity: 1 } });
    await c.createOrder({ body: { item: 'pen', quantity: 1 } });
    expect(new Set(proxy.seen.slice(2).map((s) => s.key)).size).toBe(2);
    expect(server.orders).toHaveLength(3);
  });
});

describe('the server middleware', () => {
  const post = (url: string, key: string, body: unknown, token = 't') =>
    fetch(`${url}/orders`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body) });

  it('scopes keys by principal: the same key from another caller is another request', async () => {
    const server = await orderServer({ dedupe: true });
    const mine = await post(server.url, 'shared', { item: 'a', quantity: 1 }, 'alice');
    const theirs = await post(server.url, 'shared', { item: 'a', quantity: 1 }, 'bob');
    expect([mine.status, theirs.status, theirs.headers.get('idempotent-replayed')]).toEqual([201, 201, null]);
    expect(server.orders.map((o) => o.id)).toEqual(['o1', 'o2']);
  });

  it('answers a repeat with the same status, headers and bytes, without running the handler', async () => {
    const server = await orderServer({ dedupe: true });
    const first = await post(server.url, 'k1', { item: 'a', quantity: 1 });
    const again = await post(server.url, 'k1', { item: 'a', quantity: 1 });
    expect(again.status).toBe(first.status);
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(Buffer.from(await again.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
    expect([first.headers.get('idempotent-replayed'), again.headers.get('idempotent-replayed')]).toEqual([null, 'true']);
    expect(server.orders).toHaveLength(1);
  });

  it('a concurrent repeat gets a 409 problem with Retry-After; a reused key with another body a 422 problem', async () => {
    const server = await orderServer({ dedupe: true, slowMs: 300 });
    const slow = post(server.url, 'k2', { item: 'a', quantity: 1 });
    await new Promise((r) => setTimeout(r, 100));
    const busy = await post(server.url, 'k2', { item: 'a', quantity: 1 });
    expect(busy.status).toBe(409);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(busy.headers.get('content-type')).toBe('application/problem+json');
    expect(await busy.json()).toMatchObject({ type: 'about:blank', title: 'Conflict', status: 409 });
    expect((await slow).status).toBe(201);
    const other = await post(server.url, 'k2', { item: 'b', quantity: 1 });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ type: 'about:blank', status: 422 });
    expect(server.orders).toHaveLength(1);
  });

  it('the client retries a 409 of its keyed call until the first answer is stored', async () => {
    const server = await orderServer({ dedupe: true, slowMs: 150 });
    const c = built.client.createClient({ baseUrl: server.url, auth: { bearer: 't' }, retry: { retries: 5, baseDelayMs: 100, maxDelayMs: 200 } });
    const key = 'k3';
    const [a, b] = await Promise.all([
      c.createOrder({ 'Idempotency-Key': key, body: { item: 'c', quantity: 1 } }),
      new Promise((r) => setTimeout(r, 30)).then(() => c.createOrder({ 'Idempotency-Key': key, body: { item: 'c', quantity: 1 } })),
    ]);
    expect(b).toEqual(a);
    expect(server.orders).toHaveLength(1);
  });

  it('keeps records in a pluggable store; the in-memory one expires them and keeps at most maxEntries', async () => {
    let now = 0;
    const store = built.server.memoryIdempotencyStore({ maxEntries: 2, now: () => now });
    expect(store.add('a', { fingerprint: 'x' }, 1000)).toBe(true);
    expect(store.add('a', { fingerprint: 'x' }, 1000)).toBe(false);
    now = 1000;
    expect(store.get('a')).toBeUndefined();
    expect(store.add('a', { fingerprint: 'x' }, 1000)).toBe(true);
    store.add('b', { fingerprint: 'y' }, 1000);
    store.add('c', { fingerprint: 'z' }, 1000);
    expect([store.get('a'), store.get('b')?.fingerprint, store.get('c')?.fingerprint]).toEqual([undefined, 'y', 'z']);
    // Any store: the middleware goes through its methods.
    const calls: string[] = [];
    const logged = {
      add: (k: string, r: unknown, t: number) => (calls.push('add'), store.add(k, r as never, t)),
      get: (k: string) => (calls.push('get'), store.get(k)),
      set: (k: string, r: unknown, t: number) => (calls.push('set'), store.set(k, r as never, t)),
      delete: (k: string) => (calls.push('delete'), store.delete(k)),
    };
    const server = await orderServer({ dedupe: true, store: logged });
    await post(server.url, 'k4', { item: 'd', quantity: 1 });
    await post(server.url, 'k4', { item: 'd', quantity: 1 });
    expect(calls).toEqual(['add', 'set', 'add', 'get']);
    expect(server.orders).toHaveLength(1);
  });
});

describe("the config's idempotencyKey names the header, for the client and the server middleware alike", () => {
  let custom: Built;
  beforeAll(async () => {
    // The fixture without its declared Idempotency-Key parameter: the config's name is the only one.
    const tmp = tempDir('socialgen-idempotency-name-');
    const spec = path.join(tmp.dir, 'spec.yaml');
    const text = readFileSync(path.join(fixtureSpecsDir, 'idempotency.yaml'), 'utf8');
    const declared = /\n {8}- name: Idempotency-Key\n(?: {10}.*\n)+/;
    expect(text).toMatch(declared);
    writeFileSync(spec, text.replace(declared, '\n          []\n'));
    try {
      custom = await buildFixture(spec, { idempotencyKey: 'X-Request-Key' });
    } finally {
      tmp.remove();
    }
  }, 120_000);
  afterAll(() => custom?.remove());

  it('a dropped connection after the commit: the retry carries the same X-Request-Key, idempotency() (no options) replays it', async () => {
    const server = await orderServer({ dedupe: true, from: custom });
    const proxy = await droppingProxy(server.url, 1, 'x-request-key');
    const c = custom.client.createClient({ baseUrl: proxy.url, auth: { bearer: 't' }, retry: fast });
    const { data, headers } = await c.createOrder({ body: { item: 'book', quantity: 2 } }).withResponse();
    expect(proxy.seen.map((s) => s.key)).toEqual([expect.stringMatching(UUID), proxy.seen[0]!.key]);
    expect(data).toEqual({ id: 'o1', item: 'book', quantity: 2 });
    expect(headers.get('idempotent-replayed')).toBe('true');
    expect(server.orders).toHaveLength(1);
  });

  it('the middleware reads the configured header, not Idempotency-Key; an explicit header option still wins', async () => {
    const server = await orderServer({ dedupe: true, from: custom });
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/orders`, { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json', ...headers }, body: '{"item":"a","quantity":1}' });
    expect((await post({ 'idempotency-key': 'k' })).status).toBe(201);
    expect((await post({ 'idempotency-key': 'k' })).headers.get('idempotent-replayed')).toBeNull();
    expect(server.orders).toHaveLength(2);
    expect((await post({ 'x-request-key': 'k' })).status).toBe(201);
    const replay = await post({ 'x-request-key': 'k' });
    expect([replay.status, replay.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(server.orders).toHaveLength(3);
    const long = await post({ 'x-request-key': 'k'.repeat(256) });
    expect(long.status).toBe(400);
    expect((await long.json()).detail).toBe('the X-Request-Key header is longer than 255 characters');

    const orders: unknown[] = [];
    const explicit = custom.server.createHandler(
      { createOrder: () => (orders.push(1), { status: 201, body: { id: 'o', item: 'a', quantity: 1 } }), listOrders: () => ({ status: 200, body: [] }) },
      { authenticate: () => ({ kind: 'app' }), middleware: [custom.server.idempotency({ header: 'Idempotency-Key' })] },
    );
    const req = (headers: Record<string, string>) =>
      explicit(new Request('http://x/orders', { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json', ...headers }, body: '{"item":"a","quantity":1}' }));
    await req({ 'idempotency-key': 'e' });
    expect((await req({ 'idempotency-key': 'e' })).headers.get('idempotent-replayed')).toBe('true');
    expect(orders).toHaveLength(1);
  });
});
