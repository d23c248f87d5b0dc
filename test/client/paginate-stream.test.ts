import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../../generator/src/emit/client/runtime/core.ts';
import { errorDetails } from '../../generator/src/emit/client/runtime/error-details.ts';
import { AbortError, ApiError, NetworkError } from '../../generator/src/emit/client/runtime/errors.ts';
import { paginate } from '../../generator/src/emit/client/runtime/paginate.ts';
import { lineSplitter, ndjsonFraming } from '../../generator/src/emit/client/runtime/ndjson.ts';
import { disconnectProblem, shouldReconnect, streams } from '../../generator/src/emit/client/runtime/stream.ts';
import { bookmarksOp, fakeFetch, json, streamOp } from './helpers.ts';

const base = 'https://api.test';
const stream = streams({ ndjson: ndjsonFraming });

describe('paginate', () => {
  const pages = [
    { data: [1, 2], meta: { result_count: 2, next_token: 't1' } },
    { data: [3, 4], meta: { result_count: 2, next_token: 't2' } },
    { data: [5], meta: { result_count: 1 } },
  ];
  const serve = () =>
    fakeFetch((req) => {
      const token = new URL(req.url).searchParams.get('pagination_token');
      return json(pages[token === null ? 0 : Number(token.slice(1))]);
    });

  it('follows next_token into pagination_token until it is absent', async () => {
    const f = serve();
    const rt = createRuntime({ baseUrl: base, fetch: f, auth: { oauth2: 'u' } });
    const seen = [];
    for await (const page of paginate(rt, bookmarksOp, { id: '1', max_results: 2 })) seen.push(page);
    expect(seen).toEqual(pages);
    expect(f.calls.map((c) => c.url)).toEqual([
      'https://api.test/2/users/1/bookmarks?max_results=2',
      'https://api.test/2/users/1/bookmarks?max_results=2&pagination_token=t1',
      'https://api.test/2/users/1/bookmarks?max_results=2&pagination_token=t2',
    ]);
  });

  it('items(), maxItems and maxPages; every iteration starts again', async () => {
    const rt = createRuntime({ baseUrl: base, fetch: serve(), auth: { oauth2: 'u' } });
    const all = [];
    for await (const item of paginate(rt, bookmarksOp, { id: '1' }).items()) all.push(item);
    expect(all).toEqual([1, 2, 3, 4, 5]);
    const p = paginate<unknown, number>(rt, bookmarksOp, { id: '1' }, { maxItems: 3 });
    const first = [];
    for await (const item of p.items()) first.push(item);
    expect(first).toEqual([1, 2, 3]);
    let n = 0;
    for await (const _ of p) n++;
    expect(n).toBe(2); // 4 items seen after two pages ≥ maxItems
    let m = 0;
    for await (const _ of paginate(rt, bookmarksOp, { id: '1' }, { maxPages: 1 })) m++;
    expect(m).toBe(1);
  });

  it('stops on a repeated token instead of looping', async () => {
    const f = fakeFetch(() => json({ data: [1], meta: { next_token: 'same' } }));
    const rt = createRuntime({ baseUrl: base, fetch: f, auth: { oauth2: 'u' } });
    let n = 0;
    for await (const _ of paginate(rt, bookmarksOp, { id: '1' })) n++;
    expect(n).toBe(2);
  });
});

function chunked(chunks: (Uint8Array | string)[], opts: { error?: unknown; hang?: boolean } = {}): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(ctl) {
      if (i < chunks.length) {
        const c = chunks[i++];
        ctl.enqueue(typeof c === 'string' ? enc.encode(c) : c);
      } else if (opts.error) ctl.error(opts.error);
      else if (!opts.hang) ctl.close();
      else return new Promise(() => {});
    },
  });
}

const ndjsonResponse = (body: ReadableStream<Uint8Array>) => new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });

