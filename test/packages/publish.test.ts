/**
 * The generated packages are publishable untouched: their package.json says what npm and TypeScript need,
 * `npm pack` (its `prepack` compiles to dist/) gives tarballs publint and Are The Types Wrong accept, and
 * the tarballs installed offline into a consumer outside the repository type-check under `strict` (the
 * installed declarations included) and run: the client calling the server over loopback. Each README's
 * usage example type-checks there too.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attwEsmOnly } from '../helpers/attw.ts';
import { repoRoot } from '../helpers/paths.ts';
import {
  CONSUMER_COMPILER_OPTIONS,
  generatedDir,
  installConsumer,
  packGenerated,
  readmeExample,
  readPackageJson,
  TARGETS,
  tsc,
  type Packed,
  type TargetName,
} from './harness.ts';

/** Dependencies between the targets, in publishing order. */
const DEPENDS_ON: Record<TargetName, TargetName[]> = { types: [], validators: ['types'], client: ['types', 'validators'], server: ['types', 'validators'] };

/**
 * The consumer: a server implementing one operation with the server package, the client calling it over
 * 127.0.0.1 (port 0), a problem from a 400, a validator, and type-level facts (`@ts-expect-error`).
 * It prints one JSON line the test reads.
 */
const CONSUMER_MAIN = `
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandler, createNodeListener, type UserPrincipal } from '@social-posting/server';
import { ApiError, createClient, isApiError, isProblem } from '@social-posting/client';
import { validatePost } from '@social-posting/validators';
import { BOOKMARKS_MAX_RESULTS, type Operations, type Post } from '@social-posting/types';

const me: UserPrincipal = { kind: 'user', userId: '2244994945', scopes: ['bookmark.read', 'post.read', 'users.read'] };
const posts: Post[] = Array.from({ length: 5 }, (_, i) => ({ id: String(1000 + i), text: 'post ' + i, edit_history_post_ids: [String(1000 + i)] }));

const handler = createHandler(
  {
    async getUserBookmarks({ params, query, principal }) {
      const page = posts.slice(0, query.max_results ?? 10);
      const body: Operations['getUserBookmarks']['response'] = { data: page, meta: { result_count: page.length } };
      return { status: 200, body, headers: { 'x-user': principal.userId + ':' + params.id } };
    },
  },
  { authenticate: (credentials) => (credentials.scheme === 'bearer' && credentials.token === 'user-token' ? me : null) },
);

const server = createServer(createNodeListener(handler));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = 'http://127.0.0.1:' + (server.address() as AddressInfo).port;
const client = createClient({ baseUrl, auth: { oauth2: 'user-token' } });

try {
  const page = await client.getUserBookmarks({ id: me.userId, max_results: 2 });
  const ids: string[] = (page.data ?? []).map((post) => post.id ?? '');
  const full = await client.getUserBookmarks({ id: me.userId }).withResponse();
  const status: 200 = full.status;

  let tooMany: unknown;
  try {
    await client.getUserBookmarks({ id: me.userId, max_results: BOOKMARKS_MAX_RESULTS.value * 5 });
  } catch (error) {
    tooMany = isProblem(error, 'invalid-request')
      ? { name: error.name, status: error.status, type: error.problem.type, title: error.problem.title, parameters: error.problem.errors?.map((e) => Object.keys(e.parameters ?? {})).flat() }
      : String(error);
  }

  let anonymous: unknown;
  try {
    await createClient({ baseUrl, auth: { oauth2: 'wrong-token' } }).getUserBookmarks({ id: me.userId });
  } catch (error) {
    anonymous = error instanceof ApiError ? { status: error.status, typed: isApiError(error, 'getUserBookmarks') } : String(error);
  }

  const valid = validatePost(posts[0]);
  const invalid = validatePost({ id: 'not a number', text: 7 });

  console.log(JSON.stringify({
    ids,
    count: full.data.meta?.result_count,
    status,
    header: full.headers.get('x-user'),
    tooMany,
    anonymous,
    valid: valid.valid,
    invalid: invalid.valid ? [] : invalid.errors.map((e) => e.instancePath).sort(),
  }));
} finally {
  server.close();
}

// Type-level facts: never called, only compiled.
export function typeFacts(): void {
  // @ts-expect-error max_results is a number
  void client.getUserBookmarks({ id: '1', max_results: '5' });
  // @ts-expect-error the id is required
  void client.getUserBookmarks({});
  // @ts-expect-error no such operation
  void client.noSuchOperation;
  createHandler({
    // @ts-expect-error a status the operation does not declare
    getUserBookmarks: async () => ({ status: 299, body: {} }),
  });
}
`;

/** The server package on Web-standard Request/Response only. */
const WEB_HANDLER = `
import { createHandler, createMockHandler, type WebHandler } from '@social-posting/server';

export const handler: WebHandler = createHandler({
  async getUserBookmarks({ query }) {
    return { status: 200, body: { data: [], meta: { result_count: 0, next_token: query.pagination_token } } };
  },
});
export const mock: WebHandler = createMockHandler({ seed: 1 });
export const answer: Promise<Response> = handler(new Request('http://localhost/2/users/1/bookmarks'));
`;

