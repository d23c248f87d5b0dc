/**
 * The pagination styles beyond token, last item and Link (test/bodies/pagination.test.ts has those):
 * offset/limit, page numbers, a next-page URL in the body (DigitalOcean's `links.pages.next`, HAL's
 * `_links.next.href`), a cursor in a response header and a token in a POST body — what the model infers
 * or takes from `x-pagination`, and the generated client's `paginate` following a plain node:http server
 * that writes each page's bytes itself (the independent side: it pages 8 items its own way per style).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { QueryClient } from '@tanstack/query-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSpecError } from '../../generator/src/load/diagnostics.ts';
import { loadModel } from '../../generator/src/load-model.ts';
import { declarePagination } from '../../generator/src/model/pagination.ts';
import { fixtureSpecsDir, repoRoot } from '../helpers/paths.ts';
import { generateInMemory, writeFiles, type TargetName } from '../helpers/generate.ts';

const spec = path.join(fixtureSpecsDir, 'pagination-styles.yaml');
const ITEMS = Array.from({ length: 8 }, (_, i) => ({ id: `i${i + 1}` }));
const IDS = ITEMS.map((i) => i.id);

describe('the model: every style inferred or declared', () => {
  it('infers each convention the fixture follows, takes x-pagination, and nothing where no page size tells a short page', async () => {
    const { model } = await loadModel(spec);
    const by = Object.fromEntries(model.operations.map((op) => [op.operationId, op.pagination]));
    expect(by).toEqual({
      listByOffset: { kind: 'offset', source: 'inferred', offsetParameter: 'offset', pageSizeParameter: 'limit', defaultPageSize: 3, totalPointer: '/total_count', itemsPointer: '/results' },
      listByPage: { kind: 'page', source: 'inferred', pageParameter: 'page', firstPage: 0, pageSizeParameter: 'per_page', defaultPageSize: 3, itemsPointer: '' },
      listDroplets: { kind: 'url', source: 'inferred', nextUrlPointer: '/links/pages/next', pageSizeParameter: 'per_page', defaultPageSize: 3, totalPointer: '/meta/total', itemsPointer: '/droplets' },
      listOrders: { kind: 'url', source: 'extension', nextUrlPointer: '/_links/next/href', itemsPointer: '/_embedded/orders' },
      listEvents: { kind: 'header', source: 'inferred', tokenParameter: 'cursor', nextTokenHeader: 'X-Next-Cursor', pageSizeParameter: 'limit', defaultPageSize: 3, itemsPointer: '/events' },
      // The cursor parameter is an integer: the header's text goes back as one.
      listLogs: { kind: 'header', source: 'inferred', tokenParameter: 'cursor', nextTokenHeader: 'X-Next-Cursor', tokenType: 'integer', pageSizeParameter: 'limit', defaultPageSize: 3, itemsPointer: '/logs' },
      // One member down, in the request body and in the answer.
      searchNested: { kind: 'body', source: 'inferred', tokenMemberPointer: '/pagination/cursor', nextTokenPointer: '/pagination/next_cursor', itemsPointer: '/results' },
      searchPaged: { kind: 'body', source: 'extension', tokenMemberPointer: '/page/position/after', nextTokenPointer: '/meta/after', itemsPointer: '/data' },
      searchItems: { kind: 'body', source: 'inferred', tokenMemberPointer: '/start_cursor', nextTokenPointer: '/next_cursor', itemsPointer: '/results' },
      listTags: undefined,
    });
  });

  it('the config declares the new styles and names what does not fit', async () => {
    const { model } = await loadModel(spec);
    const problems = declarePagination(model, {
      listTags: { pageParameter: 'page', firstPage: 1 },
      listEvents: { offsetParameter: 'offset', pageSizeParameter: 'limit' },
      searchItems: { tokenMember: 'cursor', nextTokenPointer: '/next_cursor' },
      searchNested: { tokenMember: '/pagination/size', nextTokenPointer: '/pagination/next_cursor', itemsPointer: '/results' },
      searchPaged: { tokenMember: '/page/position/before', nextTokenPointer: '/meta/after' },
      listByPage: { pageParameter: 'page', sizeOf: 'x' },
      listDroplets: { nextTokenHeader: 'X-Next' },
    });
    expect(model.operations.find((op) => op.operationId === 'listTags')!.pagination).toEqual({ kind: 'page', source: 'config', pageParameter: 'page', firstPage: 1 });
    // A JSON pointer names a nested member (a plain name, a top-level one).
    expect(model.operations.find((op) => op.operationId === 'searchNested')!.pagination).toEqual({ kind: 'body', source: 'config', tokenMemberPointer: '/pagination/size', nextTokenPointer: '/pagination/next_cursor', itemsPointer: '/results' });
    expect(problems).toEqual([
      { pointer: '/pagination/listEvents/offsetParameter', message: 'pagination.listEvents: listEvents has no query parameter "offset"' },
      { pointer: '/pagination/searchItems/tokenMember', message: `pagination.searchItems: searchItems's JSON request body has no member "cursor"` },
      { pointer: '/pagination/searchPaged/tokenMember', message: `pagination.searchPaged: searchPaged's JSON request body has no member "/page/position/before"` },
      { pointer: '/pagination/listByPage/sizeOf', message: 'pagination.listByPage: "sizeOf" is not a member of page pagination (docs/pagination.md)' },
      { pointer: '/pagination/listDroplets', message: expect.stringMatching(/^pagination\.listDroplets must have the members of one pagination style \(tokenParameter \+ nextTokenPointer; .*pageParameter; docs\/pagination\.md\)$/) },
    ]);
  });

  it('an x-pagination that does not fit is an error at its line and column', async () => {
    const dir = mkdtempSync(path.join(repoRoot, '.tmp-pagination-styles-'));
    try {
      const file = path.join(dir, 'spec.yaml');
      writeFileSync(
        file,
        [
          'openapi: 3.1.0',
          'info: { title: t, version: "1" }',
          'paths:',
          '  /a:',
          '    get:',
          '      operationId: listA',
          '      x-pagination:',
          '        tokenParameter: cursor',
          '        nextTokenPointer: /next',
          '      responses: { "200": { description: ok } }',
          '',
        ].join('\n'),
      );
      const error = await loadModel(file).catch((e: unknown) => e);
      expect(isSpecError(error)).toBe(true);
      expect((error as { diagnostics: unknown[] }).diagnostics).toEqual([
        expect.objectContaining({ severity: 'error', line: 8, column: 9, message: 'x-pagination: listA has no query parameter "cursor"' }),
      ]);
      writeFileSync(file, (await import('node:fs')).readFileSync(file, 'utf8').replace('tokenParameter: cursor', 'tokenParameter: 7').replace('/next', 'next'));
      const typed = await loadModel(file).catch((e: unknown) => e);
      expect((typed as { diagnostics: unknown[] }).diagnostics).toEqual([
        expect.objectContaining({ line: 8, column: 9, message: 'x-pagination.tokenParameter must be a non-empty string' }),
        expect.objectContaining({ line: 9, column: 9, message: 'x-pagination.nextTokenPointer must be a JSON pointer into the response body (starting with /)' }),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// The plain server: 8 items, each style paged its own way (default page size 3).

const requests: string[] = [];
function handler(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url!, 'http://x');
  const q = url.searchParams;
  const origin = `http://${req.headers.host}`;
  const send = (body: string, headers: Record<string, string> = {}, type = 'application/json') => {
    res.writeHead(200, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...headers });
    res.end(body);
  };
  const slice = (from: number, size: number) => JSON.stringify(ITEMS.slice(from, from + size));
  let chunks = '';
  req.on('data', (c: Buffer) => (chunks += c));
  req.on('end', () => {
    requests.push(`${req.method} ${req.url}${chunks ? ` ${chunks}` : ''}`);
    switch (url.pathname) {
      case '/offset': {
        const offset = Number(q.get('offset') ?? 0);
        return send(`{"results":${slice(offset, Number(q.get('limit') ?? 3))},"total_count":8}`);
      }
      case '/pages': {
        const size = Number(q.get('per_page') ?? 3);
        return send(slice(Number(q.get('page') ?? 0) * size, size));
      }
      case '/droplets': {
        const page = Number(q.get('page') ?? 1);
        const size = Number(q.get('per_page') ?? 3);
        const last = Math.ceil(ITEMS.length / size);
        const pages = page < last ? `{"next":"${origin}/droplets?page=${page + 1}&per_page=${size}","last":"${origin}/droplets?page=${last}&per_page=${size}"}` : `{"first":"${origin}/droplets?page=1&per_page=${size}"}`;
        return send(`{"droplets":${slice((page - 1) * size, size)},"links":{"pages":${pages}},"meta":{"total":8}}`);
      }
      case '/orders': {
        const page = Number(q.get('page') ?? 1);
        const next = page * 3 < ITEMS.length ? `,"next":{"href":"/orders?page=${page + 1}&size=3"}` : '';
        return send(`{"_embedded":{"orders":${slice((page - 1) * 3, 3)}},"_links":{"self":{"href":"/orders?page=${page}"}${next}}}`, {}, 'application/hal+json');
      }
      case '/events': {
        const from = q.get('cursor') ? Number(q.get('cursor')!.slice(1)) : 0;
        const size = Number(q.get('limit') ?? 3);
        return send(`{"events":${slice(from, size)}}`, from + size < ITEMS.length ? { 'x-next-cursor': `c${from + size}` } : {});
      }
      case '/logs': {
        // An integer cursor: the position of the page's first item.
        const from = Number(q.get('cursor') ?? 0);
        const size = Number(q.get('limit') ?? 3);
        return send(`{"logs":${slice(from, size)}}`, from + size < ITEMS.length ? { 'x-next-cursor': String(from + size) } : {});
      }
      case '/search/nested': {
        const body = JSON.parse(chunks) as { pagination?: { cursor?: string; size?: number } };
        const from = body.pagination?.cursor ? Number(body.pagination.cursor.slice(1)) : 0;
        const size = body.pagination?.size ?? 3;
        return send(`{"results":${slice(from, size)},"pagination":{"next_cursor":${from + size < ITEMS.length ? `"n${from + size}"` : 'null'}}}`);
      }
      case '/search/paged': {
        const body = JSON.parse(chunks) as { page: { size?: number; position?: { after?: string } } };
        const from = body.page.position?.after ? Number(body.page.position.after.slice(1)) : 0;
        const size = body.page.size ?? 3;
        return send(`{"data":${slice(from, size)},"meta":{"after":${from + size < ITEMS.length ? `"a${from + size}"` : 'null'}}}`);
      }
      case '/search': {
        const body = JSON.parse(chunks) as { start_cursor?: string; page_size?: number };
        const from = body.start_cursor ? Number(body.start_cursor.slice(1)) : 0;
        const size = body.page_size ?? 3;
        const more = from + size < ITEMS.length;
        return send(`{"results":${slice(from, size)},"next_cursor":${more ? `"s${from + size}"` : 'null'},"has_more":${more}}`);
      }
    }
    res.writeHead(404).end();
  });
}

let plain: Server;
let baseUrl: string;
/* eslint-disable @typescript-eslint/no-explicit-any -- the generated modules are imported at run time */
let built: { client: any; query: any };
mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
const dir = mkdtempSync(path.join(repoRoot, '.tmp', 'paginate-styles-'));