describe('lineSplitter', () => {
  it('any chunking of NDJSON (keep-alives, CRLF, multi-byte characters split) gives the same events', () => {
    const event = fc.record({ id: fc.string(), text: fc.string({ unit: 'grapheme' }), n: fc.integer() });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(event, fc.constantFrom('\n', '\r\n'), fc.nat(2))),
        fc.array(fc.nat(), { maxLength: 20 }),
        (items, cuts) => {
          let text = '';
          for (const [e, eol, keepAlives] of items) text += '\r\n'.repeat(keepAlives) + JSON.stringify(e) + eol;
          const bytes = new TextEncoder().encode(text);
          const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
          const split = lineSplitter();
          const lines: string[] = [];
          let at = 0;
          for (const p of [...points, bytes.length]) {
            lines.push(...split.push(bytes.subarray(at, p)));
            at = p;
          }
          lines.push(...split.end());
          expect(lines.map((l) => JSON.parse(l))).toEqual(items.map(([e]) => e));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('stream', () => {
  const opts = { reconnect: { initialDelayMs: 1, maxDelayMs: 2, maxAttempts: 3 } };

  it('yields typed events through the client runtime, chunk boundaries anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ data: fc.record({ id: fc.string(), text: fc.string() }) }), { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        async (events, cuts) => {
          const text = events.map((e) => JSON.stringify(e) + '\r\n\r\n').join('');
          const points = [0, ...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const chunks = points.map((p, i) => text.slice(p, points[i + 1] ?? text.length));
          const f = fakeFetch(() => ndjsonResponse(chunked(chunks)));
          const rt = createRuntime({ baseUrl: base, fetch: f, auth: { bearer: 'a' } });
          const got = [];
          for await (const e of stream(rt, streamOp, { backfill_minutes: 2 }, { reconnect: false })) got.push(e);
          expect(got).toEqual(events);
          expect(f.calls[0].url).toBe('https://api.test/2/posts/search/stream?backfill_minutes=2');
        },
      ),
      { numRuns: 100 },
    );
  });

  it('reconnects after a dropped connection and after a clean end', async () => {
    const f = fakeFetch([
      () => ndjsonResponse(chunked(['{"n":1}\n{"n":', '2}\n{"partial'], { error: new TypeError('terminated') })),
      () => ndjsonResponse(chunked(['{"n":3}\n'])),
      () => ndjsonResponse(chunked(['{"n":4}\n'], { hang: true })),
    ]);
    const rt = createRuntime({ baseUrl: base, fetch: f, auth: { bearer: 'a' } });
    const got = [];
    for await (const e of stream<{ n: number }>(rt, streamOp, {}, opts)) {
      got.push(e.n);
      if (e.n === 4) break;
    }
    expect(got).toEqual([1, 2, 3, 4]);
    expect(f.calls).toHaveLength(3);
    // `break` closed the last connection: its signal is aborted.
    expect(f.calls[2].signal?.aborted).toBe(true);
  });

  it('a disconnect problem that allows it reconnects; one that does not ends with ApiError', async () => {
    const operational = {
      title: 'operational-disconnect',
      type: 'https://api.x/2/problems/operational-disconnect',
      disconnect_type: 'UpstreamOperationalDisconnect',
    };
    const forced = {
      errors: [
        { title: 'operational-disconnect', type: 'https://api.x/2/problems/operational-disconnect', disconnect_type: 'ForceDisconnect' },
      ],
    };
    const f = fakeFetch([
      () => ndjsonResponse(chunked(['{"n":1}\n', JSON.stringify(operational) + '\n'], { hang: true })),
      () => ndjsonResponse(chunked(['{"n":2}\n', JSON.stringify(forced) + '\n'], { hang: true })),
      () => ndjsonResponse(chunked(['{"n":3}\n'])),
    ]);
    const rt = createRuntime({ baseUrl: base, fetch: f, auth: { bearer: 'a' } });
    const got: number[] = [];
    const e = await (async () => {
      for await (const ev of stream<{ n: number }>(rt, streamOp, {}, opts)) got.push(ev.n);
    })().then(undefined, (x: unknown) => x);
    expect(got).toEqual([1, 2]);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).body).toEqual(forced.errors[0]);
    expect((e as ApiError).problem?.disconnect_type).toBe('ForceDisconnect');
    expect((e as ApiError).message).toBe('streamPosts: 200 operational-disconnect');
    expect(f.calls).toHaveLength(2);
    expect(f.calls.every((c) => c.signal?.aborted)).toBe(true);
  });

  it('a disconnect problem that lists details names them with the errorDetails feature only', async () => {
    const problem = {
      title: 'operational-disconnect',
      type: 'https://api.x/2/problems/operational-disconnect',
      disconnect_type: 'ForceDisconnect',
      errors: [{ parameters: { rule: ['r1'] }, message: 'rule removed' }],
    };
    const ended = async (features: object) => {
      const f = fakeFetch(() => ndjsonResponse(chunked([JSON.stringify(problem) + '\n'], { hang: true })));
      const rt = createRuntime({ baseUrl: base, fetch: f, auth: { bearer: 'a' } }, features);
      return (async () => {
        for await (const _ of stream(rt, streamOp, {}, opts)) void _;
      })().then(undefined, (x: unknown) => (x as Error).message);
    };
    expect(await ended({})).toBe('streamPosts: 200 operational-disconnect');
    expect(await ended({ errorDetails })).toBe('streamPosts: 200 operational-disconnect (rule: rule removed)');
  });

  it('gives up after maxAttempts consecutive failed reconnections', async () => {
    const f = fakeFetch([() => ndjsonResponse(chunked(['{"n":1}\n'])), () => Promise.reject(new TypeError('connect ECONNREFUSED'))]);
    const rt = createRuntime({ baseUrl: base, fetch: f, auth: { bearer: 'a' }, retry: false });
    const got: unknown[] = [];
    const e = await (async () => {
      for await (const ev of stream(rt, streamOp, {}, opts)) got.push(ev);
    })().then(undefined, (x: unknown) => x);
    expect(got).toHaveLength(1);
    expect(e).toBeInstanceOf(NetworkError);
    expect(f.calls).toHaveLength(4);
  });

  it('the first connection reports HTTP errors as is', async () => {
    const f = fakeFetch(() => json({ title: 'Unauthorized', type: 'about:blank' }, 401));
    const rt = createRuntime({ baseUrl: base, fetch: f, auth: { bearer: 'a' } });
    await expect(stream(rt, streamOp, {}, opts).next()).rejects.toMatchObject({ status: 401 });
  });

  it('idle timeout reconnects; abort ends with AbortError and closes the connection', async () => {
    const f = fakeFetch([
      () => ndjsonResponse(chunked(['{"n":1}\n'], { hang: true })),
      () => ndjsonResponse(chunked(['{"n":2}\n'], { hang: true })),
    ]);
    const rt = createRuntime({ baseUrl: base, fetch: f, auth: { bearer: 'a' } });
    const ctl = new AbortController();
    const got: number[] = [];
    const e = await (async () => {
      for await (const ev of stream<{ n: number }>(rt, streamOp, {}, { ...opts, idleTimeoutMs: 30, signal: ctl.signal })) {
        got.push(ev.n);
        if (ev.n === 2) setTimeout(() => ctl.abort(), 5);
      }
    })().then(undefined, (x: unknown) => x);
    expect(got).toEqual([1, 2]);
    expect(e).toBeInstanceOf(AbortError);
    expect(f.calls[1].signal?.aborted).toBe(true);
  });
});

