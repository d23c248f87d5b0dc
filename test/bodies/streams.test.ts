/**
 * Streams by media type, end to end over loopback (fixture streams-media: no extension anywhere): the
 * generated client against the generated server and against a plain node:http server writing the bytes
 * by hand (the independent side), for `text/event-stream` (JSON and text data), NDJSON, JSON Lines and
 * JSON text sequences; a reconnect with `Last-Event-ID` and the server's `retry`; the `[DONE]` sentinel;
 * the server stopping its generator when the client leaves; validation of every item.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSpecsDir } from '../helpers/paths.ts';
import { buildFixture, type Built } from './build.ts';

type Tick = { n: number; text: string };
const ticks = (from: number, count: number): Tick[] => Array.from({ length: count }, (_, i) => ({ n: from + i, text: `tick ${from + i} ✓` }));

let built: Built;
let generated: { url: string; close(): Promise<void> };
let plain: Server;
let plainUrl: string;

/** What the generator handlers saw and did (the client's abort must reach them). */
const state = { produced: 0, finished: 0, lastEventIds: [] as (string | null)[] };

const BIG = 'x'.repeat(16 * 1024);

/** Ticks from `from`: `count` of them, or endless (`slow`: one per 2 ms; `big`: 16 KB each, as fast as pulled). */
async function* tickEvents(from: number, count: number, endless?: 'slow' | 'big') {
  try {
    for (let n = from; endless || n < from + count; n++) {
      state.produced++;
      yield { data: { n, text: endless === 'big' ? BIG : `tick ${n} ✓` }, id: String(n), ...(n === from ? { retry: 20 } : {}) };
      if (endless === 'slow') await new Promise((r) => setTimeout(r, 2));
    }
  } finally {
    state.finished++;
  }
}

async function* items(from: number, count: number) {
  for (const t of ticks(from, count)) yield t;
}

const handlers = {
  watchTicks(ctx: { query: { from?: number }; request: Request }) {
    const last = ctx.request.headers.get('last-event-id');
    state.lastEventIds.push(last);
    if (ctx.query.from === 999) return { status: 200, body: tickEvents(0, 0, 'slow') };
    if (ctx.query.from === 998) return { status: 200, body: tickEvents(0, 0, 'big') };
    const from = last !== null ? Number(last) + 1 : (ctx.query.from ?? 0);
    return { status: 200, body: tickEvents(from, 3) };
  },
  tailLog() {
    return {
      status: 200,
      body: (async function* () {
        yield { comment: 'keep-alive' };
        yield { data: 'one line', event: 'log' };
        yield { data: 'two\nlines' };
        yield { text: '[DONE]' };
      })(),
    };
  },
  listTicksNdjson: () => ({ status: 200, body: items(0, 4) }),
  listTicksJsonl: () => ({ status: 200, body: items(10, 4) }),
  listTicksSeq: () => ({ status: 200, body: items(20, 4) }),
  importTicks: (ctx: { body: Tick[] }) => ({ status: 200, body: { count: ctx.body.length } }),
};

const enc = (s: string) => Buffer.from(s, 'utf8');

/** The bytes the plain server writes, by path: written by hand from the formats' definitions. */
const PLAIN: Record<string, { type: string; body: string }> = {
  '/log': { type: 'text/event-stream', body: '\uFEFF: hello\r\nevent: log\r\ndata: one line\r\n\r\ndata: two\ndata: lines\n\ndata:[DONE]\n\ndata: after\n\n' },
  '/ticks.ndjson': { type: 'application/x-ndjson', body: ticks(0, 3).map((t) => JSON.stringify(t)).join('\n') + '\n\n' },
  '/ticks.jsonl': { type: 'application/jsonl', body: ticks(5, 3).map((t) => JSON.stringify(t) + '\r\n').join('') },
  '/ticks.seq': { type: 'application/json-seq', body: ticks(7, 3).map((t) => '\u001e' + JSON.stringify(t, null, 1) + '\n').join('') },
};

/** The plain server's event stream: ids 1.., the connection ends after each event; asserts Last-Event-ID. */
let plainTicks = { connections: 0, headers: [] as (string | undefined)[], accept: [] as (string | undefined)[] };

function plainHandler(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url!, 'http://x');
  if (url.pathname === '/ticks') {
    plainTicks.connections++;
    const last = req.headers['last-event-id'] as string | undefined;
    plainTicks.headers.push(last);
    plainTicks.accept.push(req.headers.accept);
    const next = last === undefined ? 1 : Number(last) + 1;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    if (next === 1) res.end(`retry: 15\nid: 1\ndata: ${JSON.stringify({ n: 1, text: 'a' })}\n\n`);
    else if (next === 2) res.end(`id: 2\nevent: tick\ndata: {"n": 2,\ndata:  "text": "b"}\n\n`);
    else res.end('data: [DONE]\n\n');
    return;
  }
  if (url.pathname === '/invalid') {
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    res.end('{"n":1,"text":"ok"}\n{"n":-1}\n');
    return;
  }
  const answer = PLAIN[url.pathname];
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': answer.type });
  res.end(enc(answer.body));
}

