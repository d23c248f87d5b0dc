/**
 * `dates: 'Date'`: date-time and date members are `Date`s in the types, converted on the way in and out by
 * the client and the server at the positions the schemas give (not by the look of a string). Checked
 * against a plain node:http server asserting the exact wire strings, and client ↔ generated server with
 * validation on both sides (the validators see wire strings).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { generateInMemory, writeFiles } from '../helpers/generate.ts';
import { fixtureSpecsDir, tempDir } from '../helpers/paths.ts';
import { typecheck } from '../helpers/typecheck.ts';
import { buildFixture, type Built } from './build.ts';

const spec = path.join(fixtureSpecsDir, 'mw-dates.yaml');
let built: Built;
let plain: Server;
let plainUrl: string;
const seen: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];

/** An event as the wire carries it. */
const WIRE_EVENT = {
  id: 'e1',
  title: 'Launch',
  note: '2024-01-01T00:00:00Z',
  starts_at: '2024-05-17T10:00:00.000Z',
  day: '2024-05-17',
  ends_at: null,
  history: ['2024-05-01T08:30:00.000Z', '2024-05-02T08:30:00.000Z'],
  attendees: [{ name: 'Ada', joined_at: '2024-04-30T12:00:00.000Z' }, { name: 'Bob' }],
  checkpoints: { draft: '2024-05-01', final: '2024-05-10' },
  parent: { id: 'e0', title: 'Plan', starts_at: '2024-04-01T09:00:00.000Z', day: '2024-04-01' },
  reminder: { kind: 'sms', on: '2024-05-16' },
  precision: '1970-01-01T00:00:00Z',
};

/** The same event as a program holds it. */
const d = (s: string) => new Date(s.length === 10 ? s + 'T00:00:00Z' : s);
const EVENT = {
  ...WIRE_EVENT,
  starts_at: d(WIRE_EVENT.starts_at),
  day: d('2024-05-17'),
  history: WIRE_EVENT.history.map(d),
  attendees: [{ name: 'Ada', joined_at: d('2024-04-30T12:00:00.000Z') }, { name: 'Bob' }],
  checkpoints: { draft: d('2024-05-01'), final: d('2024-05-10') },
  parent: { id: 'e0', title: 'Plan', starts_at: d('2024-04-01T09:00:00.000Z'), day: d('2024-04-01') },
  reminder: { kind: 'sms', on: d('2024-05-16') },
};

function handler(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    seen.push({ url: req.url!, headers: req.headers, body });
    const json = (status: number, value: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'POST') {
      const sent = JSON.parse(body);
      if (sent.title === 'refuse') return json(422, { type: 'about:blank', title: 'Refused', status: 422, occurred_at: '2024-05-17T11:00:00.000Z' }, 'application/problem+json');
      return json(201, { ...sent, id: 'e1' });
    }
    if (req.url === '/feed') {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      return res.end(`${JSON.stringify(WIRE_EVENT)}\n${JSON.stringify(WIRE_EVENT)}\n`);
    }
    if (req.url === '/feed/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      return res.end(`id: 1\ndata: ${JSON.stringify(WIRE_EVENT)}\n\n`);
    }
    if (req.url!.startsWith('/events/')) return json(200, { day: '2024-05-17', as_of: '2024-05-17T12:00:00.000Z', events: [WIRE_EVENT] });
    return json(200, [WIRE_EVENT]);
  });
}

beforeAll(async () => {
  built = await buildFixture(spec, { dates: 'Date' });
  plain = createServer(handler);
  await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
  plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
}, 120_000);

afterAll(() => {
  plain?.close();
  built?.remove();
});

