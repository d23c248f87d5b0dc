/**
 * The `query` and `msw` targets together, in Node: the project's spec generated with `--layout files`
 * (all six targets), the msw handlers installed with `msw/node`'s `setupServer`, and the query factories
 * driven through `@tanstack/query-core`'s `QueryClient` — `fetchQuery`, `fetchInfiniteQuery` across the
 * mock's pages, a mutation, a 400 problem narrowed with `isProblem` — with per-operation overrides
 * (a body, a resolver) and a base URL. The oracle for the data is the generated server's own mock
 * (`createMockHandler`) asked directly, and the generated validators for schema validity.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { hashKey, MutationObserver, QueryClient } from '@tanstack/query-core';
import { http, HttpResponse } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../pipeline/helpers.ts';
import { projectSpec, repoRoot } from '../helpers/paths.ts';

const USER = '2244994945';
const ORIGIN = 'https://api.example.test';

// Inside the repository (ignored .tmp/) so the generated modules resolve msw and @tanstack/query-core.
mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
const dir = mkdtempSync(path.join(repoRoot, '.tmp', 'frontend-'));
const out = path.join(dir, 'out');

/* eslint-disable @typescript-eslint/no-explicit-any -- the generated modules are imported at run time */
let clientModule: any;
let queryModule: any;
let mswModule: any;
let serverModule: any;
let validators: any;
let server: SetupServer;
let client: any;
let queryClient: QueryClient;
const unhandled: string[] = [];

beforeAll(async () => {
  const result = await runCli(
    ['generate', '--quiet', '--no-format', '--spec', projectSpec, '--out', out, '--layout', 'files', '--target', 'types,validators,client,server,query,msw'],
    repoRoot,
  );
  expect(result).toMatchObject({ code: 0, stderr: '' });
  clientModule = await import(path.join(out, 'client/index.ts'));
  queryModule = await import(path.join(out, 'query/index.ts'));
  mswModule = await import(path.join(out, 'msw/index.ts'));
  serverModule = await import(path.join(out, 'server/index.ts'));
  validators = (await import(path.join(out, 'validators/index.ts'))).operationValidators;
  server = setupServer(...mswModule.handlers);
  server.listen({ onUnhandledRequest: (request) => void unhandled.push(`${request.method} ${request.url}`) });
  client = clientModule.createClient({ baseUrl: ORIGIN, auth: { oauth2: 'token' }, retry: false });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}, 180_000);

afterEach(() => {
  server.resetHandlers();
  queryClient.clear();
});

