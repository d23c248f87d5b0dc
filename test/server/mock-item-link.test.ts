/**
 * The mock's `item` (last item's id, while `has_more`) and `link` (`Link: <…>; rel="next"`) listings
 * (server runtime mock-pages.ts) add up: followed to the end, a listing yields the mock's pages × the
 * spec's default page size of items, none twice, the same sequence at another page size (and, for the item
 * listing, when the size changes mid-listing), and every page's total equals that count. Two independent followers: the generated
 * client's `paginate.<op>().items()`, and a plain `node:http` client written here that reads the `Link`
 * header with its own regular expression and sends the last item's id by hand.
 */
import { writeFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMock } from '../../generator/src/cli/commands/mock-serve.ts';
import { generateInMemory, writeFiles, type TargetName } from '../helpers/generate.ts';
import { tempDir } from '../helpers/paths.ts';

/** The mock's default number of pages (MockOptions.pages). */
const PAGES = 3;

/** Stripe's shape (`has_more`, `total_count`), GitHub's bare array and its search shape, each with a default page size. */
const SPEC = `openapi: 3.1.0
info: { title: Item and Link listings, version: 1.0.0 }
components:
  schemas:
    Item:
      type: object
      required: [id, label]
      properties:
        id: { type: string }
        label: { type: string }
  headers:
    Link: { schema: { type: string } }
paths:
  /charges:
    get:
      operationId: listCharges
      parameters:
        - { name: starting_after, in: query, schema: { type: string } }
        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 100, default: 4 } }
      responses:
        '200':
          description: A page.
          content:
            application/json:
              schema:
                type: object
                required: [data, has_more, total_count]
                properties:
                  data: { type: array, items: { $ref: '#/components/schemas/Item' } }
                  has_more: { type: boolean }
                  total_count: { type: integer }
  /repos:
    get:
      operationId: listRepos
      parameters:
        - { name: page, in: query, schema: { type: integer, minimum: 1 } }
        - { name: per_page, in: query, schema: { type: integer, minimum: 1, maximum: 100, default: 5 } }
      responses:
        '200':
          description: A page, the next one in the Link header.
          headers: { Link: { $ref: '#/components/headers/Link' } }
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Item' } }
  /search/repos:
    get:
      operationId: searchRepos
      parameters:
        - { name: q, in: query, required: true, schema: { type: string } }
        - { name: page, in: query, schema: { type: integer, minimum: 1 } }
        - { name: per_page, in: query, schema: { type: integer, minimum: 1, maximum: 100, default: 3 } }
      responses:
        '200':
          description: A page with the count of every result.
          headers: { Link: { $ref: '#/components/headers/Link' } }
          content:
            application/json:
              schema:
                type: object
                required: [total_count, items]
                properties:
                  total_count: { type: integer }
                  items: { type: array, items: { $ref: '#/components/schemas/Item' } }
`;

/** Each listing: its path, first query, default page size, items and total in a page, and the size parameter. */
const LISTINGS = {
  listCharges: { path: '/charges', query: {}, size: 4, sizeParameter: 'limit', items: (b: any) => b.data, total: (b: any) => b.total_count },
  listRepos: { path: '/repos', query: {}, size: 5, sizeParameter: 'per_page', items: (b: any) => b, total: () => undefined },
  searchRepos: { path: '/search/repos', query: { q: 'x' }, size: 3, sizeParameter: 'per_page', items: (b: any) => b.items, total: (b: any) => b.total_count },
} as const;
type Name = keyof typeof LISTINGS;

const tmp = tempDir('socialgen-mock-item-link-');
/* eslint-disable @typescript-eslint/no-explicit-any -- pages are JSON; the generated client is imported at run time */
let client: any;
let running: Awaited<ReturnType<typeof serveMock>>;

beforeAll(async () => {
  const spec = path.join(tmp.dir, 'spec.yaml');
  writeFileSync(spec, SPEC);
  writeFiles(path.join(tmp.dir, 'out'), await generateInMemory(spec, ['types', 'client'] as TargetName[], { layout: 'files', format: false }));
  running = await serveMock({ specPath: spec, port: 0, seed: 11 });
  client = (await import(path.join(tmp.dir, 'out/client/index.ts'))).createClient({ baseUrl: running.url, retry: false });
}, 120_000);