beforeAll(async () => {
  // One generation for the file: the client and the query target over it.
  writeFiles(dir, await generateInMemory(spec, ['types', 'validators', 'client', 'query'] as TargetName[], { layout: 'files', format: false }));
  built = { client: await import(path.join(dir, 'client/index.ts')), query: await import(path.join(dir, 'query/index.ts')) };
  plain = createServer(handler);
  await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
}, 120_000);

afterAll(() => {
  plain?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of iterable) out.push(x);
  return out;
}

const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe('the generated client follows every style against a plain server', () => {
  it('offset/limit: the offset advances by the items, and stops at the total (no request for an empty page)', async () => {
    const client = built.client.createClient({ baseUrl });
    requests.length = 0;
    expect(ids(await collect(client.paginate.listByOffset({ limit: 4 }).items()))).toEqual(IDS);
    expect(requests).toEqual(['GET /offset?limit=4', 'GET /offset?offset=4&limit=4']);
    requests.length = 0;
    expect(ids(await collect(client.paginate.listByOffset().items()))).toEqual(IDS);
    expect(requests).toEqual(['GET /offset', 'GET /offset?offset=3', 'GET /offset?offset=6']);
  });

  it('page numbers from 0: a short page ends it; a full last page ends at the empty page after it', async () => {
    const client = built.client.createClient({ baseUrl });
    requests.length = 0;
    expect(ids(await collect(client.paginate.listByPage().items()))).toEqual(IDS);
    expect(requests).toEqual(['GET /pages', 'GET /pages?page=1', 'GET /pages?page=2']);
    requests.length = 0;
    const pages = await collect<{ id: string }[]>(client.paginate.listByPage({ per_page: 4 }));
    expect(pages.map(ids)).toEqual([IDS.slice(0, 4), IDS.slice(4), []]);
    expect(requests).toEqual(['GET /pages?per_page=4', 'GET /pages?page=1&per_page=4', 'GET /pages?page=2&per_page=4']);
  });

  it("a next URL in the body: DigitalOcean's links.pages.next, HAL's _links.next.href (relative)", async () => {
    const client = built.client.createClient({ baseUrl });
    requests.length = 0;
    expect(ids(await collect(client.paginate.listDroplets({ per_page: 3 }).items()))).toEqual(IDS);
    expect(requests).toEqual(['GET /droplets?per_page=3', 'GET /droplets?page=2&per_page=3', 'GET /droplets?page=3&per_page=3']);
    expect(ids(await collect(client.paginate.listOrders().items()))).toEqual(IDS);
    expect(ids(await collect(client.paginate.listDroplets({ per_page: 2 }, { maxItems: 5 }).items()))).toEqual(IDS.slice(0, 5));
  });

  it('a cursor in a response header, sent back as the cursor parameter', async () => {
    const client = built.client.createClient({ baseUrl });
    requests.length = 0;
    expect(ids(await collect(client.paginate.listEvents({ limit: 5 }).items()))).toEqual(IDS);
    expect(requests).toEqual(['GET /events?limit=5', 'GET /events?cursor=c5&limit=5']);
  });

  it('an integer cursor in a response header goes back as an integer (the request validator accepts it)', async () => {
    const client = built.client.createClient({ baseUrl, validate: { request: true } });
    requests.length = 0;
    expect(ids(await collect(client.paginate.listLogs({ limit: 3 }).items()))).toEqual(IDS);
    expect(requests).toEqual(['GET /logs?limit=3', 'GET /logs?cursor=3&limit=3', 'GET /logs?cursor=6&limit=3']);
    // The string cursor of listEvents stays a string.
    expect(ids(await collect(client.paginate.listEvents({ limit: 5 }).items()))).toEqual(IDS);
  });

  it("the client's headerToken: the parameter's type, else the text", () => {
    const { headerToken } = built.client;
    expect([headerToken('42', 'integer'), headerToken('4.5', 'number'), headerToken('true', 'boolean'), headerToken('9007199254740993', 'bigint')]).toEqual([42, 4.5, true, 9007199254740993n]);
    expect([headerToken('4.5', 'integer'), headerToken('x', 'integer'), headerToken('0x10', 'number'), headerToken('yes', 'boolean'), headerToken('1.0', 'bigint')]).toEqual(['4.5', 'x', '0x10', 'yes', '1.0']);
    expect([headerToken(null, 'integer'), headerToken('', 'integer'), headerToken('c3')]).toEqual([undefined, undefined, 'c3']);
  });

  it('a token nested in a POST body: set at its path, the other members (and the caller\'s body) kept', async () => {
    const client = built.client.createClient({ baseUrl });
    requests.length = 0;
    const body = { query: 'x', pagination: { size: 3 } };
    expect(ids(await collect(client.paginate.searchNested({ body }).items()))).toEqual(IDS);
    expect(requests).toEqual([
      'POST /search/nested {"query":"x","pagination":{"size":3}}',
      'POST /search/nested {"query":"x","pagination":{"size":3,"cursor":"n3"}}',
      'POST /search/nested {"query":"x","pagination":{"size":3,"cursor":"n6"}}',
    ]);
    expect(body).toEqual({ query: 'x', pagination: { size: 3 } });
    requests.length = 0;
    expect(ids(await collect(client.paginate.searchPaged({ body: { page: { size: 4 } } }).items()))).toEqual(IDS);
    expect(requests).toEqual(['POST /search/paged {"page":{"size":4}}', 'POST /search/paged {"page":{"size":4,"position":{"after":"a4"}}}']);
  });

  it('a token in a POST body: the other members stay, start_cursor follows next_cursor until null', async () => {
    const client = built.client.createClient({ baseUrl });
    requests.length = 0;
    expect(ids(await collect(client.paginate.searchItems({ body: { query: 'x', page_size: 3 } }).items()))).toEqual(IDS);
    expect(requests).toEqual([
      'POST /search {"query":"x","page_size":3}',
      'POST /search {"query":"x","page_size":3,"start_cursor":"s3"}',
      'POST /search {"query":"x","page_size":3,"start_cursor":"s6"}',
    ]);
  });
});

