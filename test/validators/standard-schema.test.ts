/**
 * The validators as Standard Schema v1 objects (`src/standard-schema.ts` of the validators target):
 * checked through the `@standard-schema/spec` types (these assignments are compiled by the repository's
 * tsc run), against the plain validators as the oracle of what is valid and where the errors are, and
 * through a real consumer of the interface: Hono's `@hono/standard-validator` middleware.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { sValidator } from '@hono/standard-validator';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import * as validators from '@social-posting/validators';
import {
  CreatePostRequestBodySchema,
  CreatePostResponseSchema,
  FindPostByIdResponseSchema,
  GetUserBookmarksQuerySchema,
  PostSchema,
  toStandardSchema,
  validateCreatePostRequestBody,
  validatePost,
} from '@social-posting/validators';
import type { Operations, Post } from '@social-posting/types';

type CreatePostRequestBody = Operations['createPost']['requestBody'];
type GetUserBookmarksQuery = Operations['getUserBookmarks']['query'];
import { loadModel } from '../../generator/src/load-model.ts';
import { projectSpec } from '../helpers/paths.ts';

// Type level: the objects are the spec's StandardSchemaV1, with the generated types as output.
const post: StandardSchemaV1<Post> = PostSchema;
const query: StandardSchemaV1<GetUserBookmarksQuery> = GetUserBookmarksQuerySchema;
type Output = StandardSchemaV1.InferOutput<typeof CreatePostRequestBodySchema>;
const body: Output = { text: 'hi' } satisfies CreatePostRequestBody;

/** A Standard Schema's result, synchronous (ours always are). */
function run<T>(schema: StandardSchemaV1<T>, value: unknown): StandardSchemaV1.Result<T> {
  const result = schema['~standard'].validate(value);
  if (result instanceof Promise) throw new Error('expected a synchronous result');
  return result;
}

describe('Standard Schema v1 objects', () => {
  it('declare version 1 and the socialgen vendor', () => {
    expect(post['~standard']).toMatchObject({ version: 1, vendor: 'socialgen' });
    expect(typeof query['~standard'].validate).toBe('function');
    expect(body.text).toBe('hi');
  });

  it('every component schema, and each operation\'s declared request parts and its responses, have one (and nothing else)', async () => {
    const { model } = await loadModel(projectSpec);
    const exported = validators as unknown as Record<string, unknown>;
    const missing: string[] = [];
    const extra: string[] = [];
    const check = (name: string, isFunction = false) => {
      const value = exported[name];
      const ok = isFunction ? typeof value === 'function' : typeof (value as StandardSchemaV1 | undefined)?.['~standard']?.validate === 'function';
      if (!ok) missing.push(name);
    };
    for (const s of model.schemas) check(`${s.typeName}Schema`);
    for (const op of model.operations) {
      // As the `validate<Op>…` exports: only for the parts the operation declares.
      const parts: [string, boolean][] = [
        [op.names.pathParams, op.parameters.some((p) => p.in === 'path')],
        [op.names.query, op.parameters.some((p) => p.in === 'query')],
        [op.names.headers, op.parameters.some((p) => p.in === 'header')],
        [op.names.cookies, op.parameters.some((p) => p.in === 'cookie')],
        [op.names.requestBody, op.requestBody !== undefined],
      ];
      for (const [part, has] of parts) {
        if (has) check(`${part}Schema`);
        else if (`${part}Schema` in exported) extra.push(`${part}Schema`);
      }
      check(`${op.names.success}Schema`, true);
    }
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
    expect(model.schemas.length).toBeGreaterThan(100);
  });

  it('valid values come back as { value } (the same value), with no issues', () => {
    const good = { id: '1', text: 'hello', edit_history_post_ids: ['1'] };
    const result = run(post, good);
    expect(result).toEqual({ value: good });
    expect(result.issues).toBeUndefined();
  });

  it('invalid values give issues with the validator\'s messages and paths as keys, array indexes as numbers', () => {
    const bad = { id: 'not a number', text: 7, edit_history_post_ids: ['1', 2], entities: { '0': 1 } };
    const result = run(post, bad);
    const oracle = validatePost(bad);
    expect(oracle.valid).toBe(false);
    if (oracle.valid || !result.issues) throw new Error('expected issues');
    expect(result.issues.map((i) => i.message)).toEqual(oracle.errors.map((e) => e.message));
    const paths = result.issues.map((i) => i.path);
    expect(paths).toContainEqual(['id']);
    expect(paths).toContainEqual(['text']);
    expect(paths).toContainEqual(['edit_history_post_ids', 1]);
    // An object key that looks like an index stays a string.
    expect(paths.filter((p) => p?.[0] === 'entities').every((p) => p!.length < 2 || typeof p![1] === 'string')).toBe(true);
    for (const issue of result.issues) expect(typeof issue.message).toBe('string');
  });

  it('operation parts: query parameters, the request body (request direction), responses by status', () => {
    expect(run(GetUserBookmarksQuerySchema, { max_results: 5 })).toEqual({ value: { max_results: 5 } });
    const tooMany = run(GetUserBookmarksQuerySchema, { max_results: 100_000 });
    expect(tooMany.issues?.map((i) => i.path)).toEqual([['max_results']]);

    const created = { text: 'hello' };
    expect(run(CreatePostRequestBodySchema, created)).toEqual({ value: created });
    const notText = run(CreatePostRequestBodySchema, { text: 5 });
    expect(notText.issues?.map((i) => i.path)).toEqual((validateCreatePostRequestBody({ text: 5 }) as { errors: Array<{ instancePath: string }> }).errors.map((e: { instancePath: string }) => e.instancePath.split('/').slice(1)));

    const ok = run(FindPostByIdResponseSchema(200), { data: { id: '1', text: 'hello', edit_history_post_ids: ['1'] } });
    expect(ok.issues).toBeUndefined();
    expect(run(FindPostByIdResponseSchema(200), { data: { id: 5, text: 'x', edit_history_post_ids: ['1'] } }).issues?.map((i) => i.path)).toEqual([['data', 'id']]);
    // 299 falls to the `default` response (the Error schema): its missing members, at the root.
    const fallback = run(CreatePostResponseSchema(299), {});
    expect(fallback.issues?.map((i) => [i.path, i.message])).toEqual([[[], "must have required property 'code'"], [[], "must have required property 'message'"]]);
  });

  it('toStandardSchema takes validator options (the request view of a schema)', () => {
    const strictPost = toStandardSchema(validatePost, { allErrors: false });
    const issues = run(strictPost, { id: 'x', text: 7 }).issues ?? [];
    expect(issues).toHaveLength(1);
  });
});

describe('a real consumer: Hono with @hono/standard-validator', () => {
  const app = new Hono().post('/posts', sValidator('json', CreatePostRequestBodySchema), (c) => {
    const input = c.req.valid('json');
    return c.json({ echoed: input.text ?? null }, 201);
  });

  it('accepts a valid body and hands the handler the typed value', async () => {
    const response = await app.request('/posts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'hello' }) });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ echoed: 'hello' });
  });

  it('answers an invalid body with 400 and our issues', async () => {
    const response = await app.request('/posts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 5, poll: { options: ['only one'] } }) });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { success: boolean; error: Array<{ message: string; path: PropertyKey[] }> };
    expect(answer.success).toBe(false);
    expect(answer.error.map((i) => i.path)).toEqual(expect.arrayContaining([['text'], expect.arrayContaining(['poll'])]));
    expect(answer.error.every((i) => typeof i.message === 'string' && i.message.length > 0)).toBe(true);
  });
});
