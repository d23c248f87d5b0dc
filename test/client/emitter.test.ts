import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmittedFile } from '../../generator/src/emit/emitter.ts';
import { clientEmitter } from '../../generator/src/emit/client/index.ts';
import { operationSpec } from '../../generator/src/emit/client/operations.ts';
import { EVIL, fixtureModel } from './fixtures/model.ts';
import { context, generateFixtureClient, runTsc } from './generate.ts';

describe('client emitter on a hand-built model', () => {
  let files: EmittedFile[];
  let dir: string;

  beforeAll(async () => {
    ({ files, dir } = await generateFixtureClient({ usage: true }));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('declares itself', () => {
    expect(clientEmitter.name).toBe('client');
    expect(clientEmitter.dependsOn).toEqual(['types', 'validators']);
  });

  it('emits the runtime, the operation table, the client, the problems and the root', () => {
    const paths = files.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'src/index.ts',
        'src/client.ts',
        'src/operations.ts',
        'src/problems.ts',
        'src/runtime/core.ts',
        'src/runtime/oauth1.ts',
      ]),
    );
    expect(paths.every((p) => p.startsWith('src/'))).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('is deterministic', () => {
    expect(clientEmitter.emit(fixtureModel, context)).toEqual(files);
  });

  it('imports nothing but its own files, the types package (type-only) and the validators package (lazily)', () => {
    const imports = files.flatMap((f) =>
      [...f.contents.matchAll(/(?:import|export)\s[^'"]*?from\s+(['"])([^'"]+)\1|import\((['"])([^'"]+)\3\)/g)].map((m) => m[2] ?? m[4]),
    );
    const external = new Set(imports.filter((s) => !s.startsWith('./') && !s.startsWith('../')));
    expect([...external].sort()).toEqual(['@fixture/types', '@fixture/validators']);
    for (const f of files) {
      expect(f.contents).not.toMatch(/from ['"]node:/);
      for (const m of f.contents.matchAll(/^import (?!type)[^;]*from ['"]@social-posting\/types['"]/gm))
        throw new Error(`value import of types in ${f.path}: ${m[0]}`);
    }
  });

  it('operation table: methods, paths, styles, renamed keys, security kinds, pagination, streaming', () => {
    const byId = Object.fromEntries(fixtureModel.operations.map((op) => [op.operationId, operationSpec(fixtureModel, op)]));
    expect(byId.getUserBookmarks).toEqual({
      id: 'getUserBookmarks',
      method: 'GET',
      path: '/2/users/{id}/bookmarks',
      params: [
        { name: 'id', in: 'path' },
        { name: 'max_results', in: 'query' },
        { name: 'pagination_token', in: 'query' },
        { name: 'post.fields', in: 'query', explode: false },
      ],
      security: [['oauth2'], ['oauth1']],
      paginate: { token: 'pagination_token', next: '/meta/next_token', items: '/data' },
      rateLimit: { limit: 'x-rate-limit-limit', remaining: 'x-rate-limit-remaining', reset: 'x-rate-limit-reset' },
    });
    expect(byId.deleteConnections.params).toEqual([
      { name: 'id', in: 'path' },
      { name: 'id', in: 'query', key: 'query:id' },
      { name: 'X-Request-Tag', in: 'header' },
    ]);
    expect(byId.getPostById.security).toEqual([['bearer'], ['oauth2'], ['oauth1']]);
    expect(byId.getHealth.security).toBeUndefined();
    expect(byId.streamPosts.stream).toEqual({ media: [{ type: 'application/json', format: 'ndjson' }] });
    expect(byId.createPost.body).toBe('application/json');
    // The unsupported (unknown) scheme's alternative is dropped; the bearer one stays.
    expect(byId.evilOperation.security).toEqual([['bearer']]);
  });

  it('entries carry the runtime pieces their operation needs, and only those (the core has no fallback for them)', () => {
    const table = files.find((f) => f.path === 'src/operations.ts')!.contents;
    const entryOf = (name: string) => table.slice(table.indexOf(`export const ${name}: OperationSpec`)).split('\n};')[0]!;
    // OAuth 1.0a is an alternative: the entry applies it with extraAuth; an operation without security has none.
    expect(entryOf('getUserBookmarks')).toContain('extraAuth');
    expect(entryOf('getHealth')).not.toContain('extraAuth');
    // A header parameter needs the writer of every style; a JSON body its encoder.
    expect(entryOf('deleteConnections')).toContain('styles: writeParam');
    expect(entryOf('getUserBookmarks')).not.toContain('styles');
    expect(entryOf('createPost')).toContain('encode: encodeBody');
    // Pagination is read from the paginations table (createClient only), not from the entry.
    expect(entryOf('getUserBookmarks')).not.toContain('paginate');
    expect(table).toMatch(/export const paginations[^=]*= \{\n  getUserBookmarks: \{ token: 'pagination_token'/);
  });

  it('JSDoc: summary, description, scopes, limits that apply (and only those), deprecation with sunset', () => {
    const client = files.find((f) => f.path === 'src/client.ts')!.contents;
    expect(client).toContain('Bookmarks of the authenticated user');
    expect(client).toContain('OAuth 2.0 (OAuth2UserToken) with scopes `bookmark.read`, `post.read`, `users.read`');
    expect(client).toContain('`BOOKMARKS_MAX_RESULTS`: Get bookmarks max_results: 1 to 100');
    expect(client).not.toContain('OTHER');
    expect(client).toContain('@deprecated The API deprecates this operation. Sunset: 2026-03-25T16:00:00Z.');
  });

  it('spec strings cannot escape comments or literals', async () => {
    for (const f of files) {
      // Every occurrence of the payload is inside a string literal or a sanitized comment: no raw `*/` + code.
      expect(f.contents).not.toContain('*/ globalThis.pwned = 1; /*\n');
      expect(f.contents).not.toContain('\u2028');
    }
    const mod = await import(pathToFileURL(join(dir, 'client/src/index.ts')).href);
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
    const seen: string[] = [];
    const c = mod.createClient({
      baseUrl: 'https://h',
      auth: { bearer: 'b' },
      fetch: async (url: string) => (seen.push(url), new Response('{}', { headers: { 'content-type': 'application/json' } })),
    });
    await c.evilOperation({ "it's": "a'b", [EVIL]: EVIL, ['__proto__']: 'p' });
    expect(seen[0]).toBe(
      `https://h/2/evil/a%27b/x?__proto__=p&${encodeURIComponent(EVIL).replace(/[!'()*]/g, (ch) => '%' + ch.charCodeAt(0).toString(16).toUpperCase())}=${encodeURIComponent(EVIL).replace(/[!'()*]/g, (ch) => '%' + ch.charCodeAt(0).toString(16).toUpperCase())}`,
    );
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
  });

  it('the generated package type-checks under strict settings, and its types reject wrong calls', () => {
    expect(runTsc(join(dir, 'client'))).toBe('');
  });

  it('the generated client runs: request validation through the validators package, isProblem, isApiError', async () => {
    const mod = await import(pathToFileURL(join(dir, 'client/src/index.ts')).href);
    const calls: string[] = [];
    const fetch = async (url: string) => {
      calls.push(url);
      return new Response(
        JSON.stringify({ type: 'https://api.example.com/2/problems/usage-capped', title: 'Usage capped', period: 'Monthly' }),
        {
          status: 429,
          headers: { 'content-type': 'application/problem+json', 'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 3600) },
        },
      );
    };
    const c = mod.createClient({ baseUrl: 'https://h', auth: { oauth2: 'u' }, fetch, validate: { request: true } });
    const invalid = await c.getUserBookmarks({ id: '1', max_results: 101 }).then(undefined, (e: unknown) => e);
    expect(invalid).toBeInstanceOf(mod.RequestValidationError);
    expect((invalid as Error).message).toContain('must be <= 100');
    expect(calls).toHaveLength(0);
    const capped = await c.getUserBookmarks({ id: '1', max_results: 100 }).then(undefined, (e: unknown) => e);
    expect(capped).toBeInstanceOf(mod.RateLimitError);
    expect(mod.isProblem(capped, 'usage-capped')).toBe(true);
    expect(mod.isProblem(capped, 'invalid-request')).toBe(false);
    expect(mod.problemSlug(capped)).toBe('usage-capped');
    expect(mod.isApiError(capped, 'getUserBookmarks')).toBe(true);
    expect(mod.isApiError(capped, 'getPostById')).toBe(false);
    expect(mod.matchesProblem({ type: 'about:blank', title: 'x' }, 'about:blank')).toBe(true);
    expect(calls).toHaveLength(1);
  });
});
