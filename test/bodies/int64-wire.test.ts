/**
 * `int64: 'bigint'` where int64.test.ts does not go: form bodies (urlencoded and multipart), streamed items
 * (server-sent events with JSON data, a JSON text sequence, NDJSON), an int64 header parameter and an int64
 * page cursor read from a response header. Each
 * carries 9007199254740993 (2^53 + 1, which no double holds) from the generated client through the
 * generated server to its handler, which must see the exact `bigint`, and back to the client. The bytes on
 * the wire are read independently: the form body as the handler's `Request` received it
 * (`URLSearchParams`, `FormData`), the streams by plain `fetch` and `lossless-json`.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as losslessParse } from 'lossless-json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/paths.ts';
import { buildFixture, type Built } from './build.ts';

const BIG = 9007199254740993n;
const BIG_TEXT = '9007199254740993';
const MIN = -9223372036854775808n;

const SPEC = `openapi: 3.1.0
info: { title: Int64 on every wire, version: 1.0.0 }
components:
  schemas:
    Entry:
      type: object
      required: [id, note]
      properties:
        id: { type: integer, format: int64 }
        note: { type: string }
        refs: { type: array, items: { type: integer, format: int64 } }
    Received:
      type: object
      required: [id]
      properties:
        id: { type: integer, format: int64 }
        refs: { type: array, items: { type: integer, format: int64 } }
        size: { type: integer }
paths:
  /form:
    post:
      operationId: postForm
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema: { $ref: '#/components/schemas/Entry' }
      responses:
        '200': { description: As read., content: { application/json: { schema: { $ref: '#/components/schemas/Entry' } } } }
  /upload:
    post:
      operationId: postUpload
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              required: [id, file]
              properties:
                id: { type: integer, format: int64 }
                refs: { type: array, items: { type: integer, format: int64 } }
                file: { type: string, contentMediaType: application/octet-stream }
      responses:
        '200': { description: As read., content: { application/json: { schema: { $ref: '#/components/schemas/Received' } } } }
  /entry:
    get:
      operationId: getEntry
      parameters:
        - { name: X-Entry-Id, in: header, required: true, schema: { type: integer, format: int64 } }
      responses:
        '200': { description: The entry., content: { application/json: { schema: { $ref: '#/components/schemas/Entry' } } } }
  /entries/page:
    get:
      operationId: listEntries
      description: The next cursor, an int64, in a response header.
      parameters:
        - { name: cursor, in: query, schema: { type: integer, format: int64 } }
        - { name: limit, in: query, schema: { type: integer, default: 1 } }
      responses:
        '200':
          description: A page.
          headers: { X-Next-Cursor: { schema: { type: integer, format: int64 } } }
          content: { application/json: { schema: { type: object, properties: { entries: { type: array, items: { $ref: '#/components/schemas/Entry' } } } } } }
  /entries/events:
    get:
      operationId: watchEntries
      responses:
        '200': { description: Events., content: { text/event-stream: { schema: { $ref: '#/components/schemas/Entry' } } } }
  /entries/seq:
    get:
      operationId: listEntriesSeq
      responses:
        '200': { description: A JSON text sequence., content: { application/json-seq: { schema: { $ref: '#/components/schemas/Entry' } } } }
  /entries/ndjson:
    get:
      operationId: listEntriesNdjson
      responses:
        '200': { description: NDJSON., content: { application/x-ndjson: { schema: { $ref: '#/components/schemas/Entry' } } } }
`;

/** The entries every stream sends: int64 members at the top level and in an array. */
const ENTRIES = [
  { id: BIG, note: 'first', refs: [BIG, 1n, MIN] },
  { id: -BIG, note: 'second' },
];

/* eslint-disable @typescript-eslint/no-explicit-any -- the bundled client and server are untyped here */
let built: Built;
let server: { url: string; close(): Promise<void> };
/** What each handler received: its context's values and, for forms, the raw request body's fields. */
const received: Record<string, any> = {};

async function* entries() {
  for (const e of ENTRIES) yield e;
}

const handlers = {
  postForm: async (ctx: any) => {
    received.form = { body: ctx.body };
    return { status: 200, body: ctx.body };
  },
  postUpload: async (ctx: any) => {
    received.upload = { body: ctx.body };
    return { status: 200, body: { id: ctx.body.id, refs: ctx.body.refs, size: (ctx.body.file as Blob).size } };
  },
  getEntry: (ctx: any) => {
    received.header = ctx.headers;
    return { status: 200, body: { id: ctx.headers['X-Entry-Id'] ?? ctx.headers['x-entry-id'], note: 'by header' } };
  },
  // Two pages: the first names the second by an int64 cursor beyond 2^53 (the cursor must arrive exact).
  listEntries: (ctx: any) => {
    (received.cursors ??= []).push(ctx.query.cursor);
    return ctx.query.cursor === undefined
      ? { status: 200, headers: { 'x-next-cursor': BIG }, body: { entries: [ENTRIES[0]] } }
      : { status: 200, body: { entries: ctx.query.cursor === BIG ? [ENTRIES[1]] : [] } };
  },
  watchEntries: () => ({ status: 200, body: (async function* () { for (const e of ENTRIES) yield { data: e, id: String(e.id) }; })() }),
  listEntriesSeq: () => ({ status: 200, body: entries() }),
  listEntriesNdjson: () => ({ status: 200, body: entries() }),
};

