/**
 * The generated handler types, checked by tsc: declared responses compile, undeclared statuses and wrong
 * bodies do not (`@ts-expect-error` fails the check when the error it expects is missing).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildPackages, loadProjectModel, PACKAGES, ROOT, type BuiltPackages } from './harness.ts';

let built: BuiltPackages;

beforeAll(async () => {
  built = await buildPackages(await loadProjectModel());
}, 120_000);
afterAll(() => built?.cleanup());

const TYPE_TEST = `
import { createHandler, createMockHandler, createNodeListener, problems, type Handlers } from './server/src/index.js';

const post = { id: '1', text: 'hello', edit_history_post_ids: ['1'] };

export const good: Partial<Handlers> = {
  getUserBookmarks: async ({ params, query, principal, request }) => {
    const id: string = params.id;
    const max: number | undefined = query.max_results;
    const fields: string[] | undefined = query['post.fields'];
    const userId: string = principal.userId;
    const url: string = request.url;
    void [id, max, fields, userId, url];
    return { status: 200, body: { data: [post], meta: { result_count: 1, next_token: 'abc' } } };
  },
  findPostById: ({ params }) =>
    params.id === '0'
      ? problems.resourceNotFound({ parameter: 'id', value: params.id, resource_id: params.id, resource_type: 'post' })
      : { status: 200, body: { data: post } },
  createPost: ({ body, principal }) => {
    const text: string | undefined = body.text;
    if (principal.kind !== 'user') return problems.unsupportedAuthentication({ detail: 'user context only' });
    return { status: 201, body: { data: { id: '2', text } } };
  },
  findUserByUsername: ({ principal }) => {
    // Bearer (app), OAuth 2.0 and OAuth 1.0a (user) are all allowed here.
    const kind: 'app' | 'user' = principal.kind;
    void kind;
    return { status: 503, body: { code: 130, message: 'Over capacity' } };
  },
};

export const handler = createHandler(good, { authenticate: () => ({ kind: 'app' }) });
export const listener = createNodeListener(handler);
export const mock = createMockHandler({ seed: 1 });

export const badStatus: Partial<Handlers> = {
  // @ts-expect-error 201 is not declared for getUserBookmarks (default covers error statuses only)
  getUserBookmarks: () => ({ status: 201, body: { data: [post] } }),
};

export const badBody: Partial<Handlers> = {
  // @ts-expect-error data must be an array of posts
  getUserBookmarks: () => ({ status: 200, body: { data: 'nope' } }),
};

export const badProblemStatus: Partial<Handlers> = {
  // @ts-expect-error a problem cannot be a 200
  findPostById: () => problems.resourceNotFound({ parameter: 'id', value: '1', resource_id: '1', resource_type: 'post' }, 200),
};

export const badParam: Partial<Handlers> = {
  getUserBookmarks: ({ query }) => {
    // @ts-expect-error max_results is a number
    const s: string = query.max_results;
    void s;
    return { status: 200, body: {} };
  },
};

export const badPrincipal: Partial<Handlers> = {
  getUserBookmarks: ({ principal }) => {
    // @ts-expect-error bookmarks are user context only: never an app principal
    const k: 'app' = principal.kind;
    void k;
    return { status: 200, body: {} };
  },
};

export const unknownOperation: Partial<Handlers> = {
  // @ts-expect-error no such operation
  getEverything: () => ({ status: 200, body: {} }),
};

// @ts-expect-error resource_type is required by resource-not-found
problems.resourceNotFound({ parameter: 'id', value: '1', resource_id: '1' });
// @ts-expect-error about:blank needs a status
problems.aboutBlank();
`;

it('accepts declared responses, rejects undeclared ones, and compiles the reference implementation', () => {
  writeFileSync(join(built.dir, 'typetest.ts'), TYPE_TEST);
  writeFileSync(
    join(built.dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        types: ['node'],
        typeRoots: [join(ROOT, 'node_modules/@types')],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        verbatimModuleSyntax: true,
        isolatedModules: true,
        allowImportingTsExtensions: true,
        resolveJsonModule: true,
        baseUrl: '.',
        paths: {
          [PACKAGES.types]: ['./types/src/index.ts'],
          [PACKAGES.validators]: ['./validators/src/index.ts'],
          [PACKAGES.server]: ['./server/src/index.ts'],
        },
      },
      // The reference implementation must compile against the generated stubs too.
      files: ['typetest.ts', join(ROOT, 'examples/reference/server.ts')],
    }),
  );
  let output = '';
  try {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(built.dir, 'tsconfig.json')], { encoding: 'utf8', cwd: built.dir });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  expect(output).toBe('');
}, 120_000);
