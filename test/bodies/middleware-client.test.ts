/**
 * Client middleware and per-call headers/query, against a plain node:http server (the independent side:
 * it records exactly what arrived on the wire). Order of the hooks, replacement of requests and responses,
 * a short-circuit, token refresh with replay of a request with a body, and `onError` on a network failure.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixtureSpecsDir } from '../helpers/paths.ts';
import { buildFixture, type Built } from './build.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let built: Built;
let plain: Server;
let baseUrl: string;
const seen: Seen[] = [];
/** The token the server accepts (changed by a test to force a refresh). */
let validToken = 'fresh';

function handler(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
    if (req.headers.authorization !== `Bearer ${validToken}`) {
      res.writeHead(401, { 'content-type': 'application/problem+json' });
      res.end(JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401 }));
      return;
    }
    const url = new URL(req.url!, 'http://x');
    res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
    if (req.method === 'POST') res.end(JSON.stringify({ id: 'n1', name: JSON.parse(body).name }));
    else if (url.pathname === '/things') res.end(JSON.stringify([{ id: '1', name: url.search }]));
    else res.end(JSON.stringify({ id: url.pathname.split('/').pop(), name: 'thing' }));
  });
}

beforeAll(async () => {
  built = await buildFixture(path.join(fixtureSpecsDir, 'mw-middleware.yaml'));
  plain = createServer(handler);
  await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  plain?.close();
  built?.remove();
});

beforeEach(() => {
  seen.length = 0;
  validToken = 'fresh';
});

const client = (options: Record<string, unknown> = {}) => built.client.createClient({ baseUrl, auth: { bearer: 'fresh' }, retry: false, ...options });

