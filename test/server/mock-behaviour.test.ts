/**
 * What users expect of a mock from Prism: `Prefer: code=<status>`, `example=<name>` and `dynamic=true`
 * select the response, and `Preference-Applied` (RFC 7240 §3) says which preferences were honoured; a
 * request without the credentials its operation requires gets 401 (`checkAuth: false` turns it off);
 * answers are coherent with the request (a path parameter and posted members echoed into the members of
 * their name, a count beside a page's items equal to their number). On a small spec written here, through
 * the mock package `socialgen mock` serves; bodies are judged by Ajv besides the mock's own validators.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGeneratedServer, type GeneratedServerModule } from '../../generator/src/cli/commands/mock-package.ts';
import { loadModel } from '../../generator/src/load-model.ts';
import type { ApiModel } from '../../generator/src/model/types.ts';
import { tempDir } from '../helpers/paths.ts';
import { Oracle } from '../validators/helpers/oracle.ts';

const SPEC = `openapi: 3.1.0
info: { title: Mock behaviour, version: 1.0.0 }
security: [{ token: [] }]
paths:
  /things/{name}:
    get:
      operationId: getThing
      parameters:
        - { name: name, in: path, required: true, schema: { type: string, pattern: '^[a-z]+$' } }
      responses:
        '200':
          description: The thing.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Thing' }
              examples:
                small: { value: { name: small, size: 1 } }
                large: { value: { name: large, size: 100 } }
        '404':
          description: No such thing.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Missing' }
              examples:
                missing: { value: { error: 'no such thing', code: 404 } }
        4XX:
          description: Another client error.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Missing' }
  /notes:
    get:
      operationId: listNotes
      security: []
      parameters:
        - { name: cursor, in: query, schema: { type: string, minLength: 12, pattern: '^[A-Z0-9]+$' } }
        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 50 } }
      responses:
        '200':
          description: A page of notes.
          content:
            application/json:
              schema:
                type: object
                required: [data, meta]
                properties:
                  data: { type: array, items: { $ref: '#/components/schemas/Note' } }
                  meta:
                    type: object
                    properties:
                      item_count: { type: integer, minimum: 0 }
                      next_cursor: { type: string, maxLength: 40 }
    post:
      operationId: createNote
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [text]
              properties:
                text: { type: string, maxLength: 280 }
                title: { type: string }
      responses:
        '201':
          description: Created.
          content:
            application/json:
              schema:
                type: object
                required: [data]
                properties:
                  data: { $ref: '#/components/schemas/Note' }
components:
  securitySchemes:
    token: { type: http, scheme: bearer }
  schemas:
    Thing:
      type: object
      required: [name, size]
      properties:
        name: { type: string }
        size: { type: integer, minimum: 1 }
    Missing:
      type: object
      required: [error]
      properties:
        error: { type: string }
        code: { type: integer }
    Note:
      type: object
      required: [id, text]
      properties:
        id: { type: string, pattern: '^[0-9]{1,19}$' }
        text: { type: string, maxLength: 280 }
        title: { type: string, maxLength: 5 }
`;

const tmp = tempDir('socialgen-mock-behaviour-');
const AUTH = { authorization: 'Bearer any' };
let model: ApiModel;
let server: GeneratedServerModule;
let oracle: Oracle;

beforeAll(async () => {
  const spec = path.join(tmp.dir, 'openapi.yaml');
  writeFileSync(spec, SPEC);
  model = (await loadModel(spec)).model;
  server = await importGeneratedServer(model);
  oracle = new Oracle(model, 'response');
}, 120_000);
afterAll(() => tmp.remove());

/** Ajv's verdict on a body for a declared response of an operation. */
function ajvValid(operationId: string, status: string, body: unknown): boolean {
  const op = model.operations.find((o) => o.operationId === operationId)!;
  const schema = op.responses.find((r) => r.status === status)!.content[0]!.schema;
  return oracle.compile(schema)(body) as boolean;
}

