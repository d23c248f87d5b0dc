/**
 * Issue 26 point 2: `deepObject` with arrays and nested objects, both directions, in the qs/Rails bracket
 * convention Stripe's SDK sends (`expand[0]=sources`, `filter[card][exp][month]=1`). Independent parties:
 * the npm `qs` package parses what the generated client sends (query string and form body) into the intended
 * structure, undici's form parser (`Response.formData()`) reads the form body's pairs, and the generated
 * server decodes what `qs.stringify` produces in each of its array formats (indices, brackets, repeat, comma).
 */
import path from 'node:path';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type Built } from '../bodies/build.ts';
import { listenPlain } from '../bodies/plain.ts';

const spec = path.join(import.meta.dirname, 'fixtures/deep-object.yaml');

const FILTER = {
  status: 'open',
  card: { brand: 'visa', exp: { month: 12, year: 2030 } },
  tags: ['a b', 'c&d'],
  items: [
    { price: 'price_1', quantity: 2 },
    { price: 'price_2', quantity: 1 },
  ],
};
const QUERY = { expand: ['sources', 'customer.invoice_settings'], created: { gte: 1, lt: 10 }, filter: FILTER };
const BODY = { amount: 2000, expand: ['sources'], metadata: { order: '6735', 'a[b]': 'x=y' }, filter: FILTER };

/** The structures as qs reads them back: every scalar a string. */
const asText = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(asText) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asText(x)])) : String(v);

let built: Built;
let generated: { url: string; close(): Promise<void> };
let plain: Awaited<ReturnType<typeof listenPlain>>;
let plainUrl: string;
const seen: { url: string; body: string; contentType?: string }[] = [];

beforeAll(async () => {
  built = await buildFixture(spec);
  const handlers = {
    listCharges: (ctx: { query: unknown }) => ({ status: 200, body: ctx.query }),
    createCharge: (ctx: { body: unknown }) => ({ status: 200, body: ctx.body }),
  };
  generated = await built.server.serve(built.server.createHandler(handlers), { port: 0 });
  plain = await listenPlain((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ url: req.url!, body: Buffer.concat(chunks).toString('utf8'), contentType: req.headers['content-type'] });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  plainUrl = plain.url;
}, 120_000);

afterAll(async () => {
  await generated?.close();
  plain?.close();
  built?.remove();
});

describe('the client writes deepObject arrays and nested objects as brackets (qs parses the intended structure)', () => {
  it('query: expand[0]=sources, nested objects, arrays of objects', async () => {
    seen.length = 0;
    await built.client.createClient({ baseUrl: plainUrl }).listCharges(QUERY);
    const query = seen[0]!.url.slice(seen[0]!.url.indexOf('?') + 1);
    expect(query.split('&').slice(0, 2)).toEqual(['expand[0]=sources', 'expand[1]=customer.invoice_settings']);
    expect(query).toContain('filter[card][exp][month]=12');
    expect(query).toContain('filter[items][1][price]=price_2');
    expect(qs.parse(query, { depth: 10 })).toEqual(asText(QUERY));
  });

  it('form body: the same convention; undici reads the pairs, qs the structure', async () => {
    seen.length = 0;
    await built.client.createClient({ baseUrl: plainUrl }).createCharge({ body: BODY });
    const { body, contentType } = seen[0]!;
    expect(contentType).toBe('application/x-www-form-urlencoded');
    const pairs = [...(await new Response(body, { headers: { 'content-type': contentType! } }).formData()).entries()];
    expect(pairs.slice(0, 2)).toEqual([
      ['amount', '2000'],
      ['expand[0]', 'sources'],
    ]);
    expect(pairs).toContainEqual(['metadata[a[b]]', 'x=y']);
    expect(pairs).toContainEqual(['filter[tags][1]', 'c&d']);
    expect(qs.parse(body, { depth: 10 })).toEqual(asText(BODY));
  });

  it('null and undefined members and empty arrays are left out, as qs skips them', async () => {
    seen.length = 0;
    await built.client.createClient({ baseUrl: plainUrl }).listCharges({ expand: [], filter: { status: undefined, tags: [null, 'x'] } });
    expect(seen[0]!.url).toBe('/charges?filter[tags][0]=x');
  });
});

