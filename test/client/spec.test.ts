/**
 * The client generated from the real spec (spec/social-posting.openapi.yaml) with the real types target
 * (and the real validators target once it exists): strict type-check with a usage file, and a run of the
 * bundled client against a loopback server.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModel } from '../../generator/src/load-model.ts';
import { generateInMemory, writeFiles } from '../helpers/generate.ts';
import { repoRoot, tempDir } from '../helpers/paths.ts';
import { STRICT_COMPILER_OPTIONS, typecheck } from '../helpers/typecheck.ts';

const SPEC = path.join(repoRoot, 'spec/social-posting.openapi.yaml');
const hasValidators = existsSync(path.join(repoRoot, 'generator/src/emit/validators/index.ts'));

let tmp: { dir: string; remove(): void };
let mod: Record<string, any>;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  tmp = tempDir('socialgen-client-spec-');
  const files = await generateInMemory(SPEC, hasValidators ? ['types', 'validators', 'client'] : ['types', 'client'], { format: false });
  writeFiles(tmp.dir, files);
  if (!hasValidators) {
    mkdirSync(path.join(tmp.dir, 'validators/src'), { recursive: true });
    writeFileSync(path.join(tmp.dir, 'validators/src/index.ts'), 'export const operationValidators: Record<string, object> = {};\n');
  }
  writeFileSync(path.join(tmp.dir, 'client/usage.ts'), readFileSync(path.join(import.meta.dirname, 'fixtures/usage-spec.ts.txt'), 'utf8'));
  writeFileSync(
    path.join(tmp.dir, 'client/tsconfig.check.json'),
    JSON.stringify({
      compilerOptions: {
        ...STRICT_COMPILER_OPTIONS,
        // Generated .ts only: skipLibCheck leaves out TypeScript's own lib (~4 s of CPU), nothing of ours.
        skipLibCheck: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        noUnusedLocals: true,
        rootDir: '..',
        baseUrl: '.',
        paths: { '@social-posting/types': ['../types/src/index.ts'], '@social-posting/validators': ['../validators/src/index.ts'] },
      },
      include: ['src', 'usage.ts'],
    }),
  );
  // Run it the way a browser app would: bundled, with the validators package resolved by name.
  const out = await build({
    entryPoints: [path.join(tmp.dir, 'client/src/index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    alias: { '@social-posting/validators': path.join(tmp.dir, 'validators/src/index.ts') },
    logLevel: 'silent',
  });
  const bundled = path.join(tmp.dir, 'bundle.mjs');
  writeFileSync(bundled, out.outputFiles[0].text);
  mod = await import(pathToFileURL(bundled).href);

  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/2/users/2244994945/bookmarks') {
      const token = url.searchParams.get('pagination_token');
      return send(
        200,
        token
          ? { data: [{ id: '3', text: 'c' }], meta: { result_count: 1 } }
          : {
              data: [
                { id: '1', text: 'a' },
                { id: '2', text: 'b' },
              ],
              meta: { result_count: 2, next_token: 'zz9' },
            },
      );
    }
    if (url.pathname === '/2/posts/404') {
      return send(
        404,
        {
          type: 'https://api.example.com/2/problems/resource-not-found',
          title: 'Not Found Error',
          detail: 'Could not find post with id: [404].',
          resource_type: 'post',
          resource_id: '404',
          parameter: 'id',
          value: '404',
        },
        'application/problem+json',
      );
    }
    send(404, { type: 'about:blank', title: 'Not Found' }, 'application/problem+json');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  tmp?.remove();
});

describe('client for spec/social-posting.openapi.yaml', () => {
  it('type-checks strictly (no Node types, exactOptionalPropertyTypes, noUncheckedIndexedAccess) with its usage file', () => {
    const result = typecheck(path.join(tmp.dir, 'client'), 'tsconfig.check.json');
    // Only the client's own files and the usage file are judged here; the other packages have their own tests.
    const ours = [...result.errorsByFile].filter(([file]) => !file.startsWith('..')).flatMap(([, lines]) => lines);
    expect(ours).toEqual([]);
    expect(result.output.includes('error TS') ? ours.length === 0 : result.ok).toBe(true);
  });

  it('has one method per operation and paginate entries for x-pagination', async () => {
    const client = mod.createClient({ baseUrl });
    const ops = mod.operations as { id: string; stream?: boolean }[];
    expect(ops.length).toBeGreaterThan(20);
    for (const op of ops) expect(typeof client[op.id]).toBe('function');
    // The model's paginated operations (x-pagination), those not streamed.
    const { model } = await loadModel(SPEC);
    const paginated = model.operations.filter((op) => op.pagination).map((op) => op.names.method);
    const expected = paginated.filter((id) => !ops.find((o) => o.id === id)!.stream);
    expect(expected.length).toBeGreaterThan(0);
    expect(Object.keys(client.paginate).sort()).toEqual(expected.sort());
    expect(ops.find((o) => o.id === 'getUserBookmarks')).toMatchObject({
      method: 'GET',
      path: '/2/users/{id}/bookmarks',
      security: [['oauth2']],
    });
  });

  it('bookmarks need user context: an app token alone fails before any request', async () => {
    const client = mod.createClient({ baseUrl, auth: { bearer: 'app' } });
    const e = await client.getUserBookmarks({ id: '2244994945' }).then(undefined, (x: unknown) => x);
    expect(e).toBeInstanceOf(mod.CredentialsError);
    expect(e.message).toContain('needs auth.oauth2');
  });

  it('paginates bookmarks over loopback and narrows a resource-not-found problem', async () => {
    const client = mod.createClient({ baseUrl, auth: { bearer: 'app', oauth2: 'user' } });
    const ids = [];
    for await (const post of client.paginate.getUserBookmarks({ id: '2244994945', max_results: 2 }).items()) ids.push(post.id);
    expect(ids).toEqual(['1', '2', '3']);
    const e = await client.findPostById({ id: '404' }).then(undefined, (x: unknown) => x);
    expect(mod.isProblem(e, 'resource-not-found')).toBe(true);
    expect(e.problem.resource_type).toBe('post');
  });

  it.runIf(hasValidators)('request validation: max_results 101 on getUserBookmarks fails locally with the validator message', async () => {
    let sent = 0;
    const client = mod.createClient({
      baseUrl,
      auth: { oauth2: 'user' },
      validate: { request: true },
      fetch: async () => (sent++, new Response('{}')),
    });
    const e = await client.getUserBookmarks({ id: '2244994945', max_results: 101 }).then(undefined, (x: unknown) => x);
    expect(e).toBeInstanceOf(mod.RequestValidationError);
    expect(e.location).toBe('query');
    expect(e.message).toContain(e.errors[0].message);
    expect(e.errors[0].instancePath).toContain('max_results');
    expect(sent).toBe(0);
  });
});
