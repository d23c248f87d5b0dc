/**
 * One validation path: `socialgen mock` (serveMock, which generates the server package in memory and
 * imports it) and the generated server package built by the test harness answer the same requests the same
 * way. The mock answers a request that passes every check with sample data; on the server such a request
 * reaches its handler (one stand-in for every operation, recording the call) — every refusal before that
 * point (route, security, parameters, body) must be identical.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiModel } from '../../generator/src/model/types.ts';
import { serveMock } from '../../generator/src/cli/commands/mock-serve.ts';
import { buildPackages, importServer, loadProjectModel, SPEC_PATH, type BuiltPackages, type ServerModule } from './harness.ts';

let model: ApiModel;
let built: BuiltPackages;
let server: ServerModule;
let mock: { url: string; close(): Promise<void> | void };

const auth = { authorization: 'Bearer t' };
const json = { ...auth, 'content-type': 'application/json' };

/** Every scope any operation asks for: the test's user may do anything but act for someone else. */
function allScopes(m: ApiModel): string[] {
  const scopes = new Set<string>();
  for (const op of m.operations) for (const requirement of op.security) for (const list of Object.values(requirement)) for (const s of list) scopes.add(s);
  return [...scopes].sort();
}

beforeAll(async () => {
  model = await loadProjectModel();
  built = await buildPackages(model);
  server = await importServer(built);
  const scopes = allScopes(model);
  mock = await serveMock({ specPath: SPEC_PATH, port: 0, seed: 1, mock: { authenticate: () => ({ kind: 'user', userId: '42', scopes }) } });
}, 180_000);
afterAll(async () => {
  await mock?.close();
  built?.cleanup();
});

const REQUESTS: { name: string; path: string; init?: RequestInit }[] = [
  { name: 'an incomplete enum accepts an unlisted field', path: '/2/posts/20?post.fields=nope' },
  { name: 'listed fields', path: '/2/posts/20?post.fields=id,text' },
  { name: 'duplicate fields break uniqueItems', path: '/2/posts/20?post.fields=id,id' },
  { name: 'empty fields break minItems', path: '/2/posts/20?post.fields=' },
  { name: 'a path parameter breaking its pattern', path: '/2/users/by/username/not%20valid' },
  { name: 'a valid username', path: '/2/users/by/username/ada' },
  { name: 'max_results above its maximum', path: '/2/users/42/bookmarks?max_results=500' },
  { name: 'max_results not a number', path: '/2/users/42/bookmarks?max_results=ten' },
  { name: 'an undeclared query parameter', path: '/2/users/42/bookmarks?surprise=1' },
  { name: 'the owner rule', path: '/2/users/43/bookmarks' },
  { name: 'no credentials', path: '/2/users/42/bookmarks', init: { headers: {} } },
  { name: 'an unknown route', path: '/2/nowhere' },
  { name: 'a method the route lacks', path: '/2/users/42/bookmarks', init: { method: 'PATCH' } },
  { name: 'a valid post', path: '/2/posts', init: { method: 'POST', headers: json, body: JSON.stringify({ text: 'hello' }) } },
  { name: 'a post body of the wrong type', path: '/2/posts', init: { method: 'POST', headers: json, body: JSON.stringify({ text: 5 }) } },
  { name: 'a post body that is not JSON', path: '/2/posts', init: { method: 'POST', headers: json, body: '{' } },
  { name: 'a post body of an undeclared media type', path: '/2/posts', init: { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: 'hi' } },
];

async function outcome(response: Response): Promise<{ status: number; type?: string }> {
  const text = await response.text();
  if (response.status < 400 || !(response.headers.get('content-type') ?? '').includes('json')) return { status: response.status };
  return { status: response.status, type: (JSON.parse(text) as { type?: string }).type };
}

describe('socialgen mock and the generated server', () => {
  it.each(REQUESTS)('agree on $name', async ({ path, init }) => {
    const headers = { ...auth, ...(init?.headers as Record<string, string> | undefined) };
    if (init?.headers && !('authorization' in (init.headers as object))) delete (headers as Record<string, string>).authorization;
    const scopes = allScopes(model);
    let reached: string | undefined;
    const everyOperation = Object.fromEntries(
      model.operations.map((op) => [op.names.method, () => {
        reached = op.names.method;
        return { status: 200, body: {} };
      }]),
    );
    const handler = server.createHandler(everyOperation, { authenticate: () => ({ kind: 'user', userId: '42', scopes }) });
    const fromServer = await outcome(await handler(new Request(`http://localhost${path}`, { ...init, headers })));
    const fromMock = await outcome(await fetch(`${mock.url}${path}`, { ...init, headers }));
    if (fromMock.status < 300) expect(reached).toBeDefined();
    else {
      expect(reached).toBeUndefined();
      expect(fromServer).toEqual(fromMock);
    }
  });

  it('accept post.fields=nope (x-enum-incomplete), where a run-time Ajv used to answer 400', async () => {
    expect((await fetch(`${mock.url}/2/posts/20?post.fields=nope`, { headers: auth })).status).toBe(200);
  });

  it('cover refusals as well as acceptances', async () => {
    const statuses = new Set<number>();
    for (const { path, init } of REQUESTS) {
      const headers = { ...auth, ...(init?.headers as Record<string, string> | undefined) };
      if (init?.headers && !('authorization' in (init.headers as object))) delete (headers as Record<string, string>).authorization;
      statuses.add((await fetch(`${mock.url}${path}`, { ...init, headers })).status);
    }
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 401, 403, 404]));
  });
});
