/**
 * The rows `src/operations.ts` hands `_operation` (openapi/operations-file.ts): a check without a media type
 * before it is `application/json`'s, so the JSON media type is never written out there; other media types
 * are. Mixed rows (JSON between others, JSON checks that carry their own schema path) must still give each
 * media type its own check, its schema path and the declared order in `mediaType` errors. The module is
 * printed as prettier prints it, a `[check, schemaPath]` too wide for its line included (prettier breaks it
 * open; on GitHub's and DigitalOcean's specs it once stayed one line).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatorsEmitter } from '../../generator/src/emit/validators/index.ts';
import { loadModel } from '../../generator/src/index.ts';
import { PRETTIER_OPTIONS } from '../../generator/src/write/format.ts';
import { tempDir } from '../helpers/paths.ts';
import { context } from './helpers/emit.ts';
import { filesOf, loadModule } from './helpers/load-module.ts';

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Rows', version: '1.0.0' },
  paths: {
    '/x': {
      post: {
        operationId: 'mixed',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': { schema: { type: 'object', required: ['file'] } },
            'application/json': { schema: { type: 'object', required: ['a'] } },
          },
        },
        responses: {
          '200': {
            description: 'ok',
            content: {
              'text/csv': { schema: { type: 'string' } },
              'application/json': { schema: { type: 'object', required: ['b'] } },
              'application/xml': { schema: { type: 'integer' } },
            },
          },
          '404': { $ref: '#/components/responses/NotFound' },
          '503': { $ref: '#/components/responses/ServiceUnavailableBecauseTheServerIsDownForMaintenance' },
        },
      },
    },
  },
  components: {
    responses: {
      NotFound: { description: 'no', content: { 'application/json': { schema: { type: 'object', required: ['c'] } } } },
      ServiceUnavailableBecauseTheServerIsDownForMaintenance: { description: 'down', content: { 'application/json': { schema: { type: 'object', required: ['d'] } } } },
    },
  },
};

const tmp = tempDir();
let operations: string;
let v: Record<string, any>;
beforeAll(async () => {
  const spec = path.join(tmp.dir, 'openapi.json');
  writeFileSync(spec, JSON.stringify(SPEC));
  const files = validatorsEmitter.emit((await loadModel(spec)).model, context());
  operations = files.find((f) => f.path === 'src/operations.ts')!.contents;
  v = (await loadModule(filesOf(files))).operationValidators.mixed;
});
afterAll(() => tmp.remove());

describe('operation rows with the JSON media type left out', () => {
  it('write application/json only once, as the default in _rows', () => {
    expect(operations.match(/'application\/json'/g)).toHaveLength(1);
    expect(operations).toMatch(/'multipart\/form-data', C\._e\w+, C\._e\w+\]/);
  });

  it('are printed as prettier prints them', async () => {
    expect(operations).toMatch(/'#\/components\/responses\/ServiceUnavailable\w+\/content\/application~1json\/schema'/);
    expect(await prettier.format(operations, { ...PRETTIER_OPTIONS, parser: 'typescript' })).toBe(operations);
  });

  it('give every media type of a response its own check and schema path', () => {
    const at = (r: any) => r.errors.map((e: any) => `${e.keyword} ${e.schemaPath}`);
    expect(at(v.response(200, 'application/json', {}))).toEqual(['required #/paths/~1x/post/responses/200/content/application~1json/schema/required']);
    expect(v.response(200, 'application/json', { b: 1 }).valid).toBe(true);
    expect(at(v.response(200, 'text/csv', 1))).toEqual(['type #/paths/~1x/post/responses/200/content/text~1csv/schema/type']);
    expect(v.response(200, 'text/csv', 'a,b').valid).toBe(true);
    expect(at(v.response(200, 'application/xml', 'x'))).toEqual(['type #/paths/~1x/post/responses/200/content/application~1xml/schema/type']);
    expect(v.response(200, 'image/png', 1).errors[0].params.allowed).toEqual(['text/csv', 'application/json', 'application/xml']);
    // A shared response's check carries its own schema path.
    expect(at(v.response(404, 'application/json', {}))).toEqual(['required #/components/responses/NotFound/content/application~1json/schema/required']);
  });

  it('give every media type of a request body its own check; the first declared is the default', () => {
    expect(v.requestBody({ a: 1 }, 'application/json').valid).toBe(true);
    expect(v.requestBody({ file: 1 }, 'application/json').errors[0].params.missingProperty).toBe('a');
    expect(v.requestBody({ file: 1 }, 'multipart/form-data').valid).toBe(true);
    expect(v.requestBody({ a: 1 }).errors[0].params.missingProperty).toBe('file');
    expect(v.requestBody({}, 'text/plain').errors[0].params.allowed).toEqual(['multipart/form-data', 'application/json']);
  });
});