beforeAll(async () => {
  built = await buildFixture(path.join(fixtureSpecsDir, 'streams-media.yaml'));
  generated = await built.server.serve(built.server.createHandler(handlers, { development: true }), { port: 0 });
  plain = createServer(plainHandler);
  await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
  plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await generated?.close();
  plain?.close();
  built?.remove();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bundled client is untyped here
async function collect(iterable: AsyncIterable<any>, limit = Infinity): Promise<any[]> {
  const out: any[] = [];
  for await (const item of iterable) {
    out.push(item);
    if (out.length >= limit) break;
  }
  return out;
}

describe('generated client ↔ generated server', () => {
  const client = () => built.client.createClient({ baseUrl: generated.url, validate: { response: true } });

  it('text/event-stream with JSON data: typed events with id and retry; reconnects with Last-Event-ID after a clean end', async () => {
    state.lastEventIds = [];
    const events = await collect(client().watchTicks({ from: 5 }), 6);
    expect(events.map((e: { data: Tick }) => e.data)).toEqual(ticks(5, 6));
    expect(events.map((e: { id: string }) => e.id)).toEqual(['5', '6', '7', '8', '9', '10']);
    expect(events[0]).toEqual({ event: 'message', id: '5', retry: 20, data: { n: 5, text: 'tick 5 ✓' } });
    // The server's retry (20 ms) set the delay; each reconnection sent the last id it saw.
    expect(state.lastEventIds).toEqual([null, '7']);
  });

  it('text/event-stream with text data: comments skipped, event names, multi-line data, [DONE] ends the stream', async () => {
    const events = await collect(client().tailLog());
    expect(events).toEqual([
      { event: 'log', id: '', data: 'one line' },
      { event: 'message', id: '', data: 'two\nlines' },
    ]);
  });

  it.each([
    ['listTicksNdjson', 0, 'application/x-ndjson'],
    ['listTicksJsonl', 10, 'application/jsonl'],
    ['listTicksSeq', 20, 'application/json-seq'],
  ])('%s: every item, and the framing on the wire', async (method, from, type) => {
    expect(await collect(client()[method]({}, { reconnect: false }))).toEqual(ticks(from, 4));
    const res = await fetch(generated.url + { listTicksNdjson: '/ticks.ndjson', listTicksJsonl: '/ticks.jsonl', listTicksSeq: '/ticks.seq' }[method]!);
    expect(res.headers.get('content-type')).toBe(type);
    const rs = type === 'application/json-seq' ? '\u001e' : '';
    expect(await res.text()).toBe(ticks(from, 4).map((t) => rs + JSON.stringify(t) + '\n').join(''));
  });

  it('the server writes event fields as set per event', async () => {
    const res = await fetch(generated.url + '/ticks?from=1', { headers: { 'last-event-id': '40' } });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(
      'id: 41\nretry: 20\ndata: {"n":41,"text":"tick 41 ✓"}\n\n' +
        'id: 42\ndata: {"n":42,"text":"tick 42 ✓"}\n\n' +
        'id: 43\ndata: {"n":43,"text":"tick 43 ✓"}\n\n',
    );
    const log = await (await fetch(generated.url + '/log')).text();
    expect(log).toBe(': keep-alive\n\nevent: log\ndata: one line\n\ndata: two\ndata: lines\n\ndata: [DONE]\n\n');
  });

  it('leaving the loop stops the server\'s generator (its finally runs); so does aborting', async () => {
    for (const leave of ['break', 'abort'] as const) {
      const before = state.finished;
      const ctl = new AbortController();
      const seen: number[] = [];
      const run = (async () => {
        for await (const e of client().watchTicks({ from: 999 }, { signal: ctl.signal, reconnect: false })) {
          seen.push(e.data.n);
          if (seen.length === 3) {
            if (leave === 'break') break;
            ctl.abort();
          }
        }
      })();
      if (leave === 'abort') await expect(run).rejects.toBeInstanceOf(built.client.AbortError);
      else await run;
      expect(seen).toEqual([0, 1, 2]);
      const deadline = Date.now() + 5000;
      while (state.finished === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(state.finished, leave).toBe(before + 1);
    }
  });

  it('backpressure: a client that does not read holds the generator back', async () => {
    const before = state.produced;
    const ctl = new AbortController();
    const finished = state.finished;
    const res = await fetch(generated.url + '/ticks?from=998', { signal: ctl.signal });
    const reader = res.body!.getReader();
    await reader.read();
    await new Promise((r) => setTimeout(r, 300));
    const held = state.produced - before;
    await new Promise((r) => setTimeout(r, 300));
    // Unread, the producer (16 KB events, produced as fast as they are pulled) waits once the socket's
    // buffers are full: it stops growing, and what it made is bounded by those buffers.
    expect(state.produced - before).toBe(held);
    expect(held * 16 * 1024).toBeLessThan(32 * 1024 * 1024);
    ctl.abort();
    const deadline = Date.now() + 5000;
    while (state.finished === finished && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(state.finished).toBe(finished + 1);
  });
});

describe('generated client ↔ plain node:http server (bytes written by hand)', () => {
  const client = (o: object = {}) => built.client.createClient({ baseUrl: plainUrl, ...o });

  it('event stream: BOM, CRLF, comments, event names, multi-line data, and the [DONE] sentinel (nothing after it)', async () => {
    expect(await collect(client().tailLog())).toEqual([
      { event: 'log', id: '', data: 'one line' },
      { event: 'message', id: '', data: 'two\nlines' },
    ]);
  });

  it('the sentinel is configurable per call and per client; false turns it off', async () => {
    const off = await collect(client().tailLog(undefined, { sentinel: false, reconnect: false }));
    expect(off.map((e: { data: string }) => e.data)).toEqual(['one line', 'two\nlines', '[DONE]', 'after']);
    const other = await collect(client({ stream: { sentinel: 'two\nlines' } }).tailLog());
    expect(other.map((e: { data: string }) => e.data)).toEqual(['one line']);
  });

  it('reconnects with Last-Event-ID (the plain server asserts it) after the server\'s retry, and stops at [DONE]', async () => {
    plainTicks = { connections: 0, headers: [], accept: [] };
    const started = Date.now();
    // The default backoff would wait 1 s and more: the server's `retry: 15` replaces it.
    const events = await collect(client().watchTicks({}, { reconnect: { initialDelayMs: 5000, maxDelayMs: 5000 } }));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(events).toEqual([
      { event: 'message', id: '1', retry: 15, data: { n: 1, text: 'a' } },
      { event: 'tick', id: '2', retry: 15, data: { n: 2, text: 'b' } },
    ]);
    expect(plainTicks.headers).toEqual([undefined, '1', '2']);
    expect(plainTicks.accept).toEqual(['text/event-stream', 'text/event-stream', 'text/event-stream']);
  });

  it.each([
    ['listTicksNdjson', ticks(0, 3)],
    ['listTicksJsonl', ticks(5, 3)],
    ['listTicksSeq', ticks(7, 3)],
  ])('%s', async (method, expected) => {
    expect(await collect(client()[method]({}, { reconnect: false }))).toEqual(expected);
  });

  it('with response validation on, an item that breaks its schema ends the iteration with ResponseValidationError', async () => {
    const c = built.client.createClient({ baseUrl: plainUrl, validate: { response: true } });
    const { operations } = built.client;
    const op = operations.find((o: { id: string }) => o.id === 'listTicksNdjson');
    // Same operation, another path: the plain server's invalid body.
    const seen: unknown[] = [];
    op.path = '/invalid';
    try {
      const error = await (async () => {
        for await (const item of c.listTicksNdjson({}, { reconnect: false })) seen.push(item);
      })().catch((e: unknown) => e);
      expect(seen).toEqual([{ n: 1, text: 'ok' }]);
      expect(error).toBeInstanceOf(built.client.ResponseValidationError);
    } finally {
      op.path = '/ticks.ndjson';
    }
  });
});

describe('event streams and JSON streams cut at every byte boundary', () => {
  /** A fetch answering `body` in two chunks cut at `at` (and byte by byte when `at` is -1). */
  const cutFetch = (type: string, body: Uint8Array, at: number) => async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(c) {
          if (at < 0) for (const b of body) c.enqueue(Uint8Array.of(b));
          else {
            c.enqueue(body.subarray(0, at));
            c.enqueue(body.subarray(at));
          }
          c.close();
        },
      }),
      { headers: { 'content-type': type } },
    );

  it.each(Object.entries({ tailLog: '/log', listTicksNdjson: '/ticks.ndjson', listTicksJsonl: '/ticks.jsonl', listTicksSeq: '/ticks.seq' }))(
    '%s gives the same items for every cut',
    async (method, route) => {
      const { type, body } = PLAIN[route]!;
      const bytes = new Uint8Array(enc(body));
      const whole = await collect(built.client.createClient({ baseUrl: 'http://x', fetch: cutFetch(type, bytes, bytes.length) })[method]({}, { reconnect: false }));
      expect(whole.length).toBeGreaterThan(1);
      for (let at = -1; at <= bytes.length; at++) {
        const c = built.client.createClient({ baseUrl: 'http://x', fetch: cutFetch(type, bytes, at) });
        expect(await collect(c[method]({}, { reconnect: false })), `cut at ${at}`).toEqual(whole);
      }
    },
  );
});