describe('types', () => {
  it('date-time and date members are Date with the option, strings without it; enums stay literal', async () => {
    const dated = (await generateInMemory(spec, ['types'], { dates: 'Date' })).get('types/src/schemas.ts')!;
    const plainTypes = (await generateInMemory(spec, ['types'])).get('types/src/schemas.ts')!;
    for (const member of ['starts_at: Date;', 'day: Date;', 'ends_at?: Date | null;', 'history?: Date[];', 'joined_at?: Date;', 'at: Date;', 'on: Date;', 'occurred_at?: Date;']) {
      expect(dated).toContain(member);
      expect(plainTypes).not.toContain(member);
    }
    expect(plainTypes).toContain('starts_at: string;');
    expect(dated).toContain("precision?: '1970-01-01T00:00:00Z';");
    expect(dated).toContain('note?: string;');
  });
});

describe('goldens with dates: Date (the feature-fixture goldens are generated with the default strings)', () => {
  it('types, client operation table and client, server table match their goldens', async () => {
    const files = await generateInMemory(spec, ['types', 'validators', 'client', 'server'], { dates: 'Date' });
    for (const file of ['types/src/schemas.ts', 'client/src/operations.ts', 'client/src/client.ts', 'server/src/api.ts', 'server/src/handlers.ts']) {
      await expect(files.get(file)).toMatchFileSnapshot(`__snapshots__/mw-dates-Date/${file}`);
    }
  });
});

describe('strict type check of the Date output with a consumer', () => {
  it('compiles, and the client is typed with Date', async () => {
    const tmp = tempDir('socialgen-dates-');
    try {
      // The server is left out: with layout files its runtime/contract.ts imports ../validators/index.js, one
      // folder short (a bug outside dates, reported); its Date typing is covered by the goldens above.
      writeFiles(tmp.dir, await generateInMemory(spec, ['types', 'validators', 'client'], { dates: 'Date', layout: 'files', format: false }));
      writeFileSync(
        path.join(tmp.dir, 'consumer.ts'),
        `import { createClient } from './client/index.js';
const client = createClient({ baseUrl: 'http://localhost' });
export async function use(): Promise<number> {
  const created = await client.createEvent({ body: { title: 't', starts_at: new Date(), day: new Date() } });
  const day = await client.eventsOn({ day: new Date() });
  // @ts-expect-error a date member is a Date, not text
  const text: string = created.starts_at;
  void text;
  return created.starts_at.getTime() + (day.as_of?.getTime() ?? 0) + (created.checkpoints?.['x']?.getTime() ?? 0);
}
`,
      );
      const result = typecheck(tmp.dir);
      expect(result.output).toBe('');
      expect(result.ok).toBe(true);
    } finally {
      tmp.remove();
    }
  }, 120_000);
});

