/**
 * Pagination beyond `x-pagination`: what the model infers from common conventions (a fixture written
 * from the conventions, and GitHub's real spec), what the config declares, and the generated client's
 * `paginate` and the query target's infinite options following the pages of a plain node:http server
 * (the independent side: it pages with body tokens, the last item + has_more, and Link headers).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { QueryClient } from '@tanstack/query-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/src/config.ts';
import { operationSpec } from '../../generator/src/emit/client/operations.ts';
import { isSpecError } from '../../generator/src/load/diagnostics.ts';
import { loadModel } from '../../generator/src/load-model.ts';
import { declarePagination } from '../../generator/src/model/pagination.ts';
import { nextLink } from '../../generator/src/emit/client/runtime/paginate.ts';
import { generate } from '../../generator/src/pipeline.ts';
import { corpusDir, fixtureSpecsDir, repoRoot } from '../helpers/paths.ts';
import { generateInMemory, writeFiles, type TargetName } from '../helpers/generate.ts';
import { buildFixture, type Built } from './build.ts';

const spec = path.join(fixtureSpecsDir, 'mw-pagination.yaml');
const ITEMS = Array.from({ length: 7 }, (_, i) => ({ id: `i${i + 1}` }));

describe('pagination in the model', () => {
  it('infers the conventions the fixture follows, and nothing where it follows none', async () => {
    const { model } = await loadModel(spec);
    const by = Object.fromEntries(model.operations.map((op) => [op.operationId, op.pagination]));
    expect(by).toEqual({
      listPosts: { kind: 'token', source: 'inferred', tokenParameter: 'pagination_token', nextTokenPointer: '/meta/next_token', pageSizeParameter: 'max_results', itemsPointer: '/data' },
      listEvents: { kind: 'token', source: 'inferred', tokenParameter: 'cursor', nextTokenPointer: '/next_cursor', pageSizeParameter: 'limit', itemsPointer: '/items' },
      listCharges: { kind: 'item', source: 'inferred', tokenParameter: 'starting_after', itemTokenPointer: '/id', hasMorePointer: '/has_more', pageSizeParameter: 'limit', itemsPointer: '/data' },
      listRepos: { kind: 'link', source: 'inferred', pageSizeParameter: 'per_page', itemsPointer: '' },
      listLogs: undefined,
      listFeed: { kind: 'token', source: 'extension', tokenParameter: 'cursor', nextTokenPointer: '/paging/after', itemsPointer: '/entries' },
      searchItems: undefined,
      listTags: undefined,
    });
  });

  it('the config declares pagination, turns it off, and names what does not fit the spec', async () => {
    const { model } = await loadModel(spec);
    const problems = declarePagination(model, {
      listLogs: { tokenParameter: 'from', nextTokenPointer: '/continue_from', itemsPointer: '/entries' },
      listEvents: false,
      listTags: { link: true },
      nope: { link: true },
      searchItems: { tokenParameter: 'page', nextTokenPointer: '/next' },
      listPosts: { tokenParameter: 'pagination_token', nextTokenPointer: 'meta.next_token' },
    });
    const by = (id: string) => model.operations.find((op) => op.operationId === id)!.pagination;
    expect(by('listLogs')).toEqual({ kind: 'token', source: 'config', tokenParameter: 'from', nextTokenPointer: '/continue_from', itemsPointer: '/entries' });
    expect(by('listEvents')).toBeUndefined();
    expect(by('listTags')).toEqual({ kind: 'link', source: 'config' });
    // Problems leave the operation as it was.
    expect(by('listPosts')).toMatchObject({ source: 'inferred' });
    expect(problems).toEqual([
      { pointer: '/pagination/nope', message: 'pagination: no operation with operationId "nope"' },
      { pointer: '/pagination/searchItems/tokenParameter', message: 'pagination.searchItems: searchItems has no query parameter "page"' },
      { pointer: '/pagination/listPosts/nextTokenPointer', message: 'pagination.listPosts.nextTokenPointer must be a JSON pointer into the response body (starting with /)' },
    ]);
  });

  it('a declaration that does not fit is a config error at its line, and nothing is generated', async () => {
    const dir = mkdtempSync(path.join(repoRoot, '.tmp-pagination-'));
    try {
      const file = path.join(dir, 'socialgen.config.yaml');
      writeFileSync(file, `spec: ${JSON.stringify(spec)}\ntargets: [types, client]\npagination:\n  listLogs:\n    tokenParameter: cursor\n    nextTokenPointer: /continue_from\n`);
      const error = await generate(loadConfig(file, dir)).catch((e: unknown) => e);
      expect(isSpecError(error)).toBe(true);
      expect((error as { diagnostics: unknown[] }).diagnostics).toEqual([
        expect.objectContaining({ file, line: 5, column: 5, message: 'pagination.listLogs: listLogs has no query parameter "cursor"' }),
      ]);
      // A malformed declaration is refused by the config schema.
      writeFileSync(file, `spec: ${JSON.stringify(spec)}\npagination:\n  listLogs: { tokenParameter: from }\n`);
      expect(() => loadConfig(file, dir)).toThrow(/pagination\/listLogs/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const github = path.join(corpusDir, 'github/api.github.com.octokit-openapi-23.0.2.json');
  it('GitHub: Link pagination where a Link header is declared, page numbers where only page + per_page are', async () => {
    const { model } = await loadModel(github);
    const paged = model.operations.filter((op) => op.pagination);
    // GitHub has no body tokens; counted on octokit's 23.0.2 description (scripts/pagination-report.ts).
    expect(paged.every((op) => op.pagination!.source === 'inferred')).toBe(true);
    expect(paged.filter((op) => op.pagination!.kind === 'link').length).toBe(190);
    expect(paged.filter((op) => op.pagination!.kind === 'page').length).toBe(68);
    expect(paged.length).toBe(258);
    const op = (id: string) => model.operations.find((o) => o.operationId === id)!;
    expect(op('issues/list-for-repo').pagination).toEqual({ kind: 'link', source: 'inferred', pageSizeParameter: 'per_page', defaultPageSize: 30, itemsPointer: '' });
    expect(op('actions/list-workflow-runs-for-repo').pagination).toMatchObject({ kind: 'link', itemsPointer: '/workflow_runs' });
    expect(operationSpec(model, op('pulls/list')).paginate).toEqual({ link: true, items: '' });
    // A Link header on a single-resource read (no paging parameter) is not pagination.
    expect(op('enterprise-teams/get').pagination).toBeUndefined();
    expect(op('repos/get').pagination).toBeUndefined();
    // GET /licenses takes page and per_page (default 30) and answers an array, without declaring Link.
    expect(op('licenses/get-all-commonly-used').pagination).toEqual({ kind: 'page', source: 'inferred', pageParameter: 'page', firstPage: 1, pageSizeParameter: 'per_page', defaultPageSize: 30, itemsPointer: '' });
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------
// The plain server: 7 items, pages of `limit`/`per_page`/`max_results` (default 3).

function page(offset: number, size: number) {
  const items = ITEMS.slice(offset, offset + size);
  return { items, next: offset + size < ITEMS.length ? offset + size : undefined };
}

const requests: string[] = [];
function handler(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url!, 'http://x');
  requests.push(req.url!);
  const q = url.searchParams;
  const json = (body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  switch (url.pathname) {
    case '/posts': {
      const p = page(Number(q.get('pagination_token') ?? 0), Number(q.get('max_results') ?? 3));
      return json({ data: p.items, meta: { result_count: p.items.length, ...(p.next ? { next_token: String(p.next) } : {}) } });
    }
    case '/events': {
      const p = page(Number(q.get('cursor') ?? 0), Number(q.get('limit') ?? 3));
      return json({ items: p.items, next_cursor: p.next ? String(p.next) : null });
    }
    case '/charges': {
      const after = q.get('starting_after');
      const offset = after ? ITEMS.findIndex((i) => i.id === after) + 1 : 0;
      const p = page(offset, Number(q.get('limit') ?? 3));
      return json({ object: 'list', data: p.items, has_more: p.next !== undefined });
    }
    case '/repos': {
      const n = Number(q.get('page') ?? 1);
      const size = Number(q.get('per_page') ?? 3);
      const p = page((n - 1) * size, size);
      const link = (k: number, rel: string) => `<http://${req.headers.host}/repos?per_page=${size}&page=${k}>; rel="${rel}"`;
      const last = Math.ceil(ITEMS.length / size);
      const links = [n > 1 && link(n - 1, 'prev'), p.next !== undefined && link(n + 1, 'next'), link(last, 'last')].filter(Boolean);
      return json(p.items, { link: links.join(', ') });
    }
    case '/logs': {
      const p = page(Number(q.get('from') ?? 0), 3);
      return json({ entries: p.items, ...(p.next ? { continue_from: String(p.next) } : {}) });
    }
  }
  res.writeHead(404).end();
}

let plain: Server;
let baseUrl: string;
let built: Built;

beforeAll(async () => {
  built = await buildFixture(spec, { pagination: { listLogs: { tokenParameter: 'from', nextTokenPointer: '/continue_from', itemsPointer: '/entries' } } });
  plain = createServer(handler);
  await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
}, 120_000);

afterAll(() => {
  plain?.close();
  built?.remove();
});

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of iterable) out.push(x);
  return out;
}

describe('Link header parsing (RFC 8288)', () => {
  const next = (header: string | null) => nextLink(header, 'https://api.example.com/v1/items?page=1')?.href;
  it('finds rel="next" among other links, quoted or not, in a list of relation types, relative targets resolved', () => {
    expect(next('<https://a.test/x?page=2>; rel="next", <https://a.test/x?page=9>; rel="last"')).toBe('https://a.test/x?page=2');
    expect(next('<https://a.test/x?page=1>; rel="prev",<https://a.test/x?page=3>;rel=next')).toBe('https://a.test/x?page=3');
    expect(next('<https://a.test/x?page=1>; title="a, b; c"; rel="first", </v1/items?page=2>; rel="next last"')).toBe('https://api.example.com/v1/items?page=2');
    expect(next('<?page=4>; REL="Next"')).toBe('https://api.example.com/v1/items?page=4');
  });
  it('no next link: none, only other relations, or a "next" that is not the rel', () => {
    expect(next(null)).toBeUndefined();
    expect(next('')).toBeUndefined();
    expect(next('<https://a.test/x?page=1>; rel="prev", <https://a.test/x?page=9>; rel="last"')).toBeUndefined();
    expect(next('<https://a.test/next>; title="next"; rel="alternate"')).toBeUndefined();
  });
});

describe('the generated client follows every kind of pagination', () => {
  const ids = (items: { id: string }[]) => items.map((i) => i.id);

  it('a body token (nested), a cursor (null at the end), the last item with has_more, a config declaration', async () => {
    const client = built.client.createClient({ baseUrl });
    expect(ids(await collect(client.paginate.listPosts({ max_results: 3 }).items()))).toEqual(ITEMS.map((i) => i.id));
    expect(ids(await collect(client.paginate.listEvents({ limit: 2 }).items()))).toEqual(ITEMS.map((i) => i.id));
    requests.length = 0;
    expect(ids(await collect(client.paginate.listCharges({ limit: 3 }).items()))).toEqual(ITEMS.map((i) => i.id));
    expect(requests).toEqual(['/charges?limit=3', '/charges?starting_after=i3&limit=3', '/charges?starting_after=i6&limit=3']);
    expect(ids(await collect(client.paginate.listLogs().items()))).toEqual(ITEMS.map((i) => i.id));
  });

  it('the Link header: rel="next" among prev/last, its query sent on the operation\'s path', async () => {
    const client = built.client.createClient({ baseUrl });
    requests.length = 0;
    const pages = await collect<{ id: string }[]>(client.paginate.listRepos({ per_page: 3 }));
    expect(pages.map(ids)).toEqual([['i1', 'i2', 'i3'], ['i4', 'i5', 'i6'], ['i7']]);
    expect(requests).toEqual(['/repos?per_page=3', '/repos?per_page=3&page=2', '/repos?per_page=3&page=3']);
    expect(ids(await collect(client.paginate.listRepos({ per_page: 2 }, { maxItems: 5 }).items()))).toEqual(['i1', 'i2', 'i3', 'i4', 'i5']);
  });

  it('no paginator where nothing pages', () => {
    const client = built.client.createClient({ baseUrl });
    expect(Object.keys(client.paginate).sort()).toEqual(['listCharges', 'listEvents', 'listFeed', 'listLogs', 'listPosts', 'listRepos']);
  });
});

describe('the query target reads the same pagination', () => {
  it('fetchInfiniteQuery follows inferred token, last-item and Link pagination', async () => {
    mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
    const dir = mkdtempSync(path.join(repoRoot, '.tmp', 'pagination-'));
    try {
      writeFiles(dir, await generateInMemory(spec, ['types', 'validators', 'client', 'query'] as TargetName[], { layout: 'files', format: false }));
      const clientModule = await import(path.join(dir, 'client/index.ts'));
      const query = await import(path.join(dir, 'query/index.ts'));
      const client = clientModule.createClient({ baseUrl });
      const queryClient = new QueryClient();
      // Link pagination: the next page's query is read from the headers, so the pages are { data, next }.
      requests.length = 0;
      const repos = await queryClient.fetchInfiniteQuery({ ...query.listReposInfiniteOptions(client, { per_page: 3 }), pages: 5 });
      const pages = repos.pages as { data: { id: string }[]; next: unknown }[];
      expect(pages.map((p) => p.data.map((i) => i.id))).toEqual([['i1', 'i2', 'i3'], ['i4', 'i5', 'i6'], ['i7']]);
      expect(pages.at(-1)!.next).toBeUndefined();
      expect(requests).toEqual(['/repos?per_page=3', '/repos?per_page=3&page=2', '/repos?per_page=3&page=3']);
      for (const [name, args] of [['listCharges', { limit: 3 }], ['listPosts', { max_results: 3 }]] as const) {
        const options = query[`${name}InfiniteOptions`](client, args);
        const data = await queryClient.fetchInfiniteQuery({ ...options, pages: 5 });
        expect(data.pages.length).toBe(3);
        expect((data.pages as { data: { id: string }[] }[]).flatMap((p) => p.data.map((i) => i.id))).toEqual(ITEMS.map((i) => i.id));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