describe('disconnect problems', () => {
  it('recognises a problem line or an errors-only envelope, by the spec\'s matchers', () => {
    const p = { title: 't', type: 'https://x/2/problems/operational-disconnect', disconnect_type: 'SlowReader' };
    expect(disconnectProblem(p, streamOp)).toBe(p);
    expect(disconnectProblem({ errors: [p] }, streamOp)).toBe(p);
    expect(disconnectProblem({ data: { id: '1' }, errors: [p] }, streamOp)).toBeUndefined();
    expect(disconnectProblem({ data: { id: '1' } }, streamOp)).toBeUndefined();
    expect(disconnectProblem({ type: 'post.create', title: 'x' }, streamOp)).toBeUndefined();
    // Without the spec's matchers no item is a problem: generic code knows no problem types.
    expect(disconnectProblem(p, { ...streamOp, stream: { media: streamOp.stream!.media } })).toBeUndefined();
  });

  it('the spec\'s reconnection rule (x-streaming.reconnect.unless)', () => {
    const op = (disconnect_type: string) => ({ title: 't', type: 'https://x/2/problems/operational-disconnect', disconnect_type });
    expect(shouldReconnect(op('OperationalDisconnect'), streamOp)).toBe(true);
    expect(shouldReconnect(op('UpstreamUncleanDisconnect'), streamOp)).toBe(true);
    expect(shouldReconnect(op('ForceDisconnect'), streamOp)).toBe(false);
    expect(shouldReconnect(op('InvalidRules'), streamOp)).toBe(false);
    expect(shouldReconnect({ title: 't', type: 'https://x/2/problems/streaming-connection', connection_issue: 'TooManyConnections' }, streamOp)).toBe(
      false,
    );
    expect(shouldReconnect({ title: 't', type: 'https://x/2/problems/client-disconnected' }, streamOp)).toBe(true);
    // No rule: every problem allows reconnecting.
    expect(shouldReconnect(op('ForceDisconnect'))).toBe(true);
  });
});
