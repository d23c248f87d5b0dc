/**
 * Tree-shaking of the generated client (issue 14): a program that calls one operation through the package
 * root (`createCore` + the standalone function) bundles with esbuild (--bundle --minify, no splitting) to
 * code that holds none of the features it does not use. Checked by distinctive strings of each feature's
 * module (they survive minification), each also checked present where the feature IS used, so a renamed
 * string cannot make the test pass vacuously. The one-call program's size (min+gzip) is checked against
 * openapi-fetch's bundle of the same call, built in the same run (`npm run bench -- client` prints both).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../generator/src/config.ts';
import { generate } from '../../generator/src/pipeline.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'socialgen-bundle-'));

/**
 * A small spec with the features the repository's spec lacks: form bodies, http basic and apiKey credentials,
 * a parameter style other than the defaults (`deepObject`).
 */
const FORMS_SPEC = `openapi: 3.1.0
info: { title: Shake, version: '1' }
components:
  securitySchemes:
    basicAuth: { type: http, scheme: basic }
    key: { type: apiKey, in: header, name: X-Key }
    token: { type: http, scheme: bearer }
paths:
  /things/{id}:
    get:
      operationId: getThing
      security: [{ token: [] }]
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: ok, content: { application/json: { schema: { type: object } } } } }
  /uploads:
    post:
      operationId: uploadThing
      security: [{ basicAuth: [] }, { key: [] }]
      requestBody:
        required: true
        content: { multipart/form-data: { schema: { type: object, properties: { file: { type: string, format: binary } } } } }
      responses: { '204': { description: done } }
  /things/{id}/old:
    get:
      operationId: oldThing
      deprecated: true
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: ok, content: { application/json: { schema: { type: object } } } } }
  /things:
    get:
      operationId: listThings
      parameters: [{ name: filter, in: query, style: deepObject, explode: true, schema: { type: object, additionalProperties: { type: string } } }]
      responses: { '200': { description: ok, content: { application/json: { schema: { type: array } } } } }
  /report:
    get:
      operationId: getReport
      responses: { '200': { description: ok, content: { text/plain: { schema: { type: string } } } } }
`;

async function writePackage(name: string, spec: string): Promise<string> {
  const { files } = await generate({ ...DEFAULT_CONFIG, spec, targets: ['types', 'client'], format: false, packages: { ...DEFAULT_CONFIG.packages, scope: name } });
  const out = path.join(dir, name);
  for (const [rel, contents] of files) {
    mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
    writeFileSync(path.join(out, rel), contents);
  }
  return path.join(out, 'client/src/index.ts');
}

async function bundle(name: string, index: string, program: string): Promise<string> {
  const entry = path.join(dir, `${name}.ts`);
  writeFileSync(entry, program.replaceAll('PKG', JSON.stringify(index)));
  const result = await build({
    entryPoints: [entry], bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', write: false,
    // The validators package stays outside: the test is about what the client code pulls in.
    external: ['*/validators'], logLevel: 'silent', nodePaths: [path.join(root, 'node_modules')],
  });
  return result.outputFiles[0]!.text;
}

/** Strings only each feature's module holds. */
const FEATURES = {
  streams: ['idleTimeoutMs', 'streaming-connection'],
  pagination: ['maxPages', 'maxItems'],
  'OAuth 1.0a': ['HMAC-SHA1', 'oauth_signature'],
  validation: ['RequestValidationError', 'ResponseValidationError', 'operationValidators'],
  middleware: ['onResponse must return a Response'],
  forms: ['x-www-form-urlencoded'],
  'apiKey/basic credentials': ['Basic '],
  // What createClient does by default, features of createCore (retry.ts, rate-limit.ts, timeout.ts).
  retries: ['retry-after', 'maxRateLimitWaitMs'],
  'rate limits': ['RateLimitError', 'resets at'],
  timeouts: ['TimeoutError', 'timed out after'],
  // What createClient always has, features of createCore since issue 25 (error-details.ts, extra-query.ts).
  'error details': ['invalid-params', 'the client has'],
  'extra query': ['must be an object of query parameters'],
  // Parameters the core does not write itself (styles.ts writeParam): other styles, allowReserved.
  'other parameter styles': ['deepObject', 'pipeDelimited', 'spaceDelimited', '2[1346-9ABCF]'],
  // The deprecation hook (deprecation.ts), on deprecated operations' entries.
  deprecation: ['deprecatedAt'],
  // The request body encoder (body.ts encodeBody), on the entries of operations that take a body.
  'request bodies': ['JSON.stringify'],
  // Text in its charset, XML as text (body.ts decodeBody), on the entries of operations declaring media other than JSON.
  'other media': ['charset', 'xml'],
} as const;

