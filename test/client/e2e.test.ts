/**
 * End to end: the client generated for the fixture model, over real HTTP, against a node:http server on
 * 127.0.0.1 written here (until the server target can stand in for it).
 */
import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixtureClient } from './generate.ts';

type Mod = Record<string, any>; // the generated module, imported at run time

const POSTS = Array.from({ length: 7 }, (_, i) => ({ id: String(i + 1), text: `post ${i + 1}` }));
const problemBase = 'https://api.example.com/2/problems/';

let server: Server;
let baseUrl: string;
let mod: Mod;
let dir: string;
const log: { method: string; url: string; auth?: string }[] = [];
let limitedHits = 0;
let streamConnections = 0;
let streamClosed = false;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const problem = body && typeof body === 'object' && 'title' in body && 'type' in body;
  res.writeHead(status, { 'content-type': problem ? 'application/problem+json' : 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url!, 'http://x');
  log.push({ method: req.method!, url: req.url!, auth: req.headers.authorization });
  const auth = req.headers.authorization;
  let m: RegExpMatchArray | null;
  if ((m = url.pathname.match(/^\/2\/users\/([^/]+)\/bookmarks$/))) {
    if (auth !== 'Bearer user-token')
      return send(res, 401, { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Unauthorized' });
    const size = Number(url.searchParams.get('max_results') ?? 3);
    const start = Number(url.searchParams.get('pagination_token')?.slice(1) ?? 0);
    const data = POSTS.slice(start, start + size);
    const next = start + size < POSTS.length ? `p${start + size}` : undefined;
    return send(
      res,
      200,
      { data, meta: { result_count: data.length, ...(next ? { next_token: next } : {}) } },
      { 'x-rate-limit-limit': '180', 'x-rate-limit-remaining': '179', 'x-rate-limit-reset': '2000000000' },
    );
  }
  if ((m = url.pathname.match(/^\/2\/posts\/([^/]+)$/))) {
    if (m[1] === 'limited') {
      limitedHits++;
      if (limitedHits === 1)
        return send(
          res,
          429,
          { type: 'about:blank', title: 'Too Many Requests', status: 429 },
          { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(Math.ceil(Date.now() / 1000)) },
        );
      return send(res, 200, { data: { id: 'limited', text: 'finally' } });
    }
    if (!/^[0-9]+$/.test(m[1])) {
      return send(res, 400, {
        type: `${problemBase}invalid-request`,
        title: 'Invalid Request',
        detail: 'One or more parameters to your request was invalid.',
        errors: [{ message: 'The `id` query parameter value [abc] is not valid', parameters: { id: [m[1]] } }],
      });
    }
    return send(res, 200, { data: POSTS[Number(m[1]) - 1] });
  }
  if (url.pathname === '/2/posts/search/stream') {
    streamConnections++;
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const backfill = url.searchParams.get('backfill_minutes');
    if (streamConnections === 1) {
      // Two events split mid-line across writes, a keep-alive, then the connection drops.
      res.write(`${JSON.stringify({ data: POSTS[0], backfill })}\r\n\r\n{"data":{"id":"2",`);
      setTimeout(() => res.write(`"text":"post 2"}}\r\n{"data":{"id":"3"`), 20);
      setTimeout(() => res.socket?.destroy(), 60);
    } else {
      res.write(`\r\n${JSON.stringify({ data: POSTS[3], backfill })}\r\n`);
      const t = setInterval(() => res.write('\r\n'), 20); // keep-alives until the client closes
      res.on('close', () => ((streamClosed = true), clearInterval(t)));
    }
    return;
  }
  send(res, 404, { type: 'about:blank', title: 'Not Found', status: 404 });
}

beforeAll(async () => {
  const generated = await generateFixtureClient();
  dir = generated.dir;
  mod = await import(pathToFileURL(join(dir, 'client/src/index.ts')).href);
  server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('generated client over loopback HTTP', () => {
  it('pagination across pages, items and rate-limit headers', async () => {
    const client = mod.createClient({ baseUrl, auth: { oauth2: 'user-token' } });
    const pages = [];
    for await (const page of client.paginate.getUserBookmarks({ id: '42', max_results: 3 }))
      pages.push(page.data.map((p: { id: string }) => p.id));
    expect(pages).toEqual([['1', '2', '3'], ['4', '5', '6'], ['7']]);
    const ids = [];
    for await (const post of client.paginate.getUserBookmarks({ id: '42', max_results: 2 }, { maxItems: 5 }).items()) ids.push(post.id);
    expect(ids).toEqual(['1', '2', '3', '4', '5']);
    const { data, status, rateLimit } = await client.getUserBookmarks({ id: '42', max_results: 1 }).withResponse();
    expect(status).toBe(200);
    expect(data.meta.next_token).toBe('p1');
    expect(rateLimit).toEqual({ limit: 180, remaining: 179, reset: new Date(2_000_000_000_000) });
  });

  it('a 400 problem rejects with ApiError narrowed by isProblem', async () => {
    const client = mod.createClient({ baseUrl, auth: { bearer: 'app-token' } });
    const e = await client.getPostById({ id: 'abc' }).then(undefined, (x: unknown) => x);
    expect(e).toBeInstanceOf(mod.ApiError);
    expect(e.status).toBe(400);
    expect(mod.isProblem(e, 'invalid-request')).toBe(true);
    expect(e.problem.errors[0].parameters).toEqual({ id: ['abc'] });
    expect(e.headers.get('content-type')).toBe('application/problem+json');
    expect(e.message).toBe(
      'getPostById: 400 Invalid Request: One or more parameters to your request was invalid. (id: The `id` query parameter value [abc] is not valid)',
    );
  });

  it('a 401 rejects with ApiError (about:blank problem), after one refresh attempt of a refreshing provider', async () => {
    let calls = 0;
    const client = mod.createClient({ baseUrl, auth: { oauth2: { getAccessToken: async () => (calls++, 'expired') } } });
    const e = await client.getUserBookmarks({ id: '42' }).then(undefined, (x: unknown) => x);
    expect(e).toBeInstanceOf(mod.ApiError);
    expect(e.status).toBe(401);
    expect(mod.isProblem(e, 'about:blank')).toBe(true);
    expect(calls).toBe(2);
  });

  it('user context needed, only an app token configured: fails before any request', async () => {
    const before = log.length;
    const client = mod.createClient({ baseUrl, auth: { bearer: 'app-token' } });
    await expect(client.getUserBookmarks({ id: '42' })).rejects.toBeInstanceOf(mod.CredentialsError);
    expect(log.length).toBe(before);
  });

  it('a 429 waits for x-rate-limit-reset, then succeeds', async () => {
    const client = mod.createClient({ baseUrl, auth: { bearer: 'app-token' } });
    const t0 = Date.now();
    const post = await client.getPostById({ id: 'limited' });
    expect(post).toEqual({ data: { id: 'limited', text: 'finally' } });
    expect(limitedHits).toBe(2);
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('a dropped stream reconnects (backfill passed through) and break closes the connection', async () => {
    const client = mod.createClient({ baseUrl, auth: { bearer: 'app-token' } });
    const events = [];
    for await (const event of client.streamPosts({ backfill_minutes: 2 }, { reconnect: { initialDelayMs: 10, maxDelayMs: 20 } })) {
      events.push(event);
      if (event.data.id === '4') break;
    }
    expect(events.map((e: { data: { id: string } }) => e.data.id)).toEqual(['1', '2', '4']);
    expect(events[0].backfill).toBe('2');
    expect(events[2].backfill).toBe('2');
    expect(streamConnections).toBe(2);
    const streamRequests = log.filter((r) => r.url.startsWith('/2/posts/search/stream'));
    expect(streamRequests.map((r) => `${r.url} ${r.auth}`)).toEqual([
      '/2/posts/search/stream?backfill_minutes=2 Bearer app-token',
      '/2/posts/search/stream?backfill_minutes=2 Bearer app-token',
    ]);
    // `break` closed the connection: the server sees the client go away.
    await new Promise((r) => setTimeout(r, 100));
    expect(streamClosed).toBe(true);
  });

  it('a network failure (connection refused) is retried for GET, then rejects with NetworkError', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const client = mod.createClient({ baseUrl: `http://127.0.0.1:${port}`, auth: { bearer: 'x' }, retry: { retries: 1, baseDelayMs: 5 } });
    await expect(client.getPostById({ id: '1' })).rejects.toBeInstanceOf(mod.NetworkError);
  });

  it('a timeout rejects with TimeoutError', async () => {
    const slow = createServer(() => {});
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const port = (slow.address() as AddressInfo).port;
    const client = mod.createClient({ baseUrl: `http://127.0.0.1:${port}`, auth: { bearer: 'x' }, timeoutMs: 50, retry: false });
    await expect(client.getPostById({ id: '1' })).rejects.toBeInstanceOf(mod.TimeoutError);
    slow.closeAllConnections();
    await new Promise((r) => slow.close(r));
  });
});