afterAll(() => {
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The generated server's mock, asked directly: the oracle for what the handlers answer. */
async function mockAnswer(pathAndQuery: string, init?: RequestInit): Promise<{ status: number; body: any }> {
  const response = await serverModule.createMockHandler()(new Request(`http://mock.local${pathAndQuery}`, init));
  return { status: response.status, body: await response.json() };
}

describe('query factories over the msw handlers (msw/node)', () => {
  it('query keys are stable, serializable and distinct per argument', () => {
    const key = queryModule.findPostByIdQueryKey({ id: '1', 'post.fields': ['text'] });
    expect(key).toEqual(['findPostById', { id: '1', 'post.fields': ['text'] }]);
    expect(JSON.parse(JSON.stringify(key))).toEqual(key);
    expect(hashKey(queryModule.findPostByIdQueryKey({ 'post.fields': ['text'], id: '1' }))).toBe(hashKey(key));
    expect(hashKey(queryModule.findPostByIdQueryKey({ id: '2', 'post.fields': ['text'] }))).not.toBe(hashKey(key));
    expect(hashKey(queryModule.findPostByIdQueryKey({ id: '1' }))).not.toBe(hashKey(key));
    expect(hashKey(queryModule.getUserBookmarksInfiniteOptions(client, { id: USER }).queryKey)).not.toBe(hashKey(queryModule.getUserBookmarksQueryKey({ id: USER })));
    // Reads get options, writes get a mutation (and no query options).
    expect(typeof queryModule.createPostMutation).toBe('function');
    expect(queryModule.createPostOptions).toBeUndefined();
    expect(queryModule.findPostByIdMutation).toBeUndefined();
  });

  it('fetchQuery answers with the mock server\'s seeded, schema-valid data', async () => {
    const data = await queryClient.fetchQuery(queryModule.findPostByIdOptions(client, { id: '123' }));
    const direct = await mockAnswer('/2/posts/123', { headers: { authorization: 'Bearer x' } });
    expect(direct.status).toBe(200);
    expect(data).toEqual(direct.body);
    expect(validators.findPostById.response(200, 'application/json', data)).toMatchObject({ valid: true });
    expect(queryClient.getQueryData(queryModule.findPostByIdQueryKey({ id: '123' }))).toEqual(data);
  });

  it('the query function passes the query\'s signal to the call', async () => {
    const options = queryModule.findPostByIdOptions(client, { id: '5' });
    const controller = new AbortController();
    controller.abort();
    const error = await options.queryFn({ signal: controller.signal, queryKey: options.queryKey, meta: undefined, client: queryClient }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(clientModule.AbortError);
  });

  it('fetchInfiniteQuery follows the next-page token across the mock\'s pages', async () => {
    const options = queryModule.getUserBookmarksInfiniteOptions(client, { id: USER, max_results: 10 });
    const data: any = await queryClient.fetchInfiniteQuery({ ...options, pages: 5 });
    // The mock's listing is three pages (its default) at the default page size of 10; the third has no
    // next token, so fetching stops there.
    expect(data.pages).toHaveLength(3);
    // The tokens name where each page starts (runtime/mock-pages.ts): two distinct ones after the first page.
    expect(data.pageParams[0]).toBeUndefined();
    expect(new Set(data.pageParams.slice(1)).size).toBe(2);
    for (const page of data.pages) {
      expect(page.data).toHaveLength(10);
      expect(validators.getUserBookmarks.response(200, 'application/json', page)).toMatchObject({ valid: true });
    }
    expect(data.pages[2].meta?.next_token).toBeUndefined();
    const second = await mockAnswer(`/2/users/${USER}/bookmarks?max_results=10&pagination_token=${data.pageParams[1]}`, { headers: { authorization: 'Bearer x' } });
    expect(data.pages[1]).toEqual(second.body);
  });

  it('a mutation runs the call with its argument', async () => {
    const observer = new MutationObserver<any, any, any>(queryClient, queryModule.createPostMutation(client));
    const created = await observer.mutate({ body: { text: 'hello' } });
    expect(validators.createPost.response(201, 'application/json', created)).toMatchObject({ valid: true });
    expect(created).toEqual((await mockAnswer('/2/posts', { method: 'POST', headers: { authorization: 'Bearer x', 'content-type': 'application/json' }, body: JSON.stringify({ text: 'hello' }) })).body);
  });

  it('an invalid request is answered with the server\'s 400 problem, narrowed with isProblem', async () => {
    const options = queryModule.getUserBookmarksOptions(client, { id: USER, max_results: 500 });
    const error = await queryClient.fetchQuery(options).catch((e: unknown) => e);
    expect(clientModule.isProblem(error, 'invalid-request')).toBe(true);
    expect(error).toMatchObject({ name: 'ApiError', status: 400, problem: { type: '/2/problems/invalid-request' } });
    const parameters = (error as any).problem.errors.flatMap((e: any) => Object.keys(e.parameters ?? {}));
    expect(parameters).toEqual(['max_results']);
    // The query's state carries the same (typed) error.
    expect(queryClient.getQueryState(options.queryKey)?.error).toBe(error);
  });
});

describe('per-operation overrides and base URLs', () => {
  it('a body override answers that operation (after the request checks) and leaves the others to the mock', async () => {
    server.use(mswModule.findPostByIdHandler({ data: { id: '42', text: 'overridden' } }));
    expect(await queryClient.fetchQuery(queryModule.findPostByIdOptions(client, { id: '42' }))).toEqual({ data: { id: '42', text: 'overridden' } });
    const bad = await client.findPostById({ id: 'not-a-number' }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400, problem: { type: '/2/problems/invalid-request' } });
    const other = await queryClient.fetchQuery(queryModule.findUserByUsernameOptions(client, { username: 'someone' }));
    expect(other).toEqual((await mockAnswer('/2/users/by/username/someone', { headers: { authorization: 'Bearer x' } })).body);
  });

  it('a resolver override receives the checked request and may answer with an msw Response, a result, or the mock', async () => {
    const seen: unknown[] = [];
    server.use(
      mswModule.findPostByIdHandler((context: any) => {
        seen.push(context.params);
        if (context.params.id === '404') return HttpResponse.json({ type: '/2/problems/resource-not-found', title: 'Not Found', status: 404, detail: 'no such post' }, { status: 404, headers: { 'content-type': 'application/problem+json' } });
        if (context.params.id === '1') return { status: 200, body: { data: { id: '1', text: 'from a result' } } };
        return undefined;
      }),
    );
    const missing = await queryClient.fetchQuery(queryModule.findPostByIdOptions(client, { id: '404' })).catch((e: unknown) => e);
    expect(clientModule.isApiError(missing, 'findPostById')).toBe(true);
    expect(missing).toMatchObject({ status: 404, problem: { detail: 'no such post' } });
    expect(await client.findPostById({ id: '1' })).toEqual({ data: { id: '1', text: 'from a result' } });
    expect(await client.findPostById({ id: '7' })).toEqual((await mockAnswer('/2/posts/7', { headers: { authorization: 'Bearer x' } })).body);
    expect(await client.findPostById({ id: 'x' }).catch((e: any) => e.status)).toBe(400);
    expect(seen).toEqual([{ id: '404' }, { id: '1' }, { id: '7' }]);
  });

  it('under a base URL given once, handlers match only there; by default any origin matches', async () => {
    const scoped = mswModule.createHandlers({ baseUrl: 'https://api.scoped.test/v9' });
    const local = setupServer(...scoped.handlers);
    server.close();
    local.listen({ onUnhandledRequest: 'bypass' });
    try {
      const scopedClient = clientModule.createClient({ baseUrl: 'https://api.scoped.test/v9', auth: { oauth2: 't' }, retry: false });
      expect(await scopedClient.findPostById({ id: '3' })).toEqual((await mockAnswer('/2/posts/3', { headers: { authorization: 'Bearer x' } })).body);
      local.use(scoped.findPostByIdHandler({ data: { id: '3', text: 'scoped' } }));
      expect(await scopedClient.findPostById({ id: '3' })).toEqual({ data: { id: '3', text: 'scoped' } });
      const pattern: RegExp = mswModule.routePattern('/2/posts/{id}', 'https://api.scoped.test/v9');
      expect(pattern.test('https://api.scoped.test/v9/2/posts/3')).toBe(true);
      expect(pattern.test('https://other.test/v9/2/posts/3')).toBe(false);
      expect(pattern.test('https://api.scoped.test/2/posts/3')).toBe(false);
      expect(mswModule.routePattern('/2/posts/{id}').test('http://localhost:1234/2/posts/3')).toBe(true);
    } finally {
      local.close();
      server.listen({ onUnhandledRequest: (request) => void unhandled.push(`${request.method} ${request.url}`) });
    }
  });

  it('no request went unhandled', () => {
    expect(unhandled).toEqual([]);
  });
});

describe('an override never shadows another operation the server routes the path to', () => {
  it('GET /2/news/search stays searchNews (a literal segment wins over /2/news/{id}, as in the server router)', async () => {
    // server.use prepends: the findNewsById override is asked first for every GET /2/news/*.
    server.use(mswModule.searchNewsHandler({ data: [], meta: { result_count: 0 } }));
    server.use(mswModule.findNewsByIdHandler({ data: { id: 'overridden' } }));
    expect(await client.findNewsById({ id: 'n1' })).toEqual({ data: { id: 'overridden' } });
    expect(await queryClient.fetchQuery(queryModule.searchNewsOptions(client))).toEqual({ data: [], meta: { result_count: 0 } });
    server.resetHandlers();
    server.use(mswModule.findNewsByIdHandler({ data: { id: 'overridden' } }));
    expect(await queryClient.fetchQuery(queryModule.searchNewsOptions(client))).toEqual((await mockAnswer('/2/news/search', { headers: { authorization: 'Bearer x' } })).body);
  });
});
