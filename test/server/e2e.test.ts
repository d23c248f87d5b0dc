/**
 * The reference implementation (examples/reference) on the generated server, over real loopback HTTP:
 * with plain fetch, and with the generated client where the client target builds.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildPackages, bundleEntry, importServer, loadProjectModel, ROOT, type BuiltPackages, type ServerModule } from './harness.ts';

let built: BuiltPackages;
let server: ServerModule;
let running: { url: string; close(): Promise<void> };
let clock = new Date('2026-06-01T12:00:00Z');
let client: any;
let clientError: unknown;

const auth = (userId: string | 'app') => ({ authorization: `Bearer ${userId === 'app' ? 'app-token' : `user-${userId}-token`}` });

async function get(path: string, headers: Record<string, string> = auth('1')) {
  const r = await fetch(running.url + path, { headers });
  return { status: r.status, type: r.headers.get('content-type'), body: await r.json().catch(() => undefined) as any };
}

async function post(body: unknown, user = '1') {
  const r = await fetch(running.url + '/2/posts', { method: 'POST', headers: { ...auth(user), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as any };
}

beforeAll(async () => {
  const model = await loadProjectModel();
  built = await buildPackages(model);
  server = await importServer(built);
  const reference = await bundleEntry(built, join(ROOT, 'examples/reference/server.ts'), 'reference.mjs');
  const { createReferenceHandler } = await import(pathToFileURL(reference).href);
  const handler = createReferenceHandler({ reference: { now: () => clock }, server: { development: true } });
  running = await server.serve(handler, { port: 0, hostname: '127.0.0.1' });
  try {
    const clientSrc = await buildClient(built, model);
    if (clientSrc) {
      const bundle = await bundleEntry(built, clientSrc, 'client.mjs', { '@social-posting/client': clientSrc });
      const { createClient } = await import(pathToFileURL(bundle).href);
      client = createClient({ baseUrl: running.url, auth: { oauth2: 'user-1-token', bearer: 'app-token' } });
    }
  } catch (error) {
    clientError = error;
  }
}, 180_000);

afterAll(async () => {
  await running?.close();
  built?.cleanup();
});

describe('get bookmarks', () => {
  it('pages through every bookmark with next_token and back with previous_token', async () => {
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const r = await get(`/2/users/1/bookmarks?max_results=10${token ? `&pagination_token=${token}` : ''}`);
      expect(r.status).toBe(200);
      seen.push(...r.body.data.map((p: any) => p.id));
      expect(r.body.meta.result_count).toBe(r.body.data.length);
      if (pages > 0) expect(r.body.meta.previous_token).toMatch(/^[0-9a-z]+$/);
      token = r.body.meta.next_token;
      pages++;
    } while (token);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
  });

  it('returns the default members and the requested post.fields', async () => {
    const r = await get('/2/users/1/bookmarks?max_results=1&post.fields=created_at,author_id,edit_controls');
    const [first] = r.body.data;
    expect(Object.keys(first).sort()).toEqual(['author_id', 'created_at', 'edit_controls', 'edit_history_post_ids', 'id', 'text']);
  });

  it('enforces the reference: owner, scopes, user context, max_results range, token validity', async () => {
    expect((await get('/2/users/1/bookmarks', auth('2'))).status).toBe(403);
    expect((await get('/2/users/1/bookmarks', auth('app'))).body.type).toBe('/2/problems/unsupported-authentication');
    expect((await get('/2/users/1/bookmarks', {})).status).toBe(401);
    // Two bad parameters are named at once. `post.fields` members must be unique; unknown members are
    // accepted because the spec marks the list incomplete (x-enum-incomplete: members after `text` exist).
    const bad = await get('/2/users/1/bookmarks?max_results=0&post.fields=id,id');
    expect(bad.status).toBe(400);
    expect(bad.type).toBe('application/problem+json');
    expect(bad.body.errors).toHaveLength(2);
    expect(bad.body.errors.flatMap((e: { parameters: Record<string, string[]> }) => Object.keys(e.parameters)).sort()).toEqual(['max_results', 'post.fields']);
    expect((await get('/2/users/1/bookmarks?post.fields=id,some_future_member')).status).toBe(200);
    const token = await get('/2/users/1/bookmarks?pagination_token=zz');
    expect(token.status).toBe(400);
    expect(token.body.errors[0].parameters).toEqual({ pagination_token: ['zz'] });
  });
});

describe('lookups', () => {
  it('finds a post by id, or answers resource-not-found', async () => {
    const list = await get('/2/users/1/bookmarks?max_results=1');
    const id = list.body.data[0].id;
    const r = await get(`/2/posts/${id}?post.fields=public_metrics`, auth('app'));
    expect(r.status).toBe(200);
    expect(r.body.data.id).toBe(id);
    expect(r.body.data.public_metrics.bookmark_count).toBe(1);
    const missing = await get('/2/posts/123', auth('app'));
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ type: '/2/problems/resource-not-found', resource_type: 'post', resource_id: '123' });
  });

  it('finds a user by username (case-insensitive) with user.fields', async () => {
    const r = await get('/2/users/by/username/ADA?user.fields=created_at,description', auth('app'));
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ id: '1', name: 'Ada Lovelace', username: 'ada', created_at: '2020-01-01T00:00:00.000Z', description: 'Analyst' });
    expect((await get('/2/users/by/username/nobody', auth('app'))).status).toBe(404);
    expect((await get('/2/users/by/username/not-valid!', auth('app'))).status).toBe(400);
  });
});

describe('create post', () => {
  it('creates posts up to 25,000 characters; the text beyond 280 goes to note_post', async () => {
    const long = 'é'.repeat(25_000);
    const created = await post({ text: long });
    expect(created.status).toBe(201);
    const r = await get(`/2/posts/${created.body.data.id}?post.fields=note_post`);
    expect([...r.body.data.text]).toHaveLength(280);
    expect(r.body.data.note_post.text).toBe(long);
    expect((await post({ text: long + 'x' })).status).toBe(400);
  });

  it('applies the poll limits', async () => {
    expect((await post({ text: 'poll', poll: { options: ['yes', 'no'], duration_minutes: 5 } })).status).toBe(201);
    for (const poll of [
      { options: ['only'], duration_minutes: 60 },
      { options: ['a', 'b', 'c', 'd', 'e'], duration_minutes: 60 },
      { options: ['a', 'x'.repeat(26)], duration_minutes: 60 },
      { options: ['a', ''], duration_minutes: 60 },
      { options: ['a', 'b'], duration_minutes: 4 },
      { options: ['a', 'b'], duration_minutes: 10081 },
    ]) {
      const r = await post({ text: 'poll', poll });
      expect(r.status, JSON.stringify(poll)).toBe(400);
      expect(r.body.type).toBe('/2/problems/invalid-request');
    }
  });

  it('edits within the hour with edits_remaining, for premium users and their own posts only', async () => {
    const original = await post({ text: 'first version' });
    let latest = original.body.data.id as string;
    for (let i = 1; i <= 5; i++) {
      const edited = await post({ text: `version ${i + 1}`, edit_options: { previous_post_id: latest } });
      expect(edited.status).toBe(201);
      expect(edited.body.data.edit_history_post_ids).toHaveLength(i + 1);
      latest = edited.body.data.id;
      const view = await get(`/2/posts/${latest}?post.fields=edit_controls`);
      expect(view.body.data.edit_controls.edits_remaining).toBe(5 - i);
    }
    const sixth = await post({ text: 'too many', edit_options: { previous_post_id: latest } });
    expect(sixth.status).toBe(403);
    expect(sixth.body.detail).toMatch(/no edits remaining/);
    const stale = await post({ text: 'old', edit_options: { previous_post_id: original.body.data.id } });
    expect(stale.status).toBe(403);

    const other = await post({ text: 'ada again' });
    expect((await post({ text: 'not mine', edit_options: { previous_post_id: other.body.data.id } }, '3')).status).toBe(403);
    const basic = await post({ text: 'grace writes' }, '2');
    const notPremium = await post({ text: 'edit', edit_options: { previous_post_id: basic.body.data.id } }, '2');
    expect(notPremium.status).toBe(403);
    expect(notPremium.body.detail).toMatch(/premium/);
    expect((await post({ text: 'x', edit_options: { previous_post_id: '999' } })).status).toBe(404);

    clock = new Date(clock.getTime() + 61 * 60 * 1000);
    const late = await post({ text: 'late edit', edit_options: { previous_post_id: other.body.data.id } });
    expect(late.status).toBe(403);
    expect(late.body.detail).toMatch(/edit window/);
    const view = await get(`/2/posts/${other.body.data.id}?post.fields=edit_controls`);
    expect(view.body.data.edit_controls.is_edit_eligible).toBe(false);
  });
});

describe('recent search', () => {
  it('matches terms, phrases, negation, from: and OR within the last 7 days', async () => {
    const search = async (q: string) => (await get(`/2/posts/search/recent?query=${encodeURIComponent(q)}&post.fields=author_id,created_at`, auth('app'))).body;
    const compilers = await search('compilers');
    expect(compilers.data.length).toBeGreaterThan(0);
    for (const p of compilers.data) {
      expect(p.text.toLowerCase()).toContain('compilers');
      expect(Date.parse(p.created_at)).toBeGreaterThanOrEqual(clock.getTime() - 7 * 86400_000);
    }
    const fromGrace = await search('from:grace');
    expect(fromGrace.data.every((p: any) => p.author_id === '2')).toBe(true);
    const negated = await search('"typed code" -#4');
    expect(negated.data.every((p: any) => !p.text.includes('#4'))).toBe(true);
    const either = await search('moths OR machines');
    expect(either.data.length).toBeGreaterThan(0);
    expect((await search('zebra')).meta.result_count).toBe(0);
    const empty = await get('/2/posts/search/recent?query=', auth('app'));
    expect(empty.status).toBe(400);
    expect((await get('/2/posts/search/recent', auth('app'))).body.errors[0].parameters).toEqual({ query: [] });
  });
});

describe('with the generated client', () => {
  it('drives the reference server', async (context) => {
    if (!client) {
      context.skip(`the client target did not build: ${String(clientError ?? 'not available')}`);
      return;
    }
    const page = await client.getUserBookmarks({ id: '1', max_results: 5 });
    expect(page.data).toHaveLength(5);
    const user = await client.findUserByUsername({ username: 'grace' });
    expect(user.data.username).toBe('grace');
    const created = await client.createPost({ body: { text: 'from the client' } });
    expect(created.data.text).toBe('from the client');
    const ids: string[] = [];
    for await (const item of client.paginate.getUserBookmarks({ id: '1', max_results: 10 }).items()) ids.push(item.id);
    expect(ids).toHaveLength(23);
    await expect(client.findPostById({ id: '123' })).rejects.toMatchObject({ status: 404 });
  });
});