/** What a one-call program does not use (and so must not carry). */
const UNUSED = ['streams', 'pagination', 'OAuth 1.0a', 'validation', 'middleware', 'retries', 'rate limits', 'timeouts', 'error details', 'extra query', 'other parameter styles', 'deprecation', 'request bodies', 'other media'] as const;

let social = '';
let shake = '';
beforeAll(async () => {
  social = await writePackage('social', path.join(root, 'spec/social-posting.openapi.yaml'));
  const spec = path.join(dir, 'shake.yaml');
  writeFileSync(spec, FORMS_SPEC);
  shake = await writePackage('shake', spec);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a one-call program bundles only what it uses', () => {
  it('the social API: one JSON call carries no streams, pagination, OAuth 1.0a, validation, middleware, retries, rate limits, timeouts or other parameter styles, and no other operation', async () => {
    const code = await bundle(
      'one-call',
      social,
      `import { createCore, getUserBookmarks } from PKG;
getUserBookmarks(createCore({ baseUrl: 'https://api.example.com', auth: { oauth2: 'token' } }), { id: '1' }).then(console.log);`,
    );
    expect(code).toContain('/2/users/{id}/bookmarks');
    for (const feature of UNUSED) {
      for (const s of FEATURES[feature]) expect(code, `${feature}: ${s}`).not.toContain(s);
    }
    // Another operation's table entry (its path) is not there either, nor the pagination data
    // (`paginations`, read by createClient's `client.paginate` only).
    expect(code).not.toContain('/2/posts/search/recent');
    expect(code).not.toContain('/meta/next_token');
  });

  it('the same strings are in the bundle when the program uses those features (the checks are not vacuous)', async () => {
    const code = await bundle(
      'all-features',
      social,
      `import { createClient, oauth1 } from PKG;
const c = createClient({ baseUrl: 'https://api.example.com', auth: { oauth1: oauth1({ consumerKey: 'k', consumerSecret: 's', token: 't', tokenSecret: 'x' }) }, validate: { request: true } });
c.getUserBookmarks({ id: '1' }).then(console.log);`,
    );
    for (const feature of ['streams', 'pagination', 'OAuth 1.0a', 'validation', 'middleware', 'retries', 'rate limits', 'timeouts', 'error details', 'extra query', 'deprecation', 'request bodies'] as const) {
      for (const s of FEATURES[feature]) expect(code, `${feature}: ${s}`).toContain(s);
    }
    expect(code).toContain('/2/posts/search/recent');
    expect(code).toContain('/meta/next_token');
  });

  it('a call to an operation with a JSON body carries the body encoder; one to a deprecated operation the deprecation hook', async () => {
    const post = await bundle(
      'one-post',
      social,
      `import { createCore, createPost } from PKG;
createPost(createCore({ baseUrl: 'https://api.example.com', auth: { oauth2: 'token' } }), { body: { text: 'hi' } }).then(console.log);`,
    );
    for (const s of FEATURES['request bodies']) expect(post, s).toContain(s);
    for (const s of FEATURES.deprecation) expect(post, s).not.toContain(s);
    const old = await bundle('shake-old', shake, `import { createCore, oldThing } from PKG;\noldThing(createCore({ baseUrl: 'https://h' }), { id: '1' }).then(console.log);`);
    for (const s of FEATURES.deprecation) expect(old, s).toContain(s);
    for (const s of FEATURES['request bodies']) expect(old, s).not.toContain(s);
  });

  it('createCore carries retries, rate limits and timeouts exactly when given them', async () => {
    const code = await bundle(
      'one-call-features',
      social,
      `import { createCore, getUserBookmarks, retries, rateLimits, timeouts } from PKG;
getUserBookmarks(createCore({ baseUrl: 'https://api.example.com', auth: { oauth2: 'token' } }, { retries, rateLimits, timeouts }), { id: '1' }).then(console.log);`,
    );
    for (const feature of ['retries', 'rate limits', 'timeouts'] as const) {
      for (const s of FEATURES[feature]) expect(code, `${feature}: ${s}`).toContain(s);
    }
    for (const feature of ['streams', 'pagination', 'OAuth 1.0a', 'validation', 'middleware', 'other parameter styles'] as const) {
      for (const s of FEATURES[feature]) expect(code, `${feature}: ${s}`).not.toContain(s);
    }
  });

  it('a spec with form bodies, basic/apiKey schemes and a deepObject parameter: a plain call carries none; the whole client carries all', async () => {
    const one = await bundle('shake-one', shake, `import { createCore, getThing } from PKG;\ngetThing(createCore({ baseUrl: 'https://h', auth: { bearer: 't' } }), { id: '1' }).then(console.log);`);
    expect(one).toContain('/things/{id}');
    expect(one).not.toContain('/uploads');
    for (const feature of ['forms', 'apiKey/basic credentials', 'other parameter styles', ...UNUSED] as const) {
      for (const s of FEATURES[feature]) expect(one, `${feature}: ${s}`).not.toContain(s);
    }
    // The operation with a deepObject parameter carries the serializer of every style.
    const styled = await bundle('shake-styled', shake, `import { createCore, listThings } from PKG;\nlistThings(createCore({ baseUrl: 'https://h' }), { filter: { a: 'b' } }).then(console.log);`);
    for (const s of FEATURES['other parameter styles']) expect(styled, s).toContain(s);
    const all = await bundle('shake-all', shake, `import { createClient } from PKG;\ncreateClient({ baseUrl: 'https://h' }).getThing({ id: '1' }).then(console.log);`);
    for (const feature of ['forms', 'apiKey/basic credentials', 'other parameter styles', 'deprecation', 'other media'] as const) {
      for (const s of FEATURES[feature]) expect(all, `${feature}: ${s}`).toContain(s);
    }
    const text = await bundle('shake-text', shake, `import { createCore, getReport } from PKG;\ngetReport(createCore({ baseUrl: 'https://h' })).then(console.log);`);
    for (const s of FEATURES['other media']) expect(text, s).toContain(s);
  });
});