const tmp = tempDir('socialgen-int64-wire-');
/** Every request body the server received, as bytes (a middleware-free tap in front of the handler). */
const bodies: { path: string; type: string | null; text: string }[] = [];

beforeAll(async () => {
  const spec = path.join(tmp.dir, 'spec.yaml');
  writeFileSync(spec, SPEC);
  built = await buildFixture(spec, { int64: 'bigint' });
  const handler = built.server.createHandler(handlers, { development: true });
  // The request as it arrives, copied before the generated server reads it: the wire bytes of the forms.
  const tapped = async (request: Request) => {
    if (request.method === 'POST') bodies.push({ path: new URL(request.url).pathname, type: request.headers.get('content-type'), text: await request.clone().text() });
    return handler(request);
  };
  server = await built.server.serve(tapped, { port: 0 });
}, 120_000);

afterAll(async () => {
  await server?.close();
  built?.remove();
  tmp.remove();
});

const client = () => built.client.createClient({ baseUrl: server.url, validate: { request: true, response: true } });

describe('form bodies', () => {
  it('urlencoded: the client writes the digits, the handler reads bigints, the answer comes back exact', async () => {
    const body = { id: BIG, note: 'n', refs: [BIG, MIN] };
    expect(await client().postForm({ body })).toEqual(body);
    expect(received.form.body).toEqual(body);
    expect(typeof received.form.body.id).toBe('bigint');
    const sent = new URLSearchParams(bodies.at(-1)!.text);
    expect([sent.get('id'), sent.getAll('refs')]).toEqual([BIG_TEXT, [BIG_TEXT, String(MIN)]]);
  });

  it('multipart: the int64 parts are their digits; the handler reads bigints beside the file', async () => {
    const file = new Blob([new Uint8Array([1, 2, 3])], { type: 'application/octet-stream' });
    expect(await client().postUpload({ body: { id: BIG, refs: [BIG, 2n], file } })).toEqual({ id: BIG, refs: [BIG, 2n], size: 3 });
    expect(received.upload.body.id).toBe(BIG);
    expect(received.upload.body.refs).toEqual([BIG, 2n]);
    const last = bodies.at(-1)!;
    const parts = await new Response(last.text, { headers: { 'content-type': last.type! } }).formData();
    expect([parts.get('id'), parts.getAll('refs')]).toEqual([BIG_TEXT, [BIG_TEXT, '2']]);
  });

  it('a form field beyond int64 or with a fraction is a 400 problem, not a handler call', async () => {
    const before = received.form;
    for (const bad of ['id=9223372036854775808&note=x', 'id=1.5&note=x']) {
      const res = await fetch(`${server.url}/form`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: bad });
      expect(res.status, bad).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    }
    expect(received.form).toBe(before);
  });
});

describe('an int64 header parameter', () => {
  it('goes out as its digits and reaches the handler as a bigint; 2^63 is a 400 problem', async () => {
    expect(await client().getEntry({ 'X-Entry-Id': BIG })).toEqual({ id: BIG, note: 'by header' });
    expect(Object.values(received.header)).toContain(BIG);
    const bad = await fetch(`${server.url}/entry`, { headers: { 'x-entry-id': '9223372036854775808' } });
    expect(bad.status).toBe(400);
  });
});

describe('a header cursor that is an int64', () => {
  it("paginate sends the header's digits back as a bigint cursor (request validation on), the handler reads it exactly", async () => {
    const items: unknown[] = [];
    for await (const item of client().paginate.listEntries().items()) items.push(item);
    expect(items).toEqual(ENTRIES);
    expect(received.cursors).toEqual([undefined, BIG]);
  });
});

describe('streamed items', () => {
  const collect = async (iterable: AsyncIterable<any>) => {
    const out: any[] = [];
    for await (const item of iterable) out.push(item);
    return out;
  };

  it.each([
    ['watchEntries', '/entries/events'],
    ['listEntriesSeq', '/entries/seq'],
    ['listEntriesNdjson', '/entries/ndjson'],
  ])('%s: the server writes the digits, the client reads each item exactly', async (method, route) => {
    const items = await collect(client()[method](undefined, { reconnect: false }));
    expect(items.map((i) => (method === 'watchEntries' ? i.data : i))).toEqual(ENTRIES);
    const text = await (await fetch(server.url + route)).text();
    // The bytes, read by an independent lossless parser: one JSON text per item (SSE data lines, RS- or newline-framed texts).
    const texts = method === 'watchEntries' ? [...text.matchAll(/^data: (.*)$/gm)].map((m) => m[1]!) : text.split(/[\n\u001e]/).filter((t) => t.trim());
    expect(texts.map((t) => String((losslessParse(t) as { id: unknown }).id))).toEqual([BIG_TEXT, `-${BIG_TEXT}`]);
    expect(text).toContain(`"refs":[${BIG_TEXT},1,${MIN}]`);
  });
});
