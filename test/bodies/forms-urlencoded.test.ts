/**
 * application/x-www-form-urlencoded bodies by the Encoding Object, end to end over loopback: the generated
 * client against a plain node:http server (exact body text; URLSearchParams as the oracle of the form
 * serializer) and against the generated server (values come back typed); the generated server against a
 * plain fetch client (hand-written bodies, bad ones answered with RFC 7807 400 problems).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSpecsDir } from '../helpers/paths.ts';
import { buildFixture, type Built } from './build.ts';
import { startRecorder, type Recorder } from './recorder.ts';

let built: Built;
let generated: { url: string; close(): Promise<void> };
let plain: Recorder;

beforeAll(async () => {
  built = await buildFixture(path.join(fixtureSpecsDir, 'forms-urlencoded.yaml'));
  // The handlers answer with the body exactly as the server parsed it.
  const echo = (status: number) => (ctx: { body: unknown }) => ({ status, body: ctx.body });
  generated = await built.server.serve(built.server.createHandler({ createSubscription: echo(201), sendStyles: echo(200) }), { port: 0 });
  plain = await startRecorder({ '/subscriptions': { status: 201, body: { email: 'x' } }, '/styles': { status: 200, body: {} } });
}, 120_000);

afterAll(async () => {
  await generated?.close();
  await plain?.close();
  built?.remove();
});

const subscription = {
  email: 'ann@example.com',
  metadata: { plan: 'pro', seats: 3 },
  tags: ['news', 'a&b'],
  count: 2,
  agree: true,
  address: { street: '1 Main St', zip: '99999+1234' },
};

// Each style × explode of the Parameter Object, as the OpenAPI examples write them for query strings.
const cases: [string, unknown, string][] = [
  ['formExploded', [1, 2, 3], 'formExploded=1&formExploded=2&formExploded=3'],
  ['formFlat', ['a', 'b c'], 'formFlat=a,b%20c'],
  ['spaced', ['a', 'b'], 'spaced=a%20b'],
  ['piped', [1.5, 2], 'piped=1.5|2'],
  ['spacedExploded', ['a', 'b'], 'spacedExploded=a&spacedExploded=b'],
  ['colorFlat', { R: 100, G: 200, B: 150 }, 'colorFlat=R,100,G,200,B,150'],
  ['colorSpaced', { R: 100, G: 200, B: 150 }, 'colorSpaced=R%20100%20G%20200%20B%20150'],
  ['colorPiped', { R: 100, G: 200, B: 150 }, 'colorPiped=R|100|G|200|B|150'],
  ['point', { x: 1, label: 'a b' }, 'x=1&label=a%20b'],
  ['filter', { status: 'open', range: { min: 1, max: 5 }, ids: [1, 2] }, 'filter[status]=open&filter[range][min]=1&filter[range][max]=5&filter[ids][0]=1&filter[ids][1]=2'],
  // allowReserved: RFC 3986 reserved characters stay, except those the form syntax needs (& = + # [ ]).
  ['redirect', 'https://x.test/a?b=c&d=e f#g', 'redirect=https://x.test/a?b%3Dc%26d%3De%20f%23g'],
  // contentType application/json on a string: the JSON text (the OpenAPI 3.1.1 example: jsonValue=%22json%22).
  ['jsonText', 'json', 'jsonText=%22json%22'],
  // No encoding entry: text/plain, written by the form serializer (URLSearchParams' bytes).
  ['note', 'a+b c/d', new URLSearchParams({ note: 'a+b c/d' }).toString()],
];
describe('urlencoded: generated client → plain node:http server (exact bytes)', () => {
  it('writes deepObject members as a[b]=c, arrays as repeated fields and objects without encoding as JSON text', async () => {
    const client = built.client.createClient({ baseUrl: plain.url });
    await client.createSubscription({ body: subscription });
    const sent = plain.last();
    expect(sent.contentType).toBe('application/x-www-form-urlencoded');
    const address = new URLSearchParams({ address: JSON.stringify(subscription.address) }).toString();
    expect(sent.text).toBe(`email=ann%40example.com&metadata[plan]=pro&metadata[seats]=3&tags=news&tags=a%26b&count=2&agree=true&${address}`);
    expect(sent.text).not.toContain('metadata=%7B');
    // The oracle reads every field back as it was meant.
    const read = new URLSearchParams(sent.text);
    expect(read.get('metadata[plan]')).toBe('pro');
    expect(read.getAll('tags')).toEqual(['news', 'a&b']);
    expect(JSON.parse(read.get('address')!)).toEqual(subscription.address);
  });

  it('a caller\'s own URLSearchParams or encoded text goes out as given', async () => {
    const client = built.client.createClient({ baseUrl: plain.url });
    await client.createSubscription({ body: new URLSearchParams({ email: 'a b' }) });
    expect(plain.last().text).toBe('email=a+b');
    await client.createSubscription({ body: 'email=c%20d' });
    expect(plain.last()).toMatchObject({ text: 'email=c%20d', contentType: 'application/x-www-form-urlencoded' });
  });

  it.each(cases)('%s is written as the spec says', async (member, value, wire) => {
    const client = built.client.createClient({ baseUrl: plain.url });
    await client.sendStyles({ body: { [member]: value } });
    expect(plain.last().text).toBe(wire);
  });
});

describe('urlencoded: generated client → generated server (typed values back)', () => {
  it('deep objects, arrays, numbers, booleans and JSON members come back as sent', async () => {
    const client = built.client.createClient({ baseUrl: generated.url });
    expect(await client.createSubscription({ body: subscription })).toEqual(subscription);
  });

  it('every style × explode round-trips in one body', async () => {
    const client = built.client.createClient({ baseUrl: generated.url });
    const body = Object.fromEntries(cases.map(([member, value]) => [member, value]));
    expect(await client.sendStyles({ body })).toEqual(body);
  });

  it('a one-item array stays an array', async () => {
    const client = built.client.createClient({ baseUrl: generated.url });
    const back = await client.createSubscription({ body: { email: 'a@b.c', tags: ['only'] } });
    expect(back).toEqual({ email: 'a@b.c', tags: ['only'] });
  });
});

async function post(path: string, body: string | Uint8Array<ArrayBuffer>, contentType = 'application/x-www-form-urlencoded') {
  const res = await fetch(generated.url + path, { method: 'POST', headers: { 'content-type': contentType }, body });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
}

describe('urlencoded: plain fetch client → generated server', () => {
  it('parses hand-written bodies (percent-encoded brackets too) into typed values', async () => {
    const res = await post('/subscriptions', 'email=x%40y.z&metadata%5Bplan%5D=free&metadata[seats]=10&count=7&agree=false&tags=solo');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ email: 'x@y.z', metadata: { plan: 'free', seats: 10 }, count: 7, agree: false, tags: ['solo'] });
  });

  it('reads + as a space and keeps a decoded & inside a value', async () => {
    const res = await post('/styles', 'note=a+b%26c&formFlat=x,y&spaced=p+q');
    expect(res.body).toEqual({ note: 'a b&c', formFlat: ['x', 'y'], spaced: ['p', 'q'] });
  });

  const bad: [string, string, string, RegExp][] = [
    ['a number that is not one', '/subscriptions', 'email=a&count=abc', /count/],
    ['a missing required member', '/subscriptions', 'count=1', /email/],
    ['a JSON member that is not JSON', '/subscriptions', 'email=a&address=%7Bnope', /address.*JSON/],
    ['a member the schema does not allow', '/styles', 'bogus=1', /bogus|additional/i],
    ['a deep object nested deeper than allowed', '/styles', `filter${'[a]'.repeat(100)}=1`, /nested/],
  ];
  it.each(bad)('%s is a 400 problem', async (_, path, body, mention) => {
    const res = await post(path, body);
    expect(res.status).toBe(400);
    expect(res.type).toMatch(/^application\/problem\+json/);
    expect(JSON.stringify(res.body)).toMatch(mention);
  });

  it('a body that is not UTF-8 is a 400 problem, not a 500', async () => {
    const res = await post('/subscriptions', new Uint8Array([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x3d, 0xff, 0xfe]));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/UTF-8/);
  });

  it('__proto__ keys never reach the prototype', async () => {
    const res = await post('/subscriptions', 'email=a&metadata[__proto__][polluted]=1&__proto__[polluted]=1&metadata[plan]=x');
    expect(res.status).toBe(201);
    expect(res.body.metadata).toEqual({ plan: 'x' });
    // An unknown key is an ordinary member named as sent, never a path into the prototype.
    expect(res.body['__proto__[polluted]']).toBe('1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
