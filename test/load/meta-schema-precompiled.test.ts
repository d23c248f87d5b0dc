/**
 * The build compiles the OpenAPI meta-schema validators to JavaScript (generator/scripts/
 * compile-meta-schemas.mjs); the compiled CLI loads those instead of compiling at run time. They must judge
 * documents exactly as the validators compiled at run time (what the sources, and so every other test, use).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMetaSchema, PRECOMPILED } from '../../generator/src/load/meta-schema.ts';
import { repoRoot } from '../helpers/paths.ts';

const require = createRequire(import.meta.url);
const dist = path.join(repoRoot, 'generator/dist/load');

const documents: Record<'3.0' | '3.1' | '3.2', unknown[]> = {
  '3.2': [
    { openapi: '3.2.0', $self: 'https://example.com/api', info: { title: 'x', version: '1' }, paths: { '/a': { query: { responses: { 200: { description: 'ok' } } }, additionalOperations: { LINK: { responses: { 200: { description: 'ok' } } } } } } },
    { openapi: '3.2.0', info: { title: 'x', version: '1' }, paths: { '/a': { additionalOperations: { POST: { responses: {} } } } } },
  ],
  '3.1': [
    { openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {} },
    { openapi: '3.1.0', info: { title: 'x' }, paths: { '/a': { get: { responses: { 200: { description: 'ok' } } } } }, bogus: 1 },
    { openapi: '3.1.0', info: { title: 'x', version: '1' }, components: { securitySchemes: { a: { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' } } } },
    { openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: { '/a': { get: { parameters: [{ name: 'q', in: 'nowhere' }], responses: {} } } } },
  ],
  '3.0': [
    { openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: {} },
    { openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: { '/a': { get: { responses: { 200: {} } } } }, components: { schemas: { A: { type: 'object', exclusiveMinimum: 3 } } } },
  ],
};

describe('precompiled meta-schema validators', () => {
  // `npm test` builds the CLI first; a bare `vitest run` on a fresh checkout has no dist/ to compare.
  it.skipIf(!existsSync(path.join(dist, PRECOMPILED['3.1'])))('give the same verdicts and errors as the validators compiled at run time', () => {
    for (const version of ['3.0', '3.1', '3.2'] as const) {
      const built = require(path.join(dist, PRECOMPILED[version]));
      const { validate } = compileMetaSchema(version);
      for (const document of documents[version]) {
        expect(built(document)).toBe(validate(document));
        expect(built.errors ?? null).toEqual(validate.errors ?? null);
      }
    }
    // The set above is not all valid or all invalid.
    const { validate } = compileMetaSchema('3.1');
    expect(documents['3.1'].map((d) => validate(d))).toEqual([true, false, true, false]);
    const v32 = compileMetaSchema('3.2').validate;
    expect(documents['3.2'].map((d) => v32(d))).toEqual([true, false]);
  });
});
