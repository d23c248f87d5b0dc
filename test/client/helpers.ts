/** Test helpers for the client runtime: a recording fake fetch and small response builders. */
import { encodeBody } from '../../generator/src/emit/client/runtime/body.ts';
import type { OperationSpec } from '../../generator/src/emit/client/runtime/types.ts';

export interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

export type Handler = (req: Recorded, n: number) => Response | Promise<Response>;

/** A fetch that records every request and answers with `handler` (or a sequence of handlers). */
export function fakeFetch(handler: Handler | Handler[]) {
  const calls: Recorded[] = [];
  const fn = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = init.body === undefined || init.body === null ? undefined : typeof init.body === 'string' ? init.body : String(init.body);
    const rec: Recorded = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body,
      signal: init.signal ?? undefined,
    };
    calls.push(rec);
    const h = Array.isArray(handler) ? handler[Math.min(calls.length - 1, handler.length - 1)] : handler;
    return h(rec, calls.length - 1);
  }) as typeof fetch;
  return Object.assign(fn, { calls });
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function problem(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/problem+json', ...headers } });
}

/** A fetch that waits for the signal and rejects like fetch does on abort. */
export function hangingFetch(): typeof fetch {
  return ((_: unknown, init: RequestInit = {}) =>
    new Promise((_, reject) => {
      const s = init.signal!;
      if (s.aborted) reject(s.reason ?? new DOMException('aborted', 'AbortError'));
      s.addEventListener('abort', () => reject(s.reason ?? new DOMException('aborted', 'AbortError')));
    })) as typeof fetch;
}

/** The rate-limit headers as the spec's `x-ratelimit-field` names them (the table carries them per operation). */
export const rateLimit = { limit: 'x-rate-limit-limit', remaining: 'x-rate-limit-remaining', reset: 'x-rate-limit-reset' };

export const bookmarksOp: OperationSpec = {
  id: 'getUserBookmarks',
  rateLimit,
  method: 'GET',
  path: '/2/users/{id}/bookmarks',
  params: [
    { name: 'id', in: 'path' },
    { name: 'max_results', in: 'query' },
    { name: 'pagination_token', in: 'query' },
    { name: 'post.fields', in: 'query', explode: false },
    { name: 'expansions', in: 'query', explode: false },
  ],
  security: [['oauth2'], ['oauth1']],
  paginate: { token: 'pagination_token', next: '/meta/next_token', items: '/data' },
};

export const lookupOp: OperationSpec = {
  id: 'getPostById',
  rateLimit,
  method: 'GET',
  path: '/2/posts/{id}',
  params: [{ name: 'id', in: 'path' }],
  security: [['bearer'], ['oauth2'], ['oauth1']],
};

export const createPostOp: OperationSpec = {
  id: 'createPost',
  rateLimit,
  method: 'POST',
  path: '/2/posts',
  body: 'application/json',
  encode: encodeBody,
  security: [['oauth2'], ['oauth1']],
};

export const streamOp: OperationSpec = {
  id: 'streamPosts',
  rateLimit,
  method: 'GET',
  path: '/2/posts/search/stream',
  params: [{ name: 'backfill_minutes', in: 'query' }],
  security: [['bearer']],
  // As generated from the spec's x-streaming (spec/paths/activity.yaml).
  stream: {
    media: [{ type: 'application/json', format: 'ndjson' }],
    problems: [{ type: '/problems/(operational-disconnect|client-disconnected|streaming-connection)$' }, { disconnect_type: '' }, { connection_issue: '' }],
    reconnectUnless: [{ type: '/problems/streaming-connection$' }, { connection_issue: '' }, { disconnect_type: '^(ForceDisconnect|InvalidRules|ClientApplicationStateDegraded)$' }],
  },
};