async function ask(url: string, init: RequestInit = {}, options: Record<string, unknown> = {}) {
  const response = await server.createMockHandler({ seed: 's', development: true, ...options })(new Request(`http://mock.test${url}`, init));
  const text = await response.text();
  return { status: response.status, applied: response.headers.get('preference-applied'), headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

describe('Prefer selects the response (RFC 7240), as Prism does', () => {
  it('code=404 answers the declared 404 (its example), and says so in Preference-Applied', async () => {
    const r = await ask('/things/abc', { headers: { ...AUTH, prefer: 'code=404' } });
    expect(r).toMatchObject({ status: 404, applied: 'code=404', body: { error: 'no such thing', code: 404 } });
  });

  it('a code under a range answers the range (4XX), with that status', async () => {
    const r = await ask('/things/abc', { headers: { ...AUTH, prefer: 'code=409' } });
    expect(r.status).toBe(409);
    expect(r.applied).toBe('code=409');
    expect(ajvValid('getThing', '4XX', r.body)).toBe(true);
  });

  it('a code the operation does not declare is ignored (the default answer, nothing applied)', async () => {
    const r = await ask('/notes', { headers: { prefer: 'code=503' } });
    expect(r.status).toBe(200);
    expect(r.applied).toBeNull();
  });

  it('example=<name> answers that example as written; with code=, that response\'s example', async () => {
    const large = await ask('/things/abc', { headers: { ...AUTH, prefer: 'example=large' } });
    expect(large).toMatchObject({ status: 200, applied: 'example=large', body: { name: 'large', size: 100 } });
    const missing = await ask('/things/abc', { headers: { ...AUTH, Prefer: 'code=404, example="missing"' } });
    expect(missing).toMatchObject({ status: 404, applied: 'code=404, example=missing', body: { error: 'no such thing' } });
    const unknown = await ask('/things/abc', { headers: { ...AUTH, prefer: 'example=nope' } });
    expect(unknown.applied).toBeNull();
  });

  it('without preferences the first example answers (coherent with the path); dynamic=true samples the schema', async () => {
    const statics = await ask('/things/abc', { headers: AUTH });
    expect(statics.body).toEqual({ name: 'abc', size: 1 });
    const dynamic = await ask('/things/abc', { headers: { ...AUTH, prefer: 'dynamic=true' } });
    expect(dynamic.applied).toBe('dynamic=true');
    expect(dynamic.body.size).not.toBe(1);
    expect(dynamic.body.name).toBe('abc');
    expect(ajvValid('getThing', '200', dynamic.body)).toBe(true);
  });
});

describe('credentials', () => {
  it('an operation that requires them answers 401 with a challenge without them, and 200 with any', async () => {
    const anonymous = await ask('/things/abc');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    expect((await ask('/things/abc', { headers: AUTH })).status).toBe(200);
    expect((await ask('/notes')).status).toBe(200); // `security: []`
  });

  it('checkAuth: false lets every request through', async () => {
    expect((await ask('/things/abc', {}, { checkAuth: false })).status).toBe(200);
  });
});

describe('answers coherent with the request', () => {
  it('a posted member is echoed where the answer\'s member takes every value it may hold', async () => {
    const title = 'a title longer than five';
    const r = await ask('/notes', { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ text: 'hello there', title }) });
    expect(r.status).toBe(201);
    expect(r.body.data.text).toBe('hello there');
    // The answer's title allows 5 characters; the posted one would make the answer invalid.
    expect(r.body.data.title).not.toBe(title);
    expect(ajvValid('createNote', '201', r.body)).toBe(true);
  });

  it('a page has the asked number of items, its count says so, and its cursor is valid as the cursor parameter', async () => {
    const first = await ask('/notes?limit=4');
    expect(first.body.data).toHaveLength(4);
    expect(first.body.meta.item_count).toBe(4);
    const cursor = first.body.meta.next_cursor;
    expect(cursor).toMatch(/^[A-Z0-9]{12,40}$/);
    expect(ajvValid('listNotes', '200', first.body)).toBe(true);
    const second = await ask(`/notes?limit=2&cursor=${cursor}`);
    expect(second.status).toBe(200);
    expect(second.body.data).toHaveLength(2);
    expect(second.body.meta.next_cursor).not.toBe(cursor);
    // The listing is a fixed number of items (pages at the default size, runtime/mock-pages.ts): following
    // the cursors at any size ends, and reaches each item once.
    const seen = [...first.body.data, ...second.body.data].map((item: unknown) => JSON.stringify(item));
    let next: string | undefined = second.body.meta.next_cursor;
    for (let pages = 0; next !== undefined && pages < 100; pages++) {
      const page = await ask(`/notes?limit=2&cursor=${next}`);
      expect(page.status).toBe(200);
      expect(ajvValid('listNotes', '200', page.body)).toBe(true);
      seen.push(...page.body.data.map((item: unknown) => JSON.stringify(item)));
      next = page.body.meta.next_cursor;
    }
    expect(next).toBeUndefined();
    expect(seen.filter((item, i) => seen.indexOf(item) !== i)).toEqual([]);
    expect(seen.length).toBeGreaterThan(6);
  });
});