describe('client middleware', () => {
  it('runs onRequest in order and onResponse/onError in reverse, the call\'s inside the client\'s', async () => {
    const log: string[] = [];
    const named = (name: string) => ({
      onRequest: ({ request, operation, attempt }: any) => void log.push(`${name}:request ${operation} ${attempt} ${request.headers.get('authorization')}`),
      onResponse: ({ response }: any) => void log.push(`${name}:response ${response.status}`),
    });
    const c = client({ middleware: [named('a'), named('b')] });
    expect(await c.getThing({ id: '7' }, { middleware: [named('call')] })).toEqual({ id: '7', name: 'thing' });
    expect(log).toEqual([
      'a:request getThing 0 Bearer fresh',
      'b:request getThing 0 Bearer fresh',
      'call:request getThing 0 Bearer fresh',
      'call:response 200',
      'b:response 200',
      'a:response 200',
    ]);
  });

  it('onRequest replaces the request: a tracing header and a rewritten URL reach the wire', async () => {
    const c = client({
      middleware: [
        {
          onRequest: ({ request }: any) => {
            const headers = new Headers(request.headers);
            headers.set('traceparent', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
            return new Request(request.url.replace('/things/1', '/things/2'), { method: request.method, headers });
          },
        },
      ],
    });
    expect(await c.getThing({ id: '1' })).toEqual({ id: '2', name: 'thing' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('/things/2');
    expect(seen[0]!.headers.traceparent).toBe('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
  });

  it('onRequest returning a Response answers without a request; later onRequest hooks are skipped', async () => {
    const log: string[] = [];
    const c = client({
      middleware: [
        { onResponse: () => void log.push('outer saw the cached response') },
        { onRequest: () => new Response(JSON.stringify({ id: 'cached', name: 'from cache' }), { headers: { 'content-type': 'application/json' } }) },
        { onRequest: () => void log.push('never') },
      ],
    });
    expect(await c.getThing({ id: '1' })).toEqual({ id: 'cached', name: 'from cache' });
    expect(seen).toHaveLength(0);
    expect(log).toEqual(['outer saw the cached response']);
  });

  it('onResponse replaces the response the call decodes', async () => {
    const c = client({
      middleware: [
        {
          async onResponse({ response }: any) {
            const body = await response.json();
            return new Response(JSON.stringify({ ...body, name: body.name.toUpperCase() }), { status: 200, headers: response.headers });
          },
        },
      ],
    });
    expect(await c.getThing({ id: '3' })).toEqual({ id: '3', name: 'THING' });
  });

  it('refreshes a token after a 401 and replays the request, body included', async () => {
    let token = 'stale';
    let refreshes = 0;
    const refresh = {
      async onResponse({ request, response, fetch }: any) {
        if (response.status !== 401) return undefined;
        refreshes++;
        token = 'fresh';
        const headers = new Headers(request.headers);
        headers.set('authorization', `Bearer ${token}`);
        return fetch(new Request(request, { headers }));
      },
    };
    // The client reads the current token on every attempt; the middleware refreshes it when it is refused.
    const c = client({ middleware: [refresh], auth: { bearer: () => token } });
    const created = await c.createThing({ body: { name: 'kettle' } });
    expect(created).toEqual({ id: 'n1', name: 'kettle' });
    expect(refreshes).toBe(1);
    expect(seen.map((s) => [s.method, s.headers.authorization, s.body])).toEqual([
      ['POST', 'Bearer stale', '{"name":"kettle"}'],
      ['POST', 'Bearer fresh', '{"name":"kettle"}'],
    ]);
    // The refreshed token is used from then on: one request, no replay.
    await c.createThing({ body: { name: 'cup' } });
    expect(refreshes).toBe(1);
    expect(seen).toHaveLength(3);
  });

  it('without a hook mapping it, a 401 is still the typed ApiError', async () => {
    validToken = 'other';
    const c = client({ middleware: [{ onResponse: () => undefined }] });
    const error = await c.getThing({ id: '1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(built.client.ApiError);
    expect(error.status).toBe(401);
  });
});

describe('client middleware: onError', () => {
  const closed = 'http://127.0.0.1:9'; // discard port: nothing listens, the connection is refused

  it('sees the network failure and recovers with a Response', async () => {
    const errors: unknown[] = [];
    const c = built.client.createClient({
      baseUrl: closed,
      auth: { bearer: 'x' },
      retry: false,
      middleware: [
        {
          onError: ({ error, request }: any) => {
            errors.push(error);
            expect(request.url).toBe(`${closed}/things/5`);
            return new Response(JSON.stringify({ id: '5', name: 'offline copy' }), { headers: { 'content-type': 'application/json' } });
          },
        },
      ],
    });
    expect(await c.getThing({ id: '5' })).toEqual({ id: '5', name: 'offline copy' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(TypeError); // what fetch throws for a refused connection
  });

  it('an unrecovered network failure stays a NetworkError; a returned Error replaces it', async () => {
    const plainClient = built.client.createClient({ baseUrl: closed, auth: { bearer: 'x' }, retry: false, middleware: [{ onError: () => undefined }] });
    await expect(plainClient.getThing({ id: '5' })).rejects.toBeInstanceOf(built.client.NetworkError);
    class Offline extends Error {}
    const replacing = built.client.createClient({ baseUrl: closed, auth: { bearer: 'x' }, retry: false, middleware: [{ onError: () => new Offline('offline') }] });
    await expect(replacing.getThing({ id: '5' })).rejects.toBeInstanceOf(Offline);
  });

  it('a throwing hook rejects the call with its error, once (no retry of a hook failure)', async () => {
    let calls = 0;
    const boom = new Error('no token in the vault');
    const c = client({ retry: { retries: 3, baseDelayMs: 1 }, middleware: [{ onRequest: () => ((calls++, Promise.reject(boom))) }] });
    await expect(c.getThing({ id: '1' })).rejects.toBe(boom);
    expect(calls).toBe(1);
    expect(seen).toHaveLength(0);
  });

  it('runs the hooks again for each retry attempt', async () => {
    const attempts: number[] = [];
    const c = built.client.createClient({ baseUrl: closed, auth: { bearer: 'x' }, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 }, middleware: [{ onRequest: ({ attempt }: any) => void attempts.push(attempt) }] });
    await expect(c.getThing({ id: '1' })).rejects.toBeInstanceOf(built.client.NetworkError);
    expect(attempts).toEqual([0, 1, 2]);
  });
});

describe('per-call headers and query parameters', () => {
  it('adds headers and query parameters to one call; a declared parameter named in `query` is replaced', async () => {
    const c = client({ headers: { 'x-client': 'c' } });
    const things = await c.listThings({ tag: 'red', limit: 5 }, { headers: { 'x-request-id': 'r-1' }, query: { limit: 10, debug: true, fields: ['id', 'name'], skip: undefined } });
    expect(things).toEqual([{ id: '1', name: '?tag=red&limit=10&debug=true&fields=id&fields=name' }]);
    expect(seen[0]!.headers['x-request-id']).toBe('r-1');
    expect(seen[0]!.headers['x-client']).toBe('c');
    // Another call is not affected.
    await c.listThings({ tag: 'blue' });
    expect(seen[1]!.url).toBe('/things?tag=blue');
    expect(seen[1]!.headers['x-request-id']).toBeUndefined();
  });

  it('rejects a query option that is not an object of parameters', async () => {
    await expect(client().listThings({}, { query: ['a'] })).rejects.toThrow(/the query option must be an object of query parameters/);
  });
});