describe('the server decodes every bracket spelling back', () => {
  const get = async (query: string) => {
    const res = await fetch(`${generated.url}/charges?${query}`);
    return { status: res.status, body: await res.json() };
  };
  const post = async (body: string) => {
    const res = await fetch(`${generated.url}/charges`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    return { status: res.status, body: await res.json() };
  };

  for (const arrayFormat of ['indices', 'brackets', 'repeat', 'comma'] as const) {
    it(`query from qs.stringify (arrayFormat: ${arrayFormat}), encoded and not`, async () => {
      // Arrays of objects have one spelling qs reads back: by index (brackets/repeat/comma would merge them).
      const query = { expand: QUERY.expand, created: QUERY.created, filter: { ...FILTER, items: undefined } };
      const want = { expand: QUERY.expand, created: QUERY.created, filter: { status: 'open', card: FILTER.card, tags: FILTER.tags } };
      for (const encodeValuesOnly of [false, true]) {
        const text = qs.stringify(query, { arrayFormat, encodeValuesOnly, commaRoundTrip: true });
        const answer = await get(text);
        expect([text, answer]).toEqual([text, { status: 200, body: want }]);
      }
    });
  }

  it('arrays of objects by index, in index order, sparse indexes compacted', async () => {
    const answer = await get('filter[items][5][price]=b&filter[items][5][quantity]=1&filter[items][2][price]=a');
    expect(answer).toEqual({ status: 200, body: { filter: { items: [{ price: 'a' }, { price: 'b', quantity: 1 }] } } });
    expect(await get(qs.stringify({ filter: { items: FILTER.items } }))).toEqual({ status: 200, body: { filter: { items: FILTER.items } } });
  });

  it('the spellings mix: expand[]=, expand[0]=, %5B%5D, a bare expand=', async () => {
    expect(await get('expand[]=a&expand[]=b')).toEqual({ status: 200, body: { expand: ['a', 'b'] } });
    expect(await get('expand%5B1%5D=b&expand%5B0%5D=a')).toEqual({ status: 200, body: { expand: ['a', 'b'] } });
    expect(await get('expand=sources')).toEqual({ status: 200, body: { expand: ['sources'] } });
  });

  for (const arrayFormat of ['indices', 'brackets', 'repeat'] as const) {
    it(`form body from qs.stringify (arrayFormat: ${arrayFormat})`, async () => {
      const body = { ...BODY, filter: { ...FILTER, items: undefined } };
      const answer = await post(qs.stringify(body, { arrayFormat }));
      expect(answer).toEqual({ status: 200, body: { ...BODY, filter: { status: 'open', card: FILTER.card, tags: FILTER.tags } } });
    });
  }

  it('what the generated client sends arrives as sent (query and form body)', async () => {
    const client = built.client.createClient({ baseUrl: generated.url });
    expect(await client.listCharges(QUERY)).toEqual(QUERY);
    expect(await client.createCharge({ body: BODY })).toEqual(BODY);
  });

  it('members the schema does not allow, prototype keys and too deep nesting are 400 problems, never a 500', async () => {
    const unknown = await get('filter[colour]=red');
    expect(unknown.status).toBe(400);
    expect(unknown.body.title).toBeTypeOf('string');
    expect((await get('filter[__proto__][status]=x&filter[status]=open')).body).toEqual({ filter: { status: 'open' } });
    const deep = await get(`filter${'[a]'.repeat(40)}=1`);
    expect(deep.status).toBe(400);
    expect(JSON.stringify(deep.body)).toMatch(/nested more than 32 levels deep/);
  });
});
