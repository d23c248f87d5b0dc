/**
 * Issue 26 point 7, against the generated server and the generated mock (which share the server runtime):
 * - empty values (`?query=`, `?query`) are refused for every parameter, strings included, unless the
 *   spec's `allowEmptyValue` admits them;
 * - dot segments (`/news/..`, `/news/.`, `%2e%2e`, any case, mixed) are answered 404 and never reach a
 *   handler as an id; the generated client refuses to build such a path;
 * - the Node adapter's `headersTimeout` and `bodyTimeout`: a body shorter than its Content-Length, or a
 *   header section that never ends, is answered with a 408 problem and the connection closed within the
 *   timeout (raw node:net sockets writing exact bytes: fetch and node:http's client would fix the bytes up).
 */
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type Built } from '../bodies/build.ts';

const spec = path.join(import.meta.dirname, 'fixtures/edges.yaml');

let built: Built;
const seen: { op: string; params?: unknown; query?: unknown; headers?: unknown }[] = [];
const servers: Record<'handlers' | 'mock', { url: string; port: number; close(): Promise<void>; server: import('node:http').Server }> = {} as never;

beforeAll(async () => {
  built = await buildFixture(spec);
  const handlers = {
    searchNews: (ctx: { query: unknown; headers: unknown }) => {
      seen.push({ op: 'searchNews', query: ctx.query, headers: ctx.headers });
      return { status: 200, body: { query: ctx.query } };
    },
    createNews: (ctx: { body: unknown }) => ({ status: 201, body: ctx.body as object }),
    getNews: (ctx: { params: { id: string } }) => {
      seen.push({ op: 'getNews', params: ctx.params });
      return { status: 200, body: { id: ctx.params.id } };
    },
  };
  const options = { port: 0, headersTimeout: 600, bodyTimeout: 300 };
  servers.handlers = await built.server.serve(built.server.createHandler(handlers), options);
  servers.mock = await built.server.serve(built.server.createMockHandler({ seed: 1 }), options);
}, 120_000);

afterAll(async () => {
  await servers.handlers?.close();
  await servers.mock?.close();
  built?.remove();
});

interface RawAnswer {
  status: number;
  head: string;
  body: string;
  /** Milliseconds from the last write to the answer's first byte, and to the connection's close. */
  answeredAfter: number;
  closedAfter: number;
}

