/**
 * A malformed discriminator (a `propertyName` that is a path, `../event_type` as the X API's activity
 * payload has it, or names a property no member declares) is a warning at its `file:line:col`, decided
 * once in the model, and then ignored the same way by every target: the types are the plain union, the
 * validators match the plain `oneOf`/`anyOf` exactly as Ajv does (Ajv ignores the keyword), and the mock
 * never invents a member of that name. Fixture: test/fixtures/specs/discriminator-malformed.yaml.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers/fixtures.ts';
import { generateResult } from '../helpers/generate.ts';
import { importTypeScript } from '../helpers/import-ts.ts';
import { newAjv } from '../validators/helpers/oracle.ts';
import { importGeneratedServer } from '../../generator/src/cli/commands/mock-package.ts';
import type { GenerateResult } from '../../generator/src/index.ts';

const spec = fixture('discriminator-malformed').spec;
let result: GenerateResult;
let validators: Record<string, (value: unknown) => { valid: boolean }>;

beforeAll(async () => {
  result = await generateResult(spec, ['types', 'validators']);
  const sources = new Map([...result.files].filter(([p]) => p.endsWith('.ts') && p.startsWith('validators/src/')));
  validators = await importTypeScript(sources, 'validators/src/index.ts');
}, 120_000);

describe('a malformed discriminator', () => {
  it('is a warning at its propertyName, file:line:col, once per discriminator', () => {
    const warnings = result.loaded.warnings.filter((w) => w.code === 'discriminator-property');
    expect(warnings.map((w) => ({ file: w.file, line: w.line, column: w.column, message: w.message }))).toEqual([
      { file: spec, line: 38, column: 9, message: 'discriminator propertyName "../event_type" is not a property name; the discriminator is ignored (the alternatives are matched as a plain oneOf)' },
      { file: spec, line: 68, column: 9, message: 'discriminator propertyName "kind" names a property no member of the schema declares; the discriminator is ignored (the alternatives are matched as a plain anyOf)' },
    ]);
  });

  it('is gone from the model, so every target reads the plain oneOf/anyOf', () => {
    const schemas = Object.fromEntries(result.loaded.model.schemas.map((s) => [s.key, s.schema]));
    expect(schemas.Payload).not.toHaveProperty('discriminator');
    expect(schemas.Shape).not.toHaveProperty('discriminator');
    // A well-formed one stays (the fixture of well-formed discriminators is unchanged).
    const types = result.files.get('types/src/schemas.ts')!;
    expect(types).toContain('export type Payload = NewsPayload | FollowPayload | ProfilePayload;');
    expect(types).toContain('export type Shape = Circle | Square;');
    expect(types).not.toContain('event_type"');
  });

  it('the validators judge payloads as Ajv judges the plain oneOf/anyOf', () => {
    const ajv = newAjv(true, true);
    const components = Object.fromEntries(result.loaded.model.schemas.map((s) => [s.key, s.schema]));
    ajv.addSchema({ $id: 'https://fixture.test/api', components: { schemas: components } });
    const payload = ajv.compile({ $ref: 'https://fixture.test/api#/components/schemas/Payload' });
    const shape = ajv.compile({ $ref: 'https://fixture.test/api#/components/schemas/Shape' });
    const payloads = [
      { headline: 'news' },
      { follower_id: '42' },
      { field: 'bio', value: 'x' },
      { headline: 'news', '../event_type': 'news.published' },
      { follower_id: 'not digits' },
      {},
      'text',
    ];
    for (const value of payloads) expect(validators.validatePayload(value).valid, JSON.stringify(value)).toBe(payload(value));
    for (const value of [{ radius: 1 }, { side: 2 }, { radius: 1, side: 2 }, { kind: 'circle' }, { kind: 'circle', side: 2 }]) {
      expect(validators.validateShape(value).valid, JSON.stringify(value)).toBe(shape(value));
    }
    // The payloads the X API sends (no member named `../event_type`) are valid.
    expect(validators.validatePayload({ headline: 'news' }).valid).toBe(true);
  });

  it('the mock emits no member named after it, and its samples pass the validators', async () => {
    const server = await importGeneratedServer(result.loaded.model);
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const response = await server.createMockHandler({ seed, development: true })(new Request('http://mock.test/events'));
      const events = (await response.json()) as { payload: Record<string, unknown> }[];
      expect(response.status).toBe(200);
      for (const event of events) {
        expect(Object.keys(event.payload)).not.toContain('../event_type');
        expect(validators.validatePayload(event.payload).valid, JSON.stringify(event.payload)).toBe(true);
      }
    }
  });
});
