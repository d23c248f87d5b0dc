/**
 * Server middleware around the generated server's handlers, over loopback with plain fetch (the wire
 * as it is): order, a short-circuit, a replaced result, errors mapped by `onError`, and errors nobody maps
 * (thrown by a handler or by a hook) answered as RFC 7807 problems, never a stack.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSpecsDir } from '../helpers/paths.ts';
import { buildFixture, type Built } from './build.ts';

let built: Built;
const running: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  built = await buildFixture(path.join(fixtureSpecsDir, 'mw-middleware.yaml'));
}, 120_000);

afterAll(async () => {
  for (const r of running) await r.close();
  built?.remove();
});

const handlers = {
  getThing: (ctx: { params: { id: string } }) => {
    if (ctx.params.id === 'boom') throw new Error('secret internals');
    if (ctx.params.id === 'conflict') throw Object.assign(new Error('taken'), { code: 'CONFLICT' });
    return { status: 200, body: { id: ctx.params.id, name: 'thing' } };
  },
  listThings: () => ({ status: 200, body: [] }),
  createThing: (ctx: { body: { name: string } }) => ({ status: 201, body: { id: 'n1', name: ctx.body.name } }),
};

async function serve(options: Record<string, unknown>, own: Record<string, unknown> = handlers): Promise<string> {
  const server = await built.server.serve(built.server.createHandler(own, { authenticate: () => ({ kind: 'app', appId: 'a1' }), ...options }), { port: 0 });
  running.push(server);
  return server.url;
}

const get = (url: string) => fetch(url, { headers: { authorization: 'Bearer t' } });

describe('server middleware', () => {
  it('runs onRequest in order, then the handler, then onResponse in reverse, with the validated context', async () => {
    const log: string[] = [];
    const named = (name: string) => ({
      onRequest: ({ operation, context }: any) => void log.push(`${name}:request ${operation} ${context.params.id} ${context.principal.appId}`),
      onResponse: ({ result }: any) => void log.push(`${name}:response ${result.status}`),
    });
    const url = await serve({ middleware: [named('a'), named('b')] });
    const res = await get(`${url}/things/7`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: '7', name: 'thing' });
    expect(log).toEqual(['a:request getThing 7 a1', 'b:request getThing 7 a1', 'b:response 200', 'a:response 200']);
  });

  it('onRequest answers instead of the handler; the middleware before it still see the answer', async () => {
    let handled = false;
    const log: string[] = [];
    const url = await serve(
      {
        middleware: [
          { onResponse: ({ result }: any) => void log.push(`outer ${result.status}`) },
          { onRequest: ({ context }: any) => (context.params.id === 'secret' ? { status: 403, body: { type: 'about:blank', title: 'Forbidden', status: 403 } } : undefined) },
          { onRequest: () => void log.push('inner') },
        ],
      },
      { ...handlers, getThing: () => ((handled = true), { status: 200, body: { id: 'x', name: 'x' } }) },
    );
    const res = await get(`${url}/things/secret`);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({ title: 'Forbidden' });
    expect(handled).toBe(false);
    expect(log).toEqual(['outer 403']);
  });

  it('onResponse replaces the result (a header added, the body rewritten)', async () => {
    const url = await serve({
      middleware: [{ onResponse: ({ result }: any) => ({ ...result, headers: { ...result.headers, 'x-served-by': 'mw' }, body: { ...result.body, name: 'wrapped' } }) }],
    });
    const res = await get(`${url}/things/1`);
    expect(res.headers.get('x-served-by')).toBe('mw');
    expect(await res.json()).toEqual({ id: '1', name: 'wrapped' });
  });

  it('onError maps what the handler threw to a declared response', async () => {
    const url = await serve({
      middleware: [
        {
          onError: ({ error }: any) =>
            error.code === 'CONFLICT' ? { status: 403, body: { type: 'about:blank', title: 'Mapped', status: 403, detail: error.message } } : undefined,
        },
      ],
    });
    const res = await get(`${url}/things/conflict`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ type: 'about:blank', title: 'Mapped', status: 403, detail: 'taken' });
  });

  it('an error nobody maps (handler or hook) is a 500 problem without internals, reported to options.onError', async () => {
    const reported: unknown[] = [];
    const hookFailure = new Error('hook exploded');
    const url = await serve({
      onError: (error: unknown) => void reported.push(error),
      middleware: [
        { onError: () => undefined },
        { onRequest: ({ context }: any) => { if (context.params.id === 'hook') throw hookFailure; } },
      ],
    });
    for (const id of ['boom', 'hook']) {
      const res = await get(`${url}/things/${id}`);
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ status: 500 });
      expect(text).not.toMatch(/secret internals|hook exploded|at /);
    }
    expect(reported.map((e) => (e as Error).message)).toEqual(['secret internals', 'hook exploded']);
  });

  it('a hook returning something that is not a result is a 500 problem too, and an onError that throws passes its error on', async () => {
    const reported: unknown[] = [];
    const url = await serve({
      onError: (error: unknown) => void reported.push(error),
      middleware: [{ onError: ({ error }: any) => { throw new Error(`wrapped: ${error.message}`); } }, { onResponse: () => 'nonsense' }],
    });
    const res = await get(`${url}/things/1`);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ status: 500 });
    expect((reported[0] as Error).message).toBe('wrapped: onResponse must return a result ({ status, body?, headers? }) or nothing');
  });

  it('requests refused before the handler (validation, authentication) do not run the hooks', async () => {
    const log: string[] = [];
    const url = await serve({ middleware: [{ onRequest: () => void log.push('request') }] });
    const res = await fetch(`${url}/things/1`);
    expect(res.status).toBe(401);
    const bad = await fetch(`${url}/things`, { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: '{"name":""}' });
    expect(bad.status).toBe(400);
    expect(log).toEqual([]);
  });
});
