/**
 * `throwOnError: false` (issue 29): calls resolve to `{ data, error, response }` instead of rejecting with
 * `ApiError`, against a plain node:http server writing exact bytes. The types are checked by the fixture
 * usage file (fixtures/usage.ts.txt, compiled strictly by emitter.test.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindOperations } from '../../generator/src/emit/client/runtime/bind.ts';
import { ApiError, NetworkError } from '../../generator/src/emit/client/runtime/errors.ts';
import { paginate } from '../../generator/src/emit/client/runtime/paginate.ts';
import { streams } from '../../generator/src/emit/client/runtime/stream.ts';
import { ndjsonFraming } from '../../generator/src/emit/client/runtime/ndjson.ts';
import type { RuntimeOptions } from '../../generator/src/emit/client/runtime/types.ts';
import { bookmarksOp, createPostOp, lookupOp, streamOp } from './helpers.ts';

const invalid =
  '{"type":"https://api.example.com/2/problems/invalid-request","title":"Invalid Request","detail":"bad id","errors":[{"message":"x","parameters":{"id":["a"]}}]}';

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/2/posts/1') {
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'ok1' });
      return res.end('{"data":{"id":"1","text":"hi"}}');
    }
    if (url.pathname === '/2/posts/drop') return req.socket.destroy();
    if (url.pathname === '/2/posts/limited') {
      res.writeHead(429, { 'content-type': 'application/json', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': '4000000000' });
      return res.end('{"title":"Too Many Requests","type":"about:blank"}');
    }
    res.writeHead(400, { 'content-type': 'application/problem+json', 'x-request-id': 'bad1' });
    res.end(invalid);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((r) => server.close(r)));

type Method = (args?: unknown, o?: object) => Promise<any> & { withResponse(): Promise<any> };
const client = (options: Partial<RuntimeOptions> = {}) =>
  bindOperations([bookmarksOp, lookupOp, createPostOp, streamOp], { baseUrl, auth: { bearer: 'a', oauth2: 'u' }, retry: false, ...options }, {
    paginate,
    stream: streams({ ndjson: ndjsonFraming }),
  }) as Record<string, Method> & { paginate: Record<string, Method> };

describe('throwOnError: false', () => {
  it('a success resolves to data, no error, and the response', async () => {
    const r = await client({ throwOnError: false }).getPostById({ id: '1' });
    expect(r.data).toEqual({ data: { id: '1', text: 'hi' } });
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(200);
    expect(r.response.headers.get('x-request-id')).toBe('ok1');
    expect(r.headers.get('x-request-id')).toBe('ok1');
  });

  it('a failed status resolves to the parsed error body, no data, the status and the response', async () => {
    const r = await client({ throwOnError: false }).getPostById({ id: 'a' });
    expect(r.data).toBeUndefined();
    expect(r.error).toEqual(JSON.parse(invalid));
    expect(r.status).toBe(400);
    expect(r.response).toBeInstanceOf(Response);
    expect(r.response.status).toBe(400);
    expect(r.headers.get('x-request-id')).toBe('bad1');
  });

  it('a 429 resolves too, with its rate limit', async () => {
    const r = await client({ throwOnError: false }).getPostById({ id: 'limited' });
    expect(r.status).toBe(429);
    expect(r.error.title).toBe('Too Many Requests');
    expect(r.rateLimit).toEqual({ limit: undefined, remaining: 0, reset: new Date(4_000_000_000_000) });
  });

  it("a call's option overrides the client's, both ways; withResponse gives the same result", async () => {
    const throwing = client();
    await expect(throwing.getPostById({ id: 'a' })).rejects.toBeInstanceOf(ApiError);
    const r = await throwing.getPostById({ id: 'a' }, { throwOnError: false }).withResponse();
    expect([r.status, r.data, r.error.detail]).toEqual([400, undefined, 'bad id']);
    const results = client({ throwOnError: false });
    await expect(results.getPostById({ id: 'a' }, { throwOnError: true })).rejects.toBeInstanceOf(ApiError);
    expect(await results.getPostById({ id: '1' }, { throwOnError: true })).toEqual({ data: { id: '1', text: 'hi' } });
  });

  it('failures without a response still reject', async () => {
    await expect(client({ throwOnError: false }).getPostById({ id: 'drop' })).rejects.toBeInstanceOf(NetworkError);
  });

  it('pages and streams throw whatever the client says', async () => {
    const results = client({ throwOnError: false });
    const pages = results.paginate.getUserBookmarks({ id: 'a' }) as unknown as AsyncIterable<unknown>;
    await expect((async () => { for await (const _ of pages) void _; })()).rejects.toBeInstanceOf(ApiError);
    const items = results.streamPosts({}) as unknown as AsyncIterator<unknown>;
    await expect(items.next()).rejects.toBeInstanceOf(ApiError);
  });
});