afterAll(async () => {
  await running?.close();
  tmp.remove();
});

/** GET with node:http: status, headers and the parsed body. */
function plainGet(url: string): Promise<{ status: number; link: string | undefined; body: any }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, link: res.headers.link as string | undefined, body: JSON.parse(text) }));
    }).on('error', reject);
  });
}

/** The `rel="next"` target of a Link header (RFC 8288 §3, the forms the mock and GitHub write). */
const nextOf = (link: string | undefined) => link?.split(',').map((l) => /^\s*<([^>]*)>\s*;\s*rel="?next"?\s*$/.exec(l)?.[1]).find(Boolean);

/**
 * Follows a listing with node:http alone: `Link` for the link listings (followed as written: a link keeps
 * the page size it was asked with, its page number counts pages of that size), the last item's id in
 * `starting_after` while `has_more` for the item one. `sizes` is the page size asked for page by page (the
 * last one repeats; `undefined`: the API's default); a link listing takes only the first.
 */
async function plainFollow(name: Name, sizes: (number | undefined)[]): Promise<{ items: any[]; totals: unknown[] }> {
  const listing = LISTINGS[name];
  const url = new URL(listing.path, running.url);
  for (const [k, v] of Object.entries(listing.query)) url.searchParams.set(k, v);
  const items: any[] = [];
  const totals: unknown[] = [];
  let next: URL | undefined = url;
  for (let n = 0; next && n < 50; n++) {
    const size = sizes[Math.min(n, sizes.length - 1)];
    if (n === 0 || name === 'listCharges') {
      if (size === undefined) next.searchParams.delete(listing.sizeParameter);
      else next.searchParams.set(listing.sizeParameter, String(size));
    }
    const page = await plainGet(next.href);
    expect(page.status, `${name}: ${JSON.stringify(page.body)}`).toBe(200);
    const pageItems = listing.items(page.body) as any[];
    items.push(...pageItems);
    totals.push(listing.total(page.body));
    if (name === 'listCharges') {
      next = page.body.has_more === true ? new URL(next) : undefined;
      next?.searchParams.set('starting_after', pageItems.at(-1).id);
    } else {
      const target = nextOf(page.link);
      next = target === undefined ? undefined : new URL(target, next);
    }
  }
  return { items, totals };
}

const ids = (items: any[]) => items.map((i) => JSON.stringify(i));

describe.each(Object.keys(LISTINGS) as Name[])('%s through the mock', (name) => {
  const listing = LISTINGS[name];
  const count = PAGES * listing.size;

  it('a plain node:http follower: every item once, none missing, the same sequence at other sizes, totals that match', async () => {
    const first = await plainFollow(name, [undefined]);
    expect(first.items).toHaveLength(count);
    expect(new Set(ids(first.items)).size).toBe(count);
    if (name !== 'listRepos') expect(first.totals).toEqual(first.totals.map(() => count));
    // The item listing's position is an item (its id), so the size may change from page to page.
    const runs = name === 'listCharges' ? [[2], [1, 7], [3, 1, 5], [count + 5]] : [[2], [7], [count + 5]];
    for (const sizes of runs) expect(ids((await plainFollow(name, sizes)).items), `sizes ${sizes}`).toEqual(ids(first.items));
  });

  it("the generated client's paginate().items() yields the same items, page by page as the mock serves them", async () => {
    const plain = await plainFollow(name, [undefined]);
    const items: any[] = [];
    for await (const item of client.paginate[name]({ ...listing.query }).items()) items.push(item);
    expect(ids(items)).toEqual(ids(plain.items));
    const pages: number[] = [];
    for await (const page of client.paginate[name]({ ...listing.query, [listing.sizeParameter]: 2 })) pages.push((listing.items(page) as unknown[]).length);
    expect(pages).toEqual([...Array(Math.floor(count / 2)).fill(2), ...(count % 2 ? [1] : [])]);
  });
});
