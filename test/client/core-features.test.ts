/**
 * `createCore`'s opt-in features `errorDetails` and `results` (issue 25: what a one-call bundle does not use,
 * it does not carry), through the generated package (`@social-posting/client`, the repository's spec) as a
 * user imports it, against a plain node:http server writing exact bytes. The `@ts-expect-error` lines are
 * the compile-time half: this file is type-checked by test/generator/project-typecheck.test.ts (strict root
 * tsconfig), so an option whose feature the core was not given must stay a type error there.
 * (`extraQuery`, a call's `query` option, is checked here too.)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  createClient,
  createCore,
  CredentialsError,
  errorDetails,
  extraQuery,
  findUserByUsername,
  getUserBookmarks,
  results,
  retries,
  streamActivity,
  timeouts,
} from '@social-posting/client';

/** X API v2's invalid-request problem, as published (the parameter and its message in `errors`). */
const PROBLEM = {
  errors: [{ parameters: { max_results: ['5'] }, message: 'The `max_results` query parameter value [5] is not between 10 and 100' }],
  title: 'Invalid Request',
  detail: 'One or more parameters to your request was invalid.',
  type: 'https://api.twitter.com/2/problems/invalid-request',
};
const SUMMARY = 'getUserBookmarks: 400 Invalid Request: One or more parameters to your request was invalid.';
const LISTED = ' (max_results: The `max_results` query parameter value [5] is not between 10 and 100)';

let server: Server;
let baseUrl = '';
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    if (req.url!.startsWith('/2/users/echo/') || req.url!.startsWith('/2/users/by/username/echo')) {
      // The request target as received, for the query checks.
      const echo = JSON.stringify({ data: { target: req.url } });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(echo) });
      return res.end(echo);
    }
    const bytes = JSON.stringify(PROBLEM);
    res.writeHead(req.url!.includes('max_results=5') ? 400 : 503, { 'content-type': 'application/problem+json', 'content-length': Buffer.byteLength(bytes) });
    res.end(bytes);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const rejection = (p: PromiseLike<unknown>) => Promise.resolve(p).then(() => undefined, (e: unknown) => e);
const auth = { oauth2: 'token' };

describe('errorDetails', () => {
  it('without it, an ApiError says status, title and detail; the body and problem still carry the list', async () => {
    const e = await rejection(getUserBookmarks(createCore({ baseUrl, auth }), { id: '1', max_results: 5 }));
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).message).toBe(SUMMARY);
    expect((e as ApiError).body).toEqual(PROBLEM);
    expect((e as ApiError).problem).toEqual(PROBLEM);
  });

  it('with it (and through createClient, which has every feature), the listed details follow', async () => {
    const e = await rejection(getUserBookmarks(createCore({ baseUrl, auth }, { errorDetails }), { id: '1', max_results: 5 }));
    expect((e as ApiError).message).toBe(SUMMARY + LISTED);
    const viaClient = await rejection(createClient({ baseUrl, auth, retry: false }).getUserBookmarks({ id: '1', max_results: 5 }));
    expect((viaClient as ApiError).message).toBe(SUMMARY + LISTED);
  });

  it('a CredentialsError names what the operation needs; with the feature also what the client has', async () => {
    const before = requests;
    const bare = await rejection(getUserBookmarks(createCore({ baseUrl, auth: { bearer: 'app' } }), { id: '1' }));
    expect(bare).toBeInstanceOf(CredentialsError);
    expect((bare as Error).message).toBe('getUserBookmarks: needs auth.oauth2');
    const detailed = await rejection(getUserBookmarks(createCore({ baseUrl, auth: { bearer: 'app' } }, { errorDetails }), { id: '1' }));
    expect((detailed as Error).message).toBe('getUserBookmarks: needs auth.oauth2; the client has auth.bearer');
    const none = await rejection(getUserBookmarks(createCore({ baseUrl }, { errorDetails }), { id: '1' }));
    expect((none as Error).message).toBe('getUserBookmarks: needs auth.oauth2; the client has none (createClient({ auth }))');
    expect(requests).toBe(before);
  });
});