/** Writes `bytes` on a fresh connection, then reads until the server closes it (or `waitMs` passes). */
function raw(port: number, bytes: string, waitMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    let sentAt = 0;
    let answeredAt = -1;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within ${waitMs} ms; got ${JSON.stringify(data.toString('latin1'))}`));
    }, waitMs);
    socket.on('connect', () => socket.write(bytes, () => (sentAt = performance.now())));
    socket.on('data', (chunk: Buffer) => {
      if (answeredAt < 0) answeredAt = performance.now();
      data = Buffer.concat([data, chunk]);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const text = data.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
        head: end < 0 ? text : text.slice(0, end),
        body: end < 0 ? '' : text.slice(end + 4),
        answeredAfter: answeredAt - sentAt,
        closedAfter: performance.now() - sentAt,
      });
    });
  });
}

const get = (target: string, headers = '') => `GET ${target} HTTP/1.1\r\nhost: x\r\n${headers}connection: close\r\n\r\n`;

for (const kind of ['handlers', 'mock'] as const) {
  describe(`${kind}: empty parameter values`, () => {
    const fetchJson = async (target: string, headers: Record<string, string> = {}) => {
      const res = await fetch(servers[kind].url + target, { headers });
      return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
    };

    it('an empty string parameter is refused like every other, where allowEmptyValue is false', async () => {
      for (const target of ['/news?query=', '/news?query', '/news?max=', '/news?query=&max=1']) {
        const answer = await fetchJson(target);
        expect([target, answer.status, answer.type]).toEqual([target, 400, 'application/problem+json']);
        expect(JSON.stringify(answer.body.errors)).toMatch(/`(query|max)` query parameter can not be empty/);
      }
      const header = await fetchJson('/news', { 'x-trace': '' });
      expect(header.status).toBe(400);
      expect(JSON.stringify(header.body.errors)).toMatch(/`x-trace` header parameter can not be empty/);
    });

    it('allowEmptyValue: true admits the empty value; non-empty values pass', async () => {
      expect((await fetchJson('/news?tag=')).status).toBe(200);
      expect((await fetchJson('/news?query=a&max=2&tag=b')).status).toBe(200);
      if (kind === 'handlers') expect(seen.filter((s) => s.op === 'searchNews').map((s) => s.query)).toEqual([{ tag: '' }, { query: 'a', max: 2, tag: 'b' }]);
    });
  });

  describe(`${kind}: dot segments`, () => {
    it('/news/.., /news/., %2e%2e in any case and mixed, /news/x/.. : 404 problems, no handler runs', async () => {
      seen.length = 0;
      for (const target of ['/news/..', '/news/.', '/news/%2e%2e', '/news/%2E%2e', '/news/.%2E', '/news/%2e', '/news/x/..', '/news/../news', '/news/./x']) {
        const answer = await raw(servers[kind].port, get(target));
        expect([target, answer.status]).toEqual([target, 404]);
        expect(answer.head).toMatch(/content-type: application\/problem\+json/i);
        expect(JSON.parse(answer.body)).toMatchObject({ status: 404, title: 'Not Found' });
      }
      expect(seen).toEqual([]);
      // Dots inside a segment are ordinary characters.
      for (const id of ['...', '.x', 'x..', 'a.b']) {
        const answer = await raw(servers[kind].port, get(`/news/${id}`));
        expect([id, answer.status]).toEqual([id, 200]);
      }
    });
  });

  describe(`${kind}: Node adapter timeouts`, () => {
    it('a body shorter than its Content-Length is answered 408 and the connection closed within bodyTimeout', async () => {
      const body = '{"text":"';
      const answer = await raw(servers[kind].port, `POST /news HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n${body}`);
      expect(answer.status).toBe(408);
      expect(answer.head).toMatch(/connection: close/i);
      expect(JSON.parse(answer.body)).toMatchObject({ type: 'about:blank', title: 'Request Timeout', status: 408 });
      expect(answer.answeredAfter).toBeGreaterThanOrEqual(250);
      // Well under node:http's own ~60 s (with slack for a loaded machine).
      expect(answer.closedAfter).toBeLessThan(300 + 2500);
    });

    it('a header section that never ends is answered 408 within headersTimeout (and its checking interval)', async () => {
      const answer = await raw(servers[kind].port, 'GET /news HTTP/1.1\r\nhost: x\r\nx-slow: 1');
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toMatchObject({ title: 'Request Timeout', status: 408 });
      expect(answer.closedAfter).toBeGreaterThanOrEqual(500);
      expect(answer.closedAfter).toBeLessThan(600 + 150 + 2500);
    });

    it('a body that keeps arriving slower than the timeout in total, but never idle that long, is read', async () => {
      const socket = connect(servers[kind].port, '127.0.0.1');
      const text = JSON.stringify({ text: 'x'.repeat(40) });
      let data = '';
      socket.on('data', (c: Buffer) => (data += c.toString('latin1')));
      const closed = new Promise((r) => socket.once('close', r));
      await new Promise((r) => socket.once('connect', r));
      socket.write(`POST /news HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${text.length}\r\nconnection: close\r\n\r\n`);
      for (let i = 0; i < text.length; i += 10) {
        socket.write(text.slice(i, i + 10));
        await new Promise((r) => setTimeout(r, 150));
      }
      await closed;
      expect(data).toMatch(/^HTTP\/1\.1 201/);
    });
  });
}

describe('the defaults and the client', () => {
  it('serve() without options: headers 20 s, whole request 300 s (node:http reads them), body 20 s', async () => {
    const running = await built.server.serve(built.server.createHandler({}), { port: 0 });
    try {
      expect(running.server.headersTimeout).toBe(20_000);
      expect(running.server.requestTimeout).toBe(300_000);
    } finally {
      await running.close();
    }
  });

  it('the client refuses a path parameter that is a dot segment, before any request', async () => {
    let calls = 0;
    const client = built.client.createClient({ baseUrl: 'http://x', fetch: async () => (calls++, new Response('{}')) });
    for (const id of ['.', '..']) {
      const error = await client.getNews({ id }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect(String(error.message)).toMatch(/`\.` or `\.\.`/);
    }
    await client.getNews({ id: '...' });
    expect(calls).toBe(1);
  });
});
