/**
 * Issue 26 point 5: the server's and the mock's own problems (validation failures, missing credentials,
 * unsupported or oversized bodies) are answered in the shape the operation's error response declares — a
 * `oneOf` of problem types with fixed `type` URIs, as the X API declares them, under `400`, `4XX` and
 * `default` — filled from the validation details; RFC 9457 stays the default where the spec says nothing,
 * and an error schema no validation problem can satisfy is a generation warning at its file:line:col.
 * The oracle is Ajv 2020 (with ajv-formats) over the fixture spec itself: every 4xx answer's body must be
 * valid under the schema the spec declares for that status and the media type it was answered with.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type Built } from '../bodies/build.ts';
import { generateResult } from '../helpers/generate.ts';

const spec = path.join(import.meta.dirname, 'fixtures/problem-shapes.yaml');
const doc = parse(readFileSync(spec, 'utf8')) as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>> };
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema(doc, 'spec');

/** The schema the spec declares for this operation, status and media type (exact status, then `4XX`, then `default`). */
function declared(pathKey: string, method: string, status: number, mediaType: string): unknown {
  const responses = doc.paths[pathKey]![method]!.responses;
  const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  const media = response?.content?.[mediaType];
  if (!media) throw new Error(`${method} ${pathKey}: ${status} answered as ${mediaType}, which the spec does not declare`);
  return media.schema;
}

/** Ajv's verdict on an answer against what the spec declares for it. */
function check(pathKey: string, method: string, status: number, mediaType: string, body: unknown): string[] {
  const schema = declared(pathKey, method, status, mediaType) as { $ref?: string };
  const validate = ajv.compile(schema.$ref ? { $ref: 'spec' + schema.$ref } : schema);
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

let built: Built;
const servers: Record<'server' | 'mock', { url: string; close(): Promise<void> }> = {} as never;
const authenticate = (c: { scheme: string; token?: string }) => (c.scheme === 'bearer' && c.token === 'ok' ? { kind: 'app' } : null);

beforeAll(async () => {
  built = await buildFixture(spec);
  const handlers = {
    searchRecent: () => ({ status: 200, body: { data: [] } }),
    createTweet: () => ({ status: 201, body: { id: '1' } }),
    findUser: (ctx: { params: { id: string } }) => ({ status: 200, body: { id: ctx.params.id } }),
    listComplianceJobs: () => ({ status: 200, body: {} }),
  };
  const options = { authenticate, maxBodySize: 2048 };
  servers.server = await built.server.serve(built.server.createHandler(handlers, options), { port: 0 });
  servers.mock = await built.server.serve(built.server.createMockHandler({ seed: 7, ...options }), { port: 0 });
}, 120_000);

afterAll(async () => {
  await servers.server?.close();
  await servers.mock?.close();
  built?.remove();
});

const BEARER = { authorization: 'Bearer ok' };

/** Requests the pipeline refuses by itself: [path template, method, target, init, expected status]. */
const REFUSED: [string, string, string, RequestInit, number][] = [
  ['/2/tweets/search/recent', 'get', '/2/tweets/search/recent?query=x', {}, 401],
  ['/2/tweets/search/recent', 'get', '/2/tweets/search/recent', { headers: BEARER }, 400],
  ['/2/tweets/search/recent', 'get', '/2/tweets/search/recent?query=', { headers: BEARER }, 400],
  ['/2/tweets/search/recent', 'get', '/2/tweets/search/recent?query=x&max_results=5&pagination_token=0001', { headers: BEARER }, 400],
  ['/2/tweets', 'post', '/2/tweets', { method: 'POST', headers: { ...BEARER, 'content-type': 'application/json' }, body: JSON.stringify({ text: 'x'.repeat(300), lang: 'en' }) }, 400],
  ['/2/tweets', 'post', '/2/tweets', { method: 'POST', headers: { ...BEARER, 'content-type': 'application/json' }, body: '{"text":' }, 400],
  ['/2/tweets', 'post', '/2/tweets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"hi"}' }, 401],
  ['/2/tweets', 'post', '/2/tweets', { method: 'POST', headers: { ...BEARER, 'content-type': 'text/plain' }, body: 'hi' }, 415],
  ['/2/tweets', 'post', '/2/tweets', { method: 'POST', headers: { ...BEARER, 'content-type': 'application/json' }, body: JSON.stringify({ text: 'x'.repeat(5000) }) }, 413],
  ['/2/users/{id}', 'get', '/2/users/abc', {}, 400],
];