describe('results (throwOnError: false)', () => {
  it('with the feature, a failed status resolves to the typed error body', async () => {
    const core = createCore({ baseUrl, auth }, { results });
    const r = await getUserBookmarks(core, { id: '1', max_results: 5 }, { throwOnError: false });
    expect(r.data).toBeUndefined();
    expect(r.error).toEqual(PROBLEM);
    expect(r.status).toBe(400);
    // A core asked for results as a whole.
    const all = await getUserBookmarks(createCore({ baseUrl, auth, throwOnError: false }, { results }), { id: '1', max_results: 5 });
    expect(all.error).toEqual(PROBLEM);
  });

  it('without it the types refuse the option, and a call that has it anyway throws before sending', () => {
    const before = requests;
    const core = createCore({ baseUrl, auth });
    // @ts-expect-error `throwOnError: false` needs `results` on the core
    expect(() => getUserBookmarks(core, { id: '1', max_results: 5 }, { throwOnError: false })).toThrow(
      new TypeError('throwOnError: false needs createCore(options, { results })'),
    );
    // @ts-expect-error the same option on the core itself
    const resultsCore = createCore({ baseUrl, auth, throwOnError: false });
    expect(() => getUserBookmarks(resultsCore, { id: '1', max_results: 5 })).toThrow(TypeError);
    expect(requests).toBe(before);
  });
});

describe('the other options that need a feature', () => {
  it('are refused by the types without it; at run time they have no effect (one attempt, no retry)', async () => {
    // @ts-expect-error `retry` asks for retries, which the core was not given
    const bare = createCore({ baseUrl, auth, retry: { retries: 2, baseDelayMs: 1 } });
    let before = requests;
    await rejection(getUserBookmarks(bare, { id: '1' }));
    expect(requests - before).toBe(1);
    // @ts-expect-error the same for a call's option
    await rejection(getUserBookmarks(createCore({ baseUrl, auth }), { id: '1' }, { retry: { retries: 2, baseDelayMs: 1 } }));
    // With the feature: the 503 is tried again.
    before = requests;
    await rejection(getUserBookmarks(createCore({ baseUrl, auth }, { retries }), { id: '1' }, { retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 } }));
    expect(requests - before).toBe(3);
  });

  it("a streamed operation's function checks its options against the core the same way", () => {
    // Generators: nothing is sent until iterated (these lines are for the compiler).
    // @ts-expect-error `timeoutMs` needs `timeouts` on the core
    expect(streamActivity(createCore({ baseUrl, auth }), {}, { timeoutMs: 5 })).toBeDefined();
    expect(streamActivity(createCore({ baseUrl, auth }, { timeouts }), {}, { timeoutMs: 5 })).toBeDefined();
  });
});

describe('extraQuery (a call\'s query option)', () => {
  const target = async (p: PromiseLike<unknown>) => ((await p) as { data: { target: string } }).data.target;

  it('with the feature, the parameters follow the declared ones, and replace a declared one they name', async () => {
    const core = createCore({ baseUrl, auth }, { extraQuery });
    expect(await target(getUserBookmarks(core, { id: 'echo', max_results: 10 }, { query: { since: 'a b', max_results: 20 } }))).toBe(
      '/2/users/echo/bookmarks?since=a%20b&max_results=20',
    );
  });

  it('without it the types refuse the option, and the call sends only its declared parameters', async () => {
    const core = createCore({ baseUrl, auth });
    // @ts-expect-error `query` needs `extraQuery` on the core
    const sent = getUserBookmarks(core, { id: 'echo', max_results: 10 }, { query: { since: 'a' } });
    expect(await target(sent)).toBe('/2/users/echo/bookmarks?max_results=10');
  });

  it("an open operation's extraQuery argument needs no feature: its table entry carries the writer", async () => {
    const core = createCore({ baseUrl, auth: { bearer: 'app' } });
    expect(await target(findUserByUsername(core, { username: 'echo', extraQuery: { expansions: 'pinned_post_id' } }))).toBe(
      '/2/users/by/username/echo?expansions=pinned_post_id',
    );
  });
});
