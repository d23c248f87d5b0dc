/**
 * Dual-mode operations (fixture streams-dual): one operation answers one JSON object, or a stream of
 * server-sent events when the request body sets `stream: true`. At run time the generated client returns
 * an async iterable for `stream: true` and the JSON body otherwise (against the generated server and a
 * plain node:http server); at compile time the types say which call gets which (a strict tsc run over a
 * consumer with `@ts-expect-error` lines that fail when the typing is wrong).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSpecsDir } from '../helpers/paths.ts';
import { buildFixture, type Built } from './build.ts';
import { typecheckConsumer } from './plain.ts';

const spec = path.join(fixtureSpecsDir, 'streams-dual.yaml');
let built: Built;
let generated: { url: string; close(): Promise<void> };
let plain: Server;
let plainUrl: string;
const plainBodies: unknown[] = [];
const state = { finished: 0 };

const handlers = {
  createCompletion(ctx: { body: { prompt: string; stream?: boolean | null } }) {
    if (!ctx.body.stream) return { status: 200, body: { id: 'c1', text: ctx.body.prompt.toUpperCase() } };
    const words = ctx.body.prompt.split(' ');
    return {
      status: 200,
      body: (async function* () {
        try {
          for (const [i, w] of words.entries()) yield { data: { id: 'c1', delta: w, finish_reason: i === words.length - 1 ? 'stop' : null } };
          yield { text: '[DONE]' };
        } finally {
          state.finished++;
        }
      })(),
    };
  },
};

beforeAll(async () => {
  built = await buildFixture(spec);
  generated = await built.server.serve(built.server.createHandler(handlers, { development: true }), { port: 0 });
  plain = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c));
    req.on('end', () => {
      const body = JSON.parse(text);
      plainBodies.push(body);
      if (body.stream === true) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: {"id":"p","delta":"he"}\n\n');
        res.end('data: {"id":"p","delta":"llo","finish_reason":"stop"}\n\ndata: [DONE]\n\n');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"id":"p","text":"hello"}');
      }
    });
  });
  await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
  plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await generated?.close();
  plain?.close();
  built?.remove();
});

describe('dual-mode: the body\'s `stream` member picks the answer', () => {
  it('generated server: JSON without stream or with stream: false; typed events with stream: true, ended by [DONE]', async () => {
    const client = built.client.createClient({ baseUrl: generated.url, validate: { request: true, response: true } });
    expect(await client.createCompletion({ body: { prompt: 'say hi' } })).toEqual({ id: 'c1', text: 'SAY HI' });
    expect(await client.createCompletion({ body: { prompt: 'say hi', stream: false } })).toEqual({ id: 'c1', text: 'SAY HI' });
    const streamed = client.createCompletion({ body: { prompt: 'say hi there', stream: true } });
    expect(typeof streamed[Symbol.asyncIterator]).toBe('function');
    const events = [];
    for await (const e of streamed) events.push(e);
    expect(events.map((e) => e.data)).toEqual([
      { id: 'c1', delta: 'say', finish_reason: null },
      { id: 'c1', delta: 'hi', finish_reason: null },
      { id: 'c1', delta: 'there', finish_reason: 'stop' },
    ]);
    expect(events[0].event).toBe('message');
    expect(state.finished).toBe(1);
  });

  it('plain server: the request carries the body as given; no reconnection of a POST after [DONE] or otherwise', async () => {
    const client = built.client.createClient({ baseUrl: plainUrl });
    expect(await client.createCompletion({ body: { prompt: 'x' } })).toEqual({ id: 'p', text: 'hello' });
    const deltas = [];
    for await (const e of client.createCompletion({ body: { prompt: 'x', stream: true } })) deltas.push(e.data.delta);
    expect(deltas).toEqual(['he', 'llo']);
    expect(plainBodies).toEqual([{ prompt: 'x' }, { prompt: 'x', stream: true }]);
  });

  it('a POST stream is not re-sent when it ends without the sentinel (reconnection is opt-in for non-GET)', async () => {
    let calls = 0;
    const fetch = async () => {
      calls++;
      return new Response('data: {"id":"p","delta":"a"}\n\n', { headers: { 'content-type': 'text/event-stream' } });
    };
    const client = built.client.createClient({ baseUrl: 'http://x', fetch });
    const events = [];
    for await (const e of client.createCompletion({ body: { prompt: 'x', stream: true } })) events.push(e);
    expect(events).toHaveLength(1);
    expect(calls).toBe(1);
  });
});

describe('dual-mode types', () => {
  it('stream: true types an EventStream of chunks, no stream the JSON answer, an unknown boolean either (strict tsc)', async () => {
    const run = await typecheckConsumer(
      spec,
      `import { createClient, type EventStream, type ServerSentEvent, type ApiPromise } from '@social-posting/client';
import type { Completion, CompletionChunk } from '@social-posting/types';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const client = createClient({ baseUrl: 'http://x' });

const streamed = client.createCompletion({ body: { prompt: 'p', stream: true } });
export const a: Equal<typeof streamed, EventStream<ServerSentEvent<CompletionChunk>>> = true;
const whole = client.createCompletion({ body: { prompt: 'p' } });
export const b: Equal<typeof whole, ApiPromise<Completion, 200>> = true;
const off = client.createCompletion({ body: { prompt: 'p', stream: false } });
export const c: Equal<typeof off, ApiPromise<Completion, 200>> = true;
declare const flag: boolean;
const either = client.createCompletion({ body: { prompt: 'p', stream: flag } });
export const d: Equal<typeof either, EventStream<ServerSentEvent<CompletionChunk>> | ApiPromise<Completion, 200>> = true;

export async function use(): Promise<void> {
  for await (const e of client.createCompletion({ body: { prompt: 'p', stream: true } })) {
    const delta: string = e.data.delta;
    const id: string = e.id;
    void delta;
    void id;
    // @ts-expect-error a chunk has no text (that is the JSON answer's)
    void e.data.text;
  }
  const done = await client.createCompletion({ body: { prompt: 'p' } });
  const text: string = done.text;
  void text;
  // @ts-expect-error the JSON answer is not iterable
  for await (const x of client.createCompletion({ body: { prompt: 'p' } })) void x;
  // @ts-expect-error the stream is not awaited to a completion
  const wrong: Completion = await client.createCompletion({ body: { prompt: 'p', stream: true } });
  void wrong;
  // @ts-expect-error the body is still checked
  client.createCompletion({ body: { stream: true } });
}
`,
    );
    expect(run.output).toBe('');
    expect(run.ok).toBe(true);
  }, 120_000);
});