describe("the query target's infinite options follow every style (fetchInfiniteQuery against the plain server)", () => {
  const cases: [string, Record<string, unknown> | undefined, number, (page: any) => { id: string }[]][] = [
    ['listByOffset', { limit: 3 }, 3, (p) => p.results],
    ['listByPage', { per_page: 4 }, 3, (p) => p],
    ['listDroplets', { per_page: 3 }, 3, (p) => p.droplets],
    ['listOrders', undefined, 3, (p) => p._embedded.orders],
    ['listEvents', { limit: 3 }, 3, (p) => p.data.events],
    ['listLogs', { limit: 3 }, 3, (p) => p.data.logs],
    ['searchNested', { body: { query: 'x', pagination: { size: 3 } } }, 3, (p) => p.results],
    ['searchPaged', { body: { page: { size: 5 } } }, 2, (p) => p.data],
    ['searchItems', { body: { query: 'x', page_size: 5 } }, 2, (p) => p.results],
  ];
  for (const [method, args, pages, items] of cases)
    it(`${method}: ${pages} pages, every item once, then no next page`, async () => {
      const client = built.client.createClient({ baseUrl });
      const options = built.query[`${method}InfiniteOptions`](client, args);
      const data = await new QueryClient().fetchInfiniteQuery({ ...options, pages: 10 });
      expect(data.pages.length).toBe(pages);
      expect(data.pages.flatMap((p: unknown) => ids(items(p)))).toEqual(IDS);
      expect(options.getNextPageParam(data.pages.at(-1), data.pages, data.pageParams.at(-1), data.pageParams)).toBeUndefined();
      // An integer header cursor is an integer page parameter, as the argument's type says.
      if (method === 'listLogs') expect(data.pageParams).toEqual([undefined, 3, 6]);
    });

  it("the client's nextLinkQuery (which Link infinite options read; test/bodies/pagination.test.ts follows them) takes rel=\"next\" only", () => {
    const { nextLinkQuery } = built.client;
    expect(nextLinkQuery('</repos?page=2&per_page=3>; rel="next", </repos?page=3>; rel="last"')).toEqual({ page: '2', per_page: '3' });
    expect(nextLinkQuery('</repos?page=3>; rel="last"')).toBeUndefined();
  });
});
