/**
 * The mock: every operation answers schema-valid data (checked by development mode, which turns a
 * mismatch into a 500), deterministically from the seed, with pagination; `serveMock` serves a spec file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockCommand } from '../pipeline/helpers.ts';
import type { ApiModel } from '../../generator/src/model/types.ts';
import { serveMock } from '../../generator/src/cli/commands/mock-serve.ts';
import { sample, seededRandom } from '../../generator/src/emit/server/runtime/sample.ts';
import { SamplePlanner } from '../../generator/src/emit/server/sample-plan.ts';
import { factsOf } from '../../generator/src/model/facts/index.ts';
import { buildPackages, importServer, loadProjectModel, SPEC_PATH, type BuiltPackages, type ServerModule } from './harness.ts';

/** Credentials of a kind every operation of the project spec accepts (the mock checks presence, not validity). */
const AUTH = { authorization: 'Bearer any-token' };

let model: ApiModel;
let built: BuiltPackages;
let server: ServerModule;

beforeAll(async () => {
  model = await loadProjectModel();
  built = await buildPackages(model);
  server = await importServer(built);
}, 120_000);
afterAll(() => built?.cleanup());

/** A request every validator accepts: parameters and body sampled from their schemas (request-side plans). */
function validRequest(op: ApiModel['operations'][number], planner: SamplePlanner): Request {
  const random = seededRandom(op.operationId);
  const sampled = (schema: Parameters<SamplePlanner['plan']>[0]) => sample(planner.plan(schema), { plans: planner.plans, random }, 1);
  let path = op.path;
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    if (!p.required) continue;
    const value = sampled(p.schema);
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(text));
    else if (p.in === 'query') query.set(p.name, text);
  }
  const init: RequestInit = { method: op.method.toUpperCase(), headers: AUTH };
  if (op.requestBody) {
    const media = op.requestBody.content[0];
    init.headers = { ...AUTH, 'content-type': media.mediaType };
    init.body = JSON.stringify(sampled(media.schema));
  }
  return new Request(`http://localhost${path}${query.size ? '?' + query : ''}`, init);
}

describe('createMockHandler', () => {
  it('answers every operation with a declared, schema-valid success response', async () => {
    const errors: unknown[] = [];
    const mock = server.createMockHandler({ seed: 'all', development: true, onError: (e: unknown) => errors.push(e) });
    const planner = new SamplePlanner(factsOf(model), 'request');
    const failures: string[] = [];
    for (const op of model.operations) {
      for (const seed of ['a', 'b', 'c']) {
        const m = server.createMockHandler({ seed, development: true, onError: (e: unknown) => errors.push(e) });
        const response = await m(validRequest(op, planner));
        if (response.status >= 300) failures.push(`${op.operationId} (${seed}): ${response.status} ${await response.text()}`);
        else await response.arrayBuffer();
      }
    }
    void mock;
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('is deterministic for a seed and differs across seeds', async () => {
    const body = async (seed: string) => (await server.createMockHandler({ seed })(new Request('http://localhost/2/posts/20?post.fields=id,text', { headers: AUTH }))).text();
    expect(await body('x')).toBe(await body('x'));
    expect(await body('x')).not.toBe(await body('y'));
  });

  it('honours pagination: page size, next_token valid for pagination_token, result_count, a last page without one', async () => {
    const mock = server.createMockHandler({ seed: 'pages', pages: 3, development: true });
    const get = async (q: string) => (await (await mock(new Request(`http://localhost/2/users/42/bookmarks?${q}`, { headers: AUTH }))).json()) as any;
    // The listing is 3 pages at the default page size (10): 30 items, in pages of 7 that is 7, 7, 7, 7 and 2.
    const pages = [await get('max_results=7')];
    while (pages.at(-1).meta.next_token !== undefined) {
      expect(pages.at(-1).meta.next_token).toMatch(/^[0-9a-z]+$/);
      pages.push(await get(`max_results=7&pagination_token=${pages.at(-1).meta.next_token}`));
    }
    expect(pages.map((p) => p.data.length)).toEqual([7, 7, 7, 7, 2]);
    expect(pages.map((p) => p.meta.result_count)).toEqual([7, 7, 7, 7, 2]);
    const items = pages.flatMap((p) => p.data.map((i: unknown) => JSON.stringify(i)));
    expect(new Set(items).size).toBe(30);
    // The same listing at the default size: the same items in the same order.
    const whole = [await get('')];
    while (whole.at(-1).meta.next_token !== undefined) whole.push(await get(`pagination_token=${whole.at(-1).meta.next_token}`));
    expect(whole.flatMap((p) => p.data.map((i: unknown) => JSON.stringify(i)))).toEqual(items);
  });

  it('still validates requests, requires credentials (unless checkAuth: false), and checks them when given authenticate', async () => {
    const mock = server.createMockHandler();
    expect((await mock(new Request('http://localhost/2/users/42/bookmarks?max_results=500', { headers: AUTH }))).status).toBe(400);
    const anonymous = await mock(new Request('http://localhost/2/users/42/bookmarks'));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/Bearer/);
    expect((await mock(new Request('http://localhost/2/users/42/bookmarks', { headers: AUTH }))).status).toBe(200);
    const open = server.createMockHandler({ checkAuth: false });
    expect((await open(new Request('http://localhost/2/users/42/bookmarks'))).status).toBe(200);
    const secured = server.createMockHandler({ authenticate: () => ({ kind: 'app' }) });
    expect((await secured(new Request('http://localhost/2/users/42/bookmarks'))).status).toBe(401);
    const app = await secured(new Request('http://localhost/2/users/42/bookmarks', { headers: { authorization: 'Bearer x' } }));
    expect(app.status).toBe(403);
  });
});

/** `socialgen mock` of the project spec as a process. */
const startCommand = (args: string[]) => startMockCommand(['--spec', SPEC_PATH, ...args]);

describe('serveMock (socialgen mock)', () => {
  it('the command requires credentials by default, and --no-auth-check lets requests through', async () => {
    const checking = await startCommand([]);
    const open = await startCommand(['--no-auth-check']);
    try {
      expect((await fetch(`${checking.url}/2/users/by/username/ada`)).status).toBe(401);
      expect((await fetch(`${checking.url}/2/users/by/username/ada`, { headers: AUTH })).status).toBe(200);
      const anonymous = await fetch(`${open.url}/2/users/by/username/ada`);
      expect(anonymous.status).toBe(200);
      expect(((await anonymous.json()) as any).data.username).toBe('ada');
    } finally {
      checking.stop();
      open.stop();
    }
  }, 120_000);

  it('serves a spec file on loopback', async () => {
    const running = await serveMock({ specPath: SPEC_PATH, port: 0, seed: 3 });
    try {
      const r = await fetch(`${running.url}/2/users/by/username/ada`, { headers: AUTH });
      expect(r.status).toBe(200);
      const body = (await r.json()) as any;
      expect(typeof body.data.id).toBe('string');
      const again = (await (await fetch(`${running.url}/2/users/by/username/ada`, { headers: AUTH })).json()) as any;
      expect(again).toEqual(body);
      const bad = await fetch(`${running.url}/2/users/by/username/not%20valid`, { headers: AUTH });
      expect(bad.status).toBe(400);
      expect(bad.headers.get('content-type')).toBe('application/problem+json');
    } finally {
      await running.close();
    }
  });
});