let packed: Packed;
let consumer: string;

beforeAll(() => {
  packed = packGenerated();
  const files: Record<string, string> = { 'main.ts': CONSUMER_MAIN };
  for (const target of TARGETS) {
    const example = readmeExample(readFileSync(path.join(generatedDir, target, 'README.md'), 'utf8'));
    if (example) files[`readme-${target}.ts`] = example;
  }
  files['tsconfig.json'] = JSON.stringify({ compilerOptions: CONSUMER_COMPILER_OPTIONS, include: ['*.ts'] }, null, 2);
  // A Web-only server user (Deno, Bun, workers): no Node types in the program, skipLibCheck as the README says.
  files['web/handler.ts'] = WEB_HANDLER;
  files['web/tsconfig.json'] = JSON.stringify({ compilerOptions: { ...CONSUMER_COMPILER_OPTIONS, types: [], skipLibCheck: true, noEmit: true }, files: ['handler.ts'] }, null, 2);
  consumer = installConsumer(packed, files);
}, 240_000);

afterAll(() => packed?.remove());

describe('package.json of each generated package', () => {
  const version = readPackageJson(path.join(generatedDir, 'types')).version;

  it.each(TARGETS)('%s: ESM with types+import exports, no side effects, files, engines, dependencies pinned to one version', (target) => {
    const json = readPackageJson(path.join(generatedDir, target));
    expect(json.name).toBe(`@social-posting/${target}`);
    expect(json.version).toBe(version);
    expect(json.version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
    expect(json.type).toBe('module');
    expect(json.sideEffects).toBe(false);
    expect(json.exports).toEqual({ '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './package.json': './package.json' });
    expect(json.files).toEqual(['dist', 'src']);
    expect(json.engines).toEqual({ node: '>=20' });
    expect(json.license).toBe('MIT');
    expect(json.dependencies ?? {}).toEqual(Object.fromEntries(DEPENDS_ON[target].map((t) => [`@social-posting/${t}`, version])));
    // Nothing but the sibling packages at run time; Node's types only as an optional peer of the server.
    expect(Object.keys(json.peerDependencies ?? {})).toEqual(target === 'server' ? ['@types/node'] : []);
    if (target === 'server') expect(json.peerDependenciesMeta).toEqual({ '@types/node': { optional: true } });
    expect(json.scripts?.prepack).toBe('tsc -p tsconfig.json');
    expect(json.publishConfig).toEqual({ access: 'public' });
    expect([json.main, json.types]).toEqual(['./dist/index.js', './dist/index.d.ts']);
    expect(json.socialgen).toMatchObject({ target, spec: { title: 'Social Posting Service API' } });
  });

  it('the server imports node: modules only in its Node adapter, and only the adapter needs @types/node', () => {
    const files = spawnSync('grep', ['-rlE', `from ['"]node:|import\\(['"]node:`, path.join(generatedDir, 'server/src')], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean);
    expect(files.map((f) => path.relative(path.join(generatedDir, 'server'), f))).toEqual(['src/runtime/node.ts']);
    for (const target of ['types', 'validators', 'client'] as const) {
      const found = spawnSync('grep', ['-rlE', `from ['"]node:|import\\(['"]node:`, path.join(generatedDir, target, 'src')], { encoding: 'utf8' }).stdout.trim();
      expect(found, `${target} imports a node: module`).toBe('');
    }
  });

  it('the lockfile lists every generated package as a workspace, as its package.json says (npm ci accepts it)', () => {
    const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, Record<string, unknown>> };
    for (const target of TARGETS) {
      const json = readPackageJson(path.join(generatedDir, target));
      const entry = lock.packages[`generated/${target}`];
      expect(entry, `package-lock.json has no generated/${target}: run npm install`).toBeDefined();
      for (const key of ['name', 'version', 'license', 'dependencies', 'devDependencies', 'peerDependencies', 'peerDependenciesMeta', 'engines'] as const) {
        expect(entry[key], `package-lock.json generated/${target} ${key}`).toEqual(json[key]);
      }
      expect(lock.packages[`node_modules/${json.name}`]).toEqual({ resolved: `generated/${target}`, link: true });
    }
  });
});

describe('npm pack', () => {
  it.each(TARGETS)('%s: the tarball holds the compiled dist/ (ESM JavaScript, declarations, source maps), the sources, README and LICENSE', (target) => {
    const files = packed.packages[target].files.map((f) => f.path).sort();
    for (const needed of ['package.json', 'README.md', 'LICENSE', 'src/index.ts', 'dist/index.js', 'dist/index.d.ts', 'dist/index.js.map', 'dist/index.d.ts.map']) {
      expect(files).toContain(needed);
    }
    const outside = files.filter((f) => !/^(dist|src)\//.test(f) && !['package.json', 'README.md', 'LICENSE'].includes(f));
    expect(outside).toEqual([]);
    // Every module compiled: one .js, .d.ts and two maps per .ts.
    const sources = files.filter((f) => /^src\/.*\.ts$/.test(f));
    for (const src of sources) {
      const base = src.replace(/^src\//, 'dist/').replace(/\.ts$/, '');
      for (const ext of ['.js', '.js.map', '.d.ts', '.d.ts.map']) expect(files).toContain(base + ext);
    }
    const js = spawnSync('tar', ['-xOzf', packed.packages[target].tarball, 'package/dist/index.js'], { encoding: 'utf8' }).stdout;
    expect(js).toMatch(/^export /m);
    expect(js).not.toMatch(/\brequire\(|module\.exports/);
    expect(js).toContain('//# sourceMappingURL=index.js.map');
  });

  it.each(TARGETS)('%s: publint reports no problem (errors, warnings or suggestions)', async (target) => {
    const buffer = readFileSync(packed.packages[target].tarball);
    const tarball = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
    const result = await publint({ pack: { tarball }, level: 'suggestion', strict: true });
    expect(result.messages.map((m) => `${m.type} ${m.code}: ${formatMessage(m, result.pkg) ?? ''}`)).toEqual([]);
  });

  it.each(TARGETS)('%s: Are The Types Wrong (ESM-only profile) reports no problem', async (target) => {
    // The profile ignores CommonJS resolution (node10, node16 from require): the packages are ESM only.
    const report = await attwEsmOnly(packed.packages[target].tarball);
    expect(report.typed).toBe(true);
    expect(report.problems).toEqual([]);
  });
});

describe('a consumer installing the tarballs (offline, outside the repository)', () => {
  let compiled: { ok: boolean; output: string };
  beforeAll(() => {
    compiled = tsc(consumer, ['-p', 'tsconfig.json']);
    // ~12 s of CPU (every installed declaration, TypeScript's lib and Node's types checked): minutes when
    // the machine is loaded.
  }, 600_000);

  it('installs exactly the four packages and Node types, each package once (dependencies satisfied by the tarballs)', () => {
    const lock = JSON.parse(readFileSync(path.join(consumer, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
    const installed = Object.keys(lock.packages).filter(Boolean).sort();
    expect(installed).toEqual(['node_modules/@social-posting/client', 'node_modules/@social-posting/server', 'node_modules/@social-posting/types', 'node_modules/@social-posting/validators', 'node_modules/@types/node', 'node_modules/undici-types']);
  });

  it('type-checks under strict, with the installed declarations checked too (no skipLibCheck)', () => {
    expect(compiled.output).toBe('');
    expect(compiled.ok).toBe(true);
  });

  it('the server without Node types (types: [], skipLibCheck): the Web-standard handler and the mock type-check', () => {
    const web = tsc(path.join(consumer, 'web'), ['-p', 'tsconfig.json']);
    expect(web.output).toBe('');
    expect(web.ok).toBe(true);
  });

  it('only the Node adapter\'s declarations mention node: modules', () => {
    const declarations = packed.packages.server.files.map((f) => f.path).filter((f) => f.endsWith('.d.ts'));
    // The tarball unpacked once (a `tar` per file would inflate the whole archive each time).
    const unpacked = path.join(packed.dir, 'server-tarball');
    mkdirSync(unpacked);
    expect(spawnSync('tar', ['-xzf', packed.packages.server.tarball, '-C', unpacked]).status).toBe(0);
    const withNode = declarations.filter((f) => /['"]node:|\bNodeJS\.|\bBuffer\b/.test(readFileSync(path.join(unpacked, 'package', f), 'utf8')));
    expect(withNode).toEqual(['dist/runtime/node.d.ts']);
  });

  it.each(TARGETS)("%s: the README's usage example type-checks against the installed packages", (target) => {
    expect(readmeExample(readFileSync(path.join(consumer, 'node_modules/@social-posting', target, 'README.md'), 'utf8')), 'no ```ts example').toBeDefined();
    expect(compiled.output.split('\n').filter((l) => l.startsWith(`readme-${target}.ts`))).toEqual([]);
  });

  it('runs: the client calls the server over loopback; typed success, a 400 problem, a 401, validators', () => {
    expect(compiled.ok).toBe(true);
    const run = spawnSync(process.execPath, ['dist/main.js'], { cwd: consumer, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
    expect(result).toEqual({
      ids: ['1000', '1001'],
      count: 5,
      status: 200,
      header: '2244994945:2244994945',
      tooMany: { name: 'ApiError', status: 400, type: '/2/problems/invalid-request', title: expect.any(String), parameters: ['max_results'] },
      anonymous: { status: 401, typed: true },
      valid: true,
      invalid: ['/id', '/text'],
    });
  });
});