describe('client against a plain node:http server', () => {
  it('sends Dates as RFC 3339 strings (dates as full-date) and receives Dates where the schema says, text elsewhere', async () => {
    const client = built.client.createClient({ baseUrl: plainUrl, validate: { request: true, response: true } });
    const { id: _omitted, ...input } = EVENT;
    const copy = structuredClone(input);
    seen.length = 0;
    const created = await client.createEvent({ body: input });
    const { id: _id, ...wireInput } = WIRE_EVENT;
    expect(JSON.parse(seen[0]!.body)).toEqual(wireInput);
    expect(input).toEqual(copy); // the caller's value is not changed
    expect(created).toEqual(EVENT);
    expect(created.starts_at).toBeInstanceOf(Date);
    expect(created.checkpoints.final).toBeInstanceOf(Date);
    expect(created.reminder.on).toBeInstanceOf(Date);
    expect(typeof created.note).toBe('string'); // looks like a date, is text
    expect(created.precision).toBe('1970-01-01T00:00:00Z');
  });

  it('serializes date parameters in the path, query and headers; revives nested response members', async () => {
    const client = built.client.createClient({ baseUrl: plainUrl });
    seen.length = 0;
    const list = await client.listEvents({ since: d('2024-05-17T10:00:00.000Z'), on: d('2024-05-17'), days: [d('2024-05-17'), d('2024-05-18')] });
    expect(seen[0]!.url).toBe('/events?since=2024-05-17T10%3A00%3A00.000Z&on=2024-05-17&days=2024-05-17,2024-05-18');
    expect(list).toEqual([EVENT]);
    const day = await client.eventsOn({ day: d('2024-05-17'), 'x-as-of': d('2024-05-17T12:00:00.000Z') });
    expect(seen[1]!.url).toBe('/events/2024-05-17');
    expect(seen[1]!.headers['x-as-of']).toBe('2024-05-17T12:00:00.000Z');
    expect(day).toEqual({ day: d('2024-05-17'), as_of: d('2024-05-17T12:00:00.000Z'), events: [EVENT] });
  });

  it('revives the dates of streamed items, item by item (NDJSON values, event-stream JSON data)', async () => {
    const client = built.client.createClient({ baseUrl: plainUrl, validate: { response: true } });
    const items: unknown[] = [];
    for await (const item of client.eventFeed(undefined, { reconnect: false })) items.push(item);
    expect(items).toEqual([EVENT, EVENT]);
    const events: { data: unknown; id: string }[] = [];
    for await (const event of client.eventFeedSse(undefined, { reconnect: false })) events.push(event);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ id: '1', data: EVENT });
  });

  it('revives the declared error body of an ApiError', async () => {
    const client = built.client.createClient({ baseUrl: plainUrl });
    const error = await client.createEvent({ body: { ...EVENT, title: 'refuse' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(built.client.ApiError);
    expect(error.body.occurred_at).toEqual(d('2024-05-17T11:00:00.000Z'));
  });
});

describe('client ↔ generated server', () => {
  it('handlers receive Dates and return Dates; the wire carries strings; validation passes on both sides', async () => {
    const received: unknown[] = [];
    const handlers = {
      createEvent: (ctx: { body: Record<string, unknown> }) => {
        received.push(ctx.body);
        return { status: 201, body: { ...ctx.body, id: 'e1' } };
      },
      listEvents: (ctx: { query: Record<string, unknown> }) => {
        received.push(ctx.query);
        return { status: 200, body: [EVENT] };
      },
      eventsOn: (ctx: { params: { day: Date }; headers: Record<string, unknown> }) => {
        received.push(ctx.params, ctx.headers);
        return { status: 200, body: { day: ctx.params.day, as_of: ctx.headers['x-as-of'], events: [] } };
      },
    };
    const server = await built.server.serve(built.server.createHandler(handlers, { development: true }), { port: 0 });
    try {
      const client = built.client.createClient({ baseUrl: server.url, validate: { request: true, response: true } });
      const { id: _omitted, ...input } = EVENT;
      expect(await client.createEvent({ body: input })).toEqual(EVENT);
      const { id: _id, precision: _p, ...revived } = EVENT;
      expect(received[0]).toMatchObject(revived);
      expect((received[0] as { starts_at: unknown }).starts_at).toBeInstanceOf(Date);

      expect(await client.listEvents({ since: d('2024-05-17T10:00:00.000Z'), days: [d('2024-05-17')] })).toEqual([EVENT]);
      expect(received[1]).toEqual({ since: d('2024-05-17T10:00:00.000Z'), days: [d('2024-05-17')] });

      expect(await client.eventsOn({ day: d('2024-05-17'), 'x-as-of': d('2024-05-17T12:00:00.000Z') })).toEqual({ day: d('2024-05-17'), as_of: d('2024-05-17T12:00:00.000Z'), events: [] });
      expect(received[2]).toEqual({ day: d('2024-05-17') });

      // The wire, read with plain fetch: strings, a full-date for `date`.
      const raw = await fetch(`${server.url}/events/2024-05-17`, { headers: { 'x-as-of': '2024-05-17T12:00:00Z' } });
      expect(await raw.json()).toEqual({ day: '2024-05-17', as_of: '2024-05-17T12:00:00.000Z', events: [] });
      // Validators still see the wire strings: a malformed date is a 400 problem, not a handler call.
      const bad = await fetch(`${server.url}/events?since=yesterday`);
      expect(bad.status).toBe(400);
      expect(bad.headers.get('content-type')).toMatch(/problem\+json/);
    } finally {
      await server.close();
    }
  });
});