/**
 * Issue 25's goal: at most openapi-fetch's bundle of the same call. 0.98 when this bound was set (error
 * details, results and the `query` option made features of createCore; 1.18 before, 1.26 before that).
 */
const BOUND = 1.0;

describe('size against openapi-fetch', () => {
  it(`the one-call program (createCore + getUserBookmarks) is at most ${BOUND}× openapi-fetch's for the same call (min+gzip -9)`, async () => {
    // The programs of `npm run bench -- client` (scripts/bench/client.ts): the same route, arguments and token.
    const print = `.then((r) => console.log(r), (e) => console.error(e));`;
    const ours = await bundle(
      'size-ours',
      social,
      `import { createCore, getUserBookmarks } from PKG;
const core = createCore({ baseUrl: 'https://api.example.com', auth: { oauth2: 'token' } });
getUserBookmarks(core, { id: '2244994945', max_results: 10 })${print}`,
    );
    const peer = await bundle(
      'size-peer',
      social,
      `import createClient from 'openapi-fetch';
const c = createClient({ baseUrl: 'https://api.example.com', headers: { authorization: 'Bearer token' } });
c.GET('/2/users/{id}/bookmarks', { params: { path: { id: '2244994945' }, query: { max_results: 10 } } })${print}`,
    );
    const size = (code: string) => gzipSync(code, { level: 9 }).length;
    // Not vacuous: openapi-fetch's own code is in its bundle, and ours carries the call's route.
    expect(peer).toContain('querySerializer');
    expect(ours).toContain('/2/users/{id}/bookmarks');
    expect(size(ours) / size(peer), `ours ${size(ours)} B, openapi-fetch ${size(peer)} B`).toBeLessThanOrEqual(BOUND);
  });
});