for (const kind of ['server', 'mock'] as const) {
  describe(`${kind}: its own problems in the spec's shape (Ajv over the spec is the judge)`, () => {
    it('every refusal is valid under the schema declared for its status and media type', async () => {
      for (const [template, method, target, init, status] of REFUSED) {
        const res = await fetch(servers[kind].url + target, init);
        const body = await res.json();
        const mediaType = res.headers.get('content-type')!;
        expect([target, res.status]).toEqual([target, status]);
        expect([target, status, check(template, method, status, mediaType, body)]).toEqual([target, status, []]);
      }
    });

    it('a validation failure is the invalid-request problem, its errors filled from the validation details', async () => {
      const res = await fetch(`${servers[kind].url}/2/tweets/search/recent?query=x&max_results=5&pagination_token=0001`, { headers: BEARER });
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      const body = await res.json();
      expect(body.type).toBe('https://api.x.com/2/problems/invalid-request');
      expect(Object.keys(body).sort()).toEqual(['detail', 'errors', 'title', 'type']);
      const parameters = body.errors.flatMap((e: { parameters: object }) => Object.keys(e.parameters));
      expect(parameters.sort()).toEqual(['max_results', 'pagination_token']);
      expect(JSON.stringify(body.errors)).toMatch(/fewer than 16 characters/);
    });

    it('a refusal that is not about parameters (415, 413) is the invalid-request problem with one error saying why', async () => {
      const res = await fetch(`${servers[kind].url}/2/tweets`, { method: 'POST', headers: { ...BEARER, 'content-type': 'text/plain' }, body: 'hi' });
      expect(res.status).toBe(415);
      const body = await res.json();
      expect(body.type).toBe('https://api.x.com/2/problems/invalid-request');
      expect(body.errors).toEqual([{ message: 'The request body must be application/json', parameters: {} }]);
    });

    it('a missing credential is the variant made for 401; a flat 4XX shape gets status, title and detail', async () => {
      const unauthorized = await (await fetch(`${servers[kind].url}/2/tweets/search/recent?query=x`)).json();
      expect(unauthorized).toMatchObject({ type: 'about:blank', title: 'Unauthorized', status: 401 });
      const flat = await fetch(`${servers[kind].url}/2/users/abc`);
      expect(flat.headers.get('content-type')).toBe('application/json');
      expect(Object.keys(await flat.json()).sort()).toEqual(['detail', 'status', 'title']);
    });

    it('RFC 9457 stays where the spec declares nothing, or nothing a validation problem can satisfy', async () => {
      const unrouted = await fetch(`${servers[kind].url}/nowhere`);
      expect(unrouted.headers.get('content-type')).toBe('application/problem+json');
      expect(await unrouted.json()).toMatchObject({ type: 'about:blank', status: 404 });
      const traced = await fetch(`${servers[kind].url}/2/compliance/jobs?type=spaces`);
      expect(traced.status).toBe(400);
      expect(await traced.json()).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400 });
    });
  });
}

describe('generation', () => {
  it('warns at the schema that no validation problem can satisfy, with its file:line:col, and only there', async () => {
    const { warnings } = await generateResult(spec, ['types']);
    const shaped = warnings.filter((w) => w.code === 'problem-shape');
    expect(shaped).toHaveLength(1);
    const [w] = shaped;
    expect(w!.file).toBe(spec);
    const line = readFileSync(spec, 'utf8').split('\n')[w!.line! - 1]!;
    expect(line.slice(w!.column! - 1)).toMatch(/^schema: \{ \$ref: '#\/components\/schemas\/TracedProblem' \}/);
    expect(w!.message).toMatch(/400 error schema of listComplianceJobs cannot hold the server's validation problems/);
  });
});
