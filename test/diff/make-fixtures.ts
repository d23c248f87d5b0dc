/**
 * Writes test/fixtures/diff/<scenario>/{base.yaml,head.yaml,expected.json} from the table below (folders
 * starting with `_` are hand-written and left alone).
 * The expectations are written by hand from the rules in docs/diff.md, never from running the diff.
 * Run: npx tsx test/diff/make-fixtures.ts (the fixtures are committed; re-run after editing the table).
 *
 * Facet scenarios put the same schema change in six places at once — query parameter, request body, a
 * property of the request body, response body, a property of the response body, response header — so one
 * scenario checks a facet under every prefix and in both directions (request narrowing breaks, response
 * widening breaks).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type L = 'B' | 'W' | 'I';
const LEVEL: Record<L, string> = { B: 'breaking', W: 'warning', I: 'info' };

interface Scenario {
  name: string;
  description: string;
  base: Json;
  head: Json;
  /** `B rule-id` entries (one per expected change, duplicates allowed). */
  expect: string[];
  now?: string;
}

const info = { title: 'Fixture', version: '1.0.0' };

function spec(paths: Json, components?: Json, extra: Record<string, Json> = {}, version = '3.1.0'): Json {
  return { openapi: version, info, ...extra, paths, ...(components ? { components } : {}) };
}

const json = (schema: Json): Record<string, Json> => ({ 'application/json': { schema } });
const ok = (schema?: Json, more: Record<string, Json> = {}): Json => ({ '200': { description: 'OK', ...(schema !== undefined ? { content: json(schema) } : {}), ...more } });

/** The schema in six places (see the file comment). */
function everywhere(schema: Json, components?: Json): Json {
  return spec(
    {
      '/items': {
        post: {
          operationId: 'createItem',
          parameters: [{ name: 'q', in: 'query', schema }],
          requestBody: { required: true, content: json(schema) },
          responses: ok(schema, { headers: { 'X-Value': { schema } } }),
        },
      },
      '/things': {
        post: {
          operationId: 'createThing',
          requestBody: { required: true, content: json({ type: 'object', properties: { value: schema } }) },
          responses: ok({ type: 'object', properties: { value: schema } }),
        },
      },
    },
    components,
  );
}

/** Expected ids for a facet in all six places: request level, response level. */
function six(facet: string, request: L, response: L): string[] {
  return [
    `${request} request-parameter-${facet}`,
    `${request} request-body-${facet}`,
    `${request} request-property-${facet}`,
    `${response} response-body-${facet}`,
    `${response} response-property-${facet}`,
    `${response} response-header-${facet}`,
  ];
}

const scenarios: Scenario[] = [];
function facet(facetName: string, request: L, response: L, base: Json, head: Json, description: string, components?: Json, name = `facet-${facetName}`, parameter?: string[]): void {
  // `parameter` replaces the query parameter's expectation where text serialization judges differently.
  const expect = six(facetName, request, response);
  if (parameter) expect.splice(0, 1, ...parameter);
  scenarios.push({ name, description, base: everywhere(base, components), head: everywhere(head, components), expect });
}

// ---------------------------------------------------------------- schema facets
// A query parameter travels as text: an integer's text is string text, so string → integer only narrows it,
// and [string, integer] → string accepts the same text.
facet('type-changed', 'B', 'B', { type: 'string' }, { type: 'integer' }, 'string → integer breaks both directions', undefined, undefined, ['B request-parameter-type-narrowed']);
facet('type-narrowed', 'B', 'I', { type: ['string', 'integer'] }, { type: 'string' }, 'fewer types: requests break, responses are fine', undefined, undefined, []);
facet('type-widened', 'I', 'B', { type: 'integer' }, { type: 'number' }, 'integer → number: responses break');
facet('became-nullable', 'I', 'B', { type: 'string' }, { type: ['string', 'null'] }, 'null allowed: clients receiving it break');
facet('became-not-nullable', 'B', 'I', { type: ['string', 'null'] }, { type: 'string' }, 'null no longer allowed: requests sending it break');
facet('format-changed', 'B', 'B', { type: 'string', format: 'date' }, { type: 'string', format: 'uuid' }, 'incompatible format');
facet('format-widened', 'I', 'B', { type: 'integer', format: 'int32' }, { type: 'integer', format: 'int64' }, 'int32 → int64');
facet('format-narrowed', 'B', 'I', { type: 'integer', format: 'int64' }, { type: 'integer', format: 'int32' }, 'int64 → int32');
facet('format-added', 'W', 'I', { type: 'string' }, { type: 'string', format: 'email' }, 'a format where there was none');
facet('format-removed', 'I', 'W', { type: 'string', format: 'email' }, { type: 'string' }, 'the format was dropped');
scenarios.push({
  name: 'facet-enum-value-added',
  description: 'two enum values added: one change per value',
  base: everywhere({ type: 'string', enum: ['a', 'b'] }),
  head: everywhere({ type: 'string', enum: ['a', 'b', 'c', 'd'] }),
  expect: [...six('enum-value-added', 'I', 'B'), ...six('enum-value-added', 'I', 'B')],
});
facet('enum-value-removed', 'B', 'I', { type: 'string', enum: ['a', 'b', 'c'] }, { type: 'string', enum: ['a', 'b'] }, 'an enum value removed');
facet('became-enum', 'B', 'I', { type: 'string' }, { type: 'string', enum: ['a', 'b'] }, 'free text → enum');
facet('enum-removed', 'I', 'B', { type: 'string', enum: ['a', 'b'] }, { type: 'string' }, 'enum → free text');
facet('extensible-enum-value-added', 'I', 'I', { type: 'string', 'x-extensible-enum': ['a'] }, { type: 'string', 'x-extensible-enum': ['a', 'b'] }, 'open enums may grow');
facet('extensible-enum-value-removed', 'B', 'I', { type: 'string', 'x-extensible-enum': ['a', 'b'] }, { type: 'string', 'x-extensible-enum': ['a'] }, 'a value of an open enum removed');
facet('enum-opened', 'I', 'B', { type: 'string', enum: ['a', 'b'] }, { type: 'string', enum: ['a', 'b'], 'x-enum-incomplete': true }, 'the enum marked incomplete: unlisted values may occur');
facet('enum-closed', 'B', 'I', { type: 'string', enum: ['a', 'b'], 'x-enum-incomplete': true }, { type: 'string', enum: ['a', 'b'] }, 'the incomplete mark dropped: only the listed values are valid');
facet('incomplete-enum-value-added', 'I', 'I', { type: 'string', enum: ['a'], 'x-enum-incomplete': true }, { type: 'string', enum: ['a', 'b'], 'x-enum-incomplete': true }, 'an incomplete enum lists one more value');
facet('incomplete-enum-value-removed', 'I', 'I', { type: 'string', enum: ['a', 'b'], 'x-enum-incomplete': true }, { type: 'string', enum: ['a'], 'x-enum-incomplete': true }, 'an incomplete enum lists one value fewer');
facet('incomplete-enum-added', 'I', 'I', { type: 'string' }, { type: 'string', enum: ['a'], 'x-enum-incomplete': true }, 'free text gains an incomplete enum: still free text');
facet('incomplete-enum-removed', 'I', 'I', { type: 'string', enum: ['a'], 'x-enum-incomplete': true }, { type: 'string' }, 'an incomplete enum dropped: it restricted nothing');
facet('const-added', 'B', 'I', { type: 'string' }, { type: 'string', const: 'x' }, 'fixed to one value');
facet('const-removed', 'I', 'B', { type: 'string', const: 'x' }, { type: 'string' }, 'no longer fixed');
facet('const-changed', 'B', 'B', { type: 'string', const: 'x' }, { type: 'string', const: 'y' }, 'a different fixed value');
facet('pattern-added', 'B', 'I', { type: 'string' }, { type: 'string', pattern: '^[a-z]+$' }, 'a pattern: strings that do not match are rejected');
facet('pattern-removed', 'I', 'B', { type: 'string', pattern: '^[a-z]+$' }, { type: 'string' }, 'the pattern was dropped');
facet('pattern-changed', 'W', 'W', { type: 'string', pattern: '^[a-z]+$' }, { type: 'string', pattern: '^[a-z0-9]+$' }, 'a different pattern');

const boundKinds: Array<[string, string, string, Json]> = [
  ['length', 'maxLength', 'minLength', { type: 'string' }],
  ['items', 'maxItems', 'minItems', { type: 'array', items: { type: 'string' } }],
  ['properties', 'maxProperties', 'minProperties', { type: 'object' }],
  ['', 'maximum', 'minimum', { type: 'integer' }],
];
for (const [name, maxKey, minKey, shape] of boundKinds) {
  const max = name ? `max-${name}` : 'max';
  const min = name ? `min-${name}` : 'min';
  const s = (extra: Record<string, Json>): Json => ({ ...(shape as Record<string, Json>), ...extra });
  facet(`${max}-decreased`, 'B', 'I', s({ [maxKey]: 10 }), s({ [maxKey]: 5 }), `${maxKey} 10 → 5`);
  facet(`${max}-increased`, 'I', 'B', s({ [maxKey]: 5 }), s({ [maxKey]: 10 }), `${maxKey} 5 → 10`);
  facet(`${max}-set`, 'W', 'I', s({}), s({ [maxKey]: 10 }), `${maxKey} set where there was none`);
  facet(`${max}-removed`, 'I', 'B', s({ [maxKey]: 10 }), s({}), `${maxKey} removed`);
  facet(`${min}-increased`, 'B', 'I', s({ [minKey]: 2 }), s({ [minKey]: 3 }), `${minKey} 2 → 3`);
  facet(`${min}-decreased`, 'I', 'B', s({ [minKey]: 3 }), s({ [minKey]: 2 }), `${minKey} 3 → 2`);
  facet(`${min}-set`, 'W', 'I', s({}), s({ [minKey]: 2 }), `${minKey} set where there was none`);
  facet(`${min}-removed`, 'I', 'B', s({ [minKey]: 2 }), s({}), `${minKey} removed`);
}
facet('max-decreased', 'B', 'I', { type: 'number', exclusiveMaximum: 10 }, { type: 'number', exclusiveMaximum: 5 }, 'exclusiveMaximum 10 → 5', undefined, 'facet-exclusive-max-decreased');
facet('min-increased', 'B', 'I', { type: 'number', minimum: 0 }, { type: 'number', exclusiveMinimum: 0 }, 'minimum 0 → exclusiveMinimum 0 (0 no longer allowed)', undefined, 'facet-min-became-exclusive');
facet('multiple-of-set', 'W', 'I', { type: 'integer' }, { type: 'integer', multipleOf: 5 }, 'multipleOf set');
facet('multiple-of-removed', 'I', 'W', { type: 'integer', multipleOf: 5 }, { type: 'integer' }, 'multipleOf removed');
facet('multiple-of-changed', 'B', 'B', { type: 'integer', multipleOf: 5 }, { type: 'integer', multipleOf: 3 }, 'multipleOf 5 → 3');
facet('unique-items-added', 'B', 'I', { type: 'array', items: { type: 'string' } }, { type: 'array', items: { type: 'string' }, uniqueItems: true }, 'items must be unique');
facet('unique-items-removed', 'I', 'B', { type: 'array', items: { type: 'string' }, uniqueItems: true }, { type: 'array', items: { type: 'string' } }, 'duplicates allowed');
const tags = (more: Record<string, Json>): Json => ({ type: 'array', items: { type: 'string' }, ...more });
facet('contains-added', 'B', 'I', tags({}), tags({ contains: { const: 'x' } }), 'an item must now match contains');
facet('contains-removed', 'I', 'B', tags({ contains: { const: 'x' } }), tags({}), 'no item has to match contains any more');
facet('min-contains-increased', 'B', 'I', tags({ contains: { const: 'x' } }), tags({ contains: { const: 'x' }, minContains: 2 }), 'minContains 1 (the default) → 2');
facet('min-contains-decreased', 'I', 'B', tags({ contains: { const: 'x' }, minContains: 3 }), tags({ contains: { const: 'x' }, minContains: 2 }), 'minContains 3 → 2');
facet('max-contains-decreased', 'B', 'I', tags({ contains: { const: 'x' } }), tags({ contains: { const: 'x' }, maxContains: 2 }), 'maxContains set to 2');
facet('max-contains-increased', 'I', 'B', tags({ contains: { const: 'x' }, maxContains: 2 }), tags({ contains: { const: 'x' }, maxContains: 5 }), 'maxContains 2 → 5');
facet('additional-properties-disallowed', 'W', 'I', { type: 'object', properties: { a: { type: 'string' } } }, { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }, 'closed object');
facet('additional-properties-allowed', 'I', 'W', { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }, { type: 'object', properties: { a: { type: 'string' } } }, 'opened object');
facet('pattern-property-added', 'B', 'I', { type: 'object' }, { type: 'object', patternProperties: { '^x-': { type: 'string' } } }, 'properties named x-… must now be strings');
facet('pattern-property-removed', 'I', 'B', { type: 'object', patternProperties: { '^x-': { type: 'string' } } }, { type: 'object' }, 'properties named x-… are no longer constrained');
facet('property-names-added', 'B', 'I', { type: 'object' }, { type: 'object', propertyNames: { pattern: '^[a-z]+$' } }, 'property names restricted');
facet('property-names-removed', 'I', 'B', { type: 'object', propertyNames: { pattern: '^[a-z]+$' } }, { type: 'object' }, 'property names no longer restricted');
facet('dependent-required-added', 'B', 'I', { type: 'object' }, { type: 'object', dependentRequired: { card: ['billing'] } }, 'card requires billing');
facet('dependent-required-removed', 'I', 'W', { type: 'object', dependentRequired: { card: ['billing'] } }, { type: 'object' }, 'card no longer requires billing');
facet('dependent-schema-added', 'B', 'I', { type: 'object' }, { type: 'object', dependentSchemas: { card: { required: ['billing'] } } }, 'objects with card must now have billing');
facet('dependent-schema-removed', 'I', 'B', { type: 'object', dependentSchemas: { card: { required: ['billing'] } } }, { type: 'object' }, 'objects with card no longer need billing');
facet('unevaluated-added', 'B', 'I', { type: 'object', properties: { a: { type: 'string' } } }, { type: 'object', properties: { a: { type: 'string' } }, unevaluatedProperties: false }, 'unevaluatedProperties: false added');
facet('unevaluated-removed', 'I', 'B', { type: 'array', prefixItems: [{ type: 'string' }], unevaluatedItems: false }, { type: 'array', prefixItems: [{ type: 'string' }] }, 'unevaluatedItems: false removed');
facet('not-added', 'W', 'I', { type: 'string' }, { type: 'string', not: { const: 'x' } }, 'not added');
facet('not-removed', 'I', 'W', { type: 'string', not: { const: 'x' } }, { type: 'string' }, 'not removed');
facet('not-changed', 'W', 'W', { type: 'string', not: { pattern: '^a' } }, { type: 'string', not: { pattern: '^b' } }, 'not changed: a different pattern');
facet('not-tightened', 'B', 'I', { type: 'string', not: { enum: ['x'] } }, { type: 'string', not: { enum: ['x', 'y'] } }, 'not excludes one more value');
facet('not-loosened', 'I', 'B', { type: 'string', not: { enum: ['x', 'y'] } }, { type: 'string', not: { enum: ['x'] } }, 'not excludes one value fewer');
facet('conditional-changed', 'W', 'W', { type: 'object', if: { required: ['a'] }, then: { required: ['b'] } }, { type: 'object', if: { required: ['c'] }, then: { required: ['b'] } }, 'the if condition changed');
facet('one-of-added', 'I', 'B', { oneOf: [{ type: 'string' }, { type: 'integer' }] }, { oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'boolean' }] }, 'a new alternative');
facet('one-of-removed', 'B', 'I', { oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'boolean' }] }, { oneOf: [{ type: 'string' }, { type: 'integer' }] }, 'an alternative removed');
facet('any-of-added', 'I', 'B', { anyOf: [{ type: 'string' }, { type: 'integer' }] }, { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'boolean' }] }, 'a new alternative');
facet('any-of-removed', 'B', 'I', { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'boolean' }] }, { anyOf: [{ type: 'string' }, { type: 'integer' }] }, 'an alternative removed');
facet('one-of-added', 'I', 'B', { type: 'string' }, { oneOf: [{ type: 'string' }, { type: 'integer' }] }, 'a string wrapped in a oneOf with a new alternative', undefined, 'facet-one-of-wrapped');
facet('all-of-added', 'B', 'I', { type: 'string', allOf: [{ pattern: '^a' }, { pattern: 'b$' }] }, { type: 'string', allOf: [{ pattern: '^a' }, { pattern: 'b$' }, { pattern: 'c' }] }, 'a third pattern (members that cannot be merged)');
facet('all-of-removed', 'I', 'B', { type: 'string', allOf: [{ pattern: '^a' }, { pattern: 'b$' }, { pattern: 'c' }] }, { type: 'string', allOf: [{ pattern: '^a' }, { pattern: 'b$' }] }, 'a pattern member removed');
const pets: Json = {
  schemas: {
    // Both members declare `type` too, so a discriminator moved to it stays well-formed (a propertyName no
    // member declares is malformed: the model warns and drops it, and the change would read as a removal).
    Cat: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, type: { type: 'string' }, meows: { type: 'boolean' } } },
    Dog: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, type: { type: 'string' }, barks: { type: 'boolean' } } },
  },
};
const pet = (discriminator?: Json): Json => ({ oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }], ...(discriminator ? { discriminator } : {}) });
const mapping = { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' };
facet('discriminator-added', 'I', 'I', pet(), pet({ propertyName: 'kind' }), 'a discriminator added', pets);
facet('discriminator-removed', 'I', 'W', pet({ propertyName: 'kind' }), pet(), 'the discriminator removed', pets);
facet('discriminator-property-changed', 'B', 'B', pet({ propertyName: 'kind', mapping }), pet({ propertyName: 'type', mapping }), 'discriminator property kind → type', pets);
facet('discriminator-mapping-added', 'I', 'B', pet({ propertyName: 'kind', mapping }), pet({ propertyName: 'kind', mapping: { ...mapping, kitten: '#/components/schemas/Cat' } }), 'value kitten added', pets);
facet('discriminator-mapping-removed', 'B', 'I', pet({ propertyName: 'kind', mapping: { ...mapping, kitten: '#/components/schemas/Cat' } }), pet({ propertyName: 'kind', mapping }), 'value kitten removed', pets);
facet('discriminator-mapping-changed', 'W', 'W', pet({ propertyName: 'kind', mapping: { ...mapping, pet: '#/components/schemas/Cat' } }), pet({ propertyName: 'kind', mapping: { cat: '#/components/schemas/Dog', dog: '#/components/schemas/Dog', pet: '#/components/schemas/Cat' } }), 'value cat now maps to Dog (Cat stays reachable through value pet)', pets);
facet('default-value-added', 'I', 'I', { type: 'integer' }, { type: 'integer', default: 10 }, 'a default added');
facet('default-value-removed', 'W', 'I', { type: 'integer', default: 10 }, { type: 'integer' }, 'the default removed');
facet('default-value-changed', 'W', 'I', { type: 'integer', default: 10 }, { type: 'integer', default: 20 }, 'default 10 → 20');
facet('content-media-type-changed', 'B', 'B', { type: 'string', contentMediaType: 'image/png' }, { type: 'string', contentMediaType: 'image/jpeg' }, 'contentMediaType changed');
facet('content-encoding-changed', 'B', 'B', { type: 'string', contentEncoding: 'base64' }, { type: 'string', contentEncoding: 'base32' }, 'contentEncoding changed');
facet('became-deprecated', 'I', 'I', { type: 'string' }, { type: 'string', deprecated: true }, 'deprecated');
facet('deprecation-removed', 'I', 'I', { type: 'string', deprecated: true }, { type: 'string' }, 'no longer deprecated');
facet('x-sunset-moved-earlier', 'B', 'B', { type: 'string', deprecated: true, 'x-sunset': '2027-01-01' }, { type: 'string', deprecated: true, 'x-sunset': '2026-01-01' }, 'sunset moved a year earlier');

// ---------------------------------------------------------------- endpoints
const op = (operationId: string, extra: Record<string, Json> = {}): Json => ({ operationId, responses: ok({ type: 'string' }), ...extra });
const NOW = '2025-06-01';
function add(name: string, description: string, base: Json, head: Json, expect: string[], now?: string): void {
  scenarios.push({ name, description, base, head, expect, now });
}
const twoOps = (extra: Record<string, Json> = {}): Json => spec({ '/a': { get: op('getA', extra) }, '/b': { get: op('getB') } });
const oneOp = (): Json => spec({ '/b': { get: op('getB') } });
add('endpoint-added', 'a new operation', oneOp(), twoOps(), ['I endpoint-added']);
add('endpoint-removed', 'removed without deprecation', twoOps(), oneOp(), ['B endpoint-removed']);
add('endpoint-removed-before-sunset', 'deprecated, sunset in the future', twoOps({ deprecated: true, 'x-sunset': '2026-01-01' }), oneOp(), ['B endpoint-removed-before-sunset'], NOW);
add('endpoint-removed-without-sunset', 'deprecated without x-sunset: still breaking', twoOps({ deprecated: true }), oneOp(), ['B endpoint-removed-before-sunset'], NOW);
add('endpoint-removed-deprecated-at-no-sunset', 'deprecated on a past date (x-deprecated-at) with no x-sunset: the removal date is unknown, still breaking', twoOps({ deprecated: true, 'x-deprecated-at': '2025-03-25' }), oneOp(), ['B endpoint-removed-before-sunset'], '2026-06-01');
add('endpoint-removed-after-sunset', 'deprecated, sunset passed', twoOps({ deprecated: true, 'x-sunset': '2025-01-01' }), oneOp(), ['I endpoint-removed-after-sunset'], NOW);
add('endpoint-moved', 'same operationId, new path', spec({ '/a': { get: op('getA') } }), spec({ '/a2': { get: op('getA') } }), ['B endpoint-moved']);
add('endpoint-deprecated', 'became deprecated', twoOps(), twoOps({ deprecated: true, 'x-sunset': '2026-01-01' }), ['I endpoint-deprecated']);
add('endpoint-reactivated', 'no longer deprecated', twoOps({ deprecated: true }), twoOps(), ['I endpoint-reactivated']);
add('endpoint-sunset-moved-earlier', 'sunset 2026-06-01 → 2026-01-01', twoOps({ deprecated: true, 'x-sunset': '2026-06-01' }), twoOps({ deprecated: true, 'x-sunset': '2026-01-01' }), ['B endpoint-sunset-moved-earlier']);
add('endpoint-sunset-moved-later', 'sunset moved later', twoOps({ deprecated: true, 'x-sunset': '2026-01-01' }), twoOps({ deprecated: true, 'x-sunset': '2026-06-01' }), ['I endpoint-sunset-moved-later']);
add('endpoint-sunset-invalid', 'x-sunset is not a date', twoOps({ deprecated: true }), twoOps({ deprecated: true, 'x-sunset': 'next spring' }), ['W endpoint-sunset-invalid']);
add('endpoint-operation-id-changed', 'the client method is renamed', spec({ '/a': { get: op('getA') } }), spec({ '/a': { get: op('fetchA') } }), ['W endpoint-operation-id-changed']);
add('endpoint-stability-decreased', 'stable → beta', twoOps({ 'x-stability-level': 'stable' }), twoOps({ 'x-stability-level': 'beta' }), ['B endpoint-stability-decreased']);
add('endpoint-stability-increased', 'beta → stable', twoOps({ 'x-stability-level': 'beta' }), twoOps({ 'x-stability-level': 'stable' }), ['I endpoint-stability-increased']);
add('endpoint-alpha-downgraded', 'a breaking change on an alpha endpoint is info', twoOps({ 'x-stability-level': 'alpha', parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }] }), twoOps({ 'x-stability-level': 'alpha' }), ['I request-parameter-removed']);
add('endpoint-tag-added', 'tag added', twoOps({ tags: ['a'] }), twoOps({ tags: ['a', 'b'] }), ['I endpoint-tag-added']);
add('endpoint-tag-removed', 'tag removed', twoOps({ tags: ['a', 'b'] }), twoOps({ tags: ['a'] }), ['I endpoint-tag-removed']);
const paged = (token: string): Record<string, Json> => ({ parameters: [{ name: 'pagination_token', in: 'query', schema: { type: 'string' } }, { name: 'next', in: 'query', schema: { type: 'string' } }], 'x-pagination': { tokenParameter: token, nextTokenPointer: '/meta/next_token' } });
add('endpoint-pagination-changed', 'the paginator follows another token', twoOps(paged('pagination_token')), twoOps(paged('next')), ['W endpoint-pagination-changed']);
add('endpoint-streaming-changed', 'x-streaming added', twoOps(), twoOps({ 'x-streaming': { format: 'ndjson' } }), ['W endpoint-streaming-changed']);

// ---------------------------------------------------------------- parameters
const withParams = (parameters: Json[], pathName = '/items', extra: Record<string, Json> = {}): Json => spec({ [pathName]: { get: op('listItems', { parameters, ...extra }) } });
const q = (extra: Record<string, Json> = {}): Json => ({ name: 'q', in: 'query', schema: { type: 'string' }, ...extra });
add('new-required-request-parameter', 'a required query parameter', withParams([]), withParams([q({ required: true })]), ['B new-required-request-parameter']);
add('new-optional-request-parameter', 'an optional query parameter', withParams([]), withParams([q()]), ['I new-optional-request-parameter']);
add('request-parameter-removed', 'removed without deprecation', withParams([q()]), withParams([]), ['B request-parameter-removed']);
add('request-parameter-removed-before-sunset', 'deprecated, sunset in the future', withParams([q({ deprecated: true, 'x-sunset': '2026-01-01' })]), withParams([]), ['B request-parameter-removed-before-sunset'], NOW);
add('request-parameter-removed-after-sunset', 'deprecated, sunset passed', withParams([q({ deprecated: true, 'x-sunset': '2025-01-01' })]), withParams([]), ['I request-parameter-removed-after-sunset'], NOW);
add('request-parameter-location-changed', 'query → header', withParams([q()]), withParams([{ name: 'q', in: 'header', schema: { type: 'string' } }]), ['B request-parameter-location-changed']);
add('request-path-parameter-renamed', '{id} → {itemId}: same URL', spec({ '/items/{id}': { get: op('getItem', { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] }) } }), spec({ '/items/{itemId}': { get: op('getItem', { parameters: [{ name: 'itemId', in: 'path', required: true, schema: { type: 'string' } }] }) } }), ['W request-path-parameter-renamed']);
add('request-parameter-became-required', 'optional → required', withParams([q()]), withParams([q({ required: true })]), ['B request-parameter-became-required']);
add('request-parameter-became-optional', 'required → optional', withParams([q({ required: true })]), withParams([q()]), ['I request-parameter-became-optional']);
add('request-parameter-deprecated', 'deprecated', withParams([q()]), withParams([q({ deprecated: true })]), ['I request-parameter-deprecated']);
add('request-parameter-reactivated', 'no longer deprecated', withParams([q({ deprecated: true })]), withParams([q()]), ['I request-parameter-reactivated']);
add('request-parameter-sunset-moved-earlier', 'x-sunset moved earlier', withParams([q({ deprecated: true, 'x-sunset': '2026-06-01' })]), withParams([q({ deprecated: true, 'x-sunset': '2026-01-01' })]), ['B request-parameter-sunset-moved-earlier']);
const list = (extra: Record<string, Json> = {}): Json => ({ name: 'ids', in: 'query', schema: { type: 'array', items: { type: 'string' } }, ...extra });
add('request-parameter-style-changed', 'form → pipeDelimited', withParams([list()]), withParams([list({ style: 'pipeDelimited' })]), ['B request-parameter-style-changed']);
add('request-parameter-explode-changed', 'explode true → false', withParams([list()]), withParams([list({ explode: false })]), ['B request-parameter-explode-changed']);
add('request-parameter-explode-default', 'explode written out with its default value: no change', withParams([list()]), withParams([list({ style: 'form', explode: true })]), []);
add('request-parameter-allow-reserved-changed', 'allowReserved added', withParams([q()]), withParams([q({ allowReserved: true })]), ['W request-parameter-allow-reserved-changed']);
add('request-parameter-allow-empty-value-removed', 'allowEmptyValue dropped', withParams([q({ allowEmptyValue: true })]), withParams([q()]), ['B request-parameter-allow-empty-value-removed']);
add('request-parameter-content-changed', 'schema → content application/json', withParams([q()]), withParams([{ name: 'q', in: 'query', content: json({ type: 'string' }) }]), ['B request-parameter-content-changed']);
const criteria = (where: string): Json => ({ name: 'filter', in: where, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { q: { type: 'string' } } } } } });
add('request-parameter-querystring-changed', 'in: query → in: querystring (OAS 3.2)', spec({ '/items': { get: op('listItems', { parameters: [criteria('query')] }) } }, undefined, {}, '3.2.0'), spec({ '/items': { get: op('listItems', { parameters: [criteria('querystring')] }) } }, undefined, {}, '3.2.0'), ['B request-parameter-querystring-changed']);
add('request-header-parameter-case', 'header parameter names are case-insensitive', withParams([{ name: 'X-Trace', in: 'header', schema: { type: 'string' } }]), withParams([{ name: 'x-trace', in: 'header', schema: { type: 'string' } }]), []);
add('request-parameter-path-level', 'a parameter moved from the operation to the path item: same contract', withParams([q()]), spec({ '/items': { parameters: [q()], get: op('listItems') } }), []);

// ---------------------------------------------------------------- request bodies
const post = (requestBody?: Json): Json => spec({ '/items': { post: op('createItem', requestBody ? { requestBody } : {}) } });
const body = (required: boolean, types = ['application/json']): Json => ({ required, content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'object' } }])) });
add('request-body-added-required', 'a required body', post(), post(body(true)), ['B request-body-added-required']);
add('request-body-added-optional', 'an optional body', post(), post(body(false)), ['I request-body-added-optional']);
add('request-body-removed', 'the body was removed', post(body(true)), post(), ['B request-body-removed']);
add('request-body-became-required', 'optional → required', post(body(false)), post(body(true)), ['B request-body-became-required']);
add('request-body-became-optional', 'required → optional', post(body(true)), post(body(false)), ['I request-body-became-optional']);
add('request-body-media-type-added', 'a new media type', post(body(true)), post(body(true, ['application/json', 'application/xml'])), ['I request-body-media-type-added']);
add('request-body-media-type-removed', 'a media type dropped', post(body(true, ['application/json', 'application/xml'])), post(body(true)), ['B request-body-media-type-removed']);

// ---------------------------------------------------------------- properties, both directions
/** The object in the request body and in the response body of one operation. */
const both = (schema: Json, components?: Json, version?: string): Json =>
  spec({ '/items': { post: { operationId: 'createItem', requestBody: { required: true, content: json(schema) }, responses: ok(schema) } } }, components, {}, version);
const obj = (properties: Record<string, Json>, required: string[] = []): Record<string, Json> => ({ type: 'object', properties, ...(required.length ? { required } : {}) });
const S = { type: 'string' };
add('property-added-required', 'a new required property: requests break, responses are fine', both(obj({ a: S }, ['a'])), both(obj({ a: S, b: S }, ['a', 'b'])), ['B new-required-request-property', 'I response-required-property-added']);
add('property-added-optional', 'a new optional property', both(obj({ a: S })), both(obj({ a: S, b: S })), ['I new-optional-request-property', 'I response-optional-property-added']);
add('property-removed', 'removed without deprecation', both(obj({ a: S, b: S })), both(obj({ a: S })), ['W request-property-removed', 'B response-property-removed']);
add('property-removed-before-sunset', 'deprecated, sunset in the future', both(obj({ a: S, b: { type: 'string', deprecated: true, 'x-sunset': '2026-01-01' } })), both(obj({ a: S })), ['W request-property-removed-before-sunset', 'B response-property-removed-before-sunset'], NOW);
add('property-removed-after-sunset', 'deprecated, sunset passed', both(obj({ a: S, b: { type: 'string', deprecated: true, 'x-sunset': '2025-01-01' } })), both(obj({ a: S })), ['I request-property-removed-after-sunset', 'I response-property-removed-after-sunset'], NOW);
add('property-became-required', 'optional → required: opposite verdicts', both(obj({ a: S })), both(obj({ a: S }, ['a'])), ['B request-property-became-required', 'I response-property-became-required']);
add('property-became-optional', 'required → optional: opposite verdicts', both(obj({ a: S }, ['a'])), both(obj({ a: S })), ['I request-property-became-optional', 'B response-property-became-optional']);
add('property-required-undeclared', 'a name added to required without a property definition', both(obj({ a: S })), both(obj({ a: S }, ['z'])), ['B request-property-became-required', 'I response-property-became-required']);
add('property-became-read-only', 'readOnly: gone from requests only', both(obj({ a: S, id: S })), both(obj({ a: S, id: { type: 'string', readOnly: true } })), ['W request-property-became-read-only']);
add('property-became-not-read-only', 'readOnly dropped: clients may send it', both(obj({ a: S, id: { type: 'string', readOnly: true } })), both(obj({ a: S, id: S })), ['I request-property-became-not-read-only']);
add('property-became-write-only', 'writeOnly: gone from responses only', both(obj({ a: S, secret: S })), both(obj({ a: S, secret: { type: 'string', writeOnly: true } })), ['B response-property-became-write-only']);
add('property-became-not-write-only', 'writeOnly dropped: now returned', both(obj({ a: S, secret: { type: 'string', writeOnly: true } })), both(obj({ a: S, secret: S })), ['I response-property-became-not-write-only']);
add('property-read-only-required', 'a required readOnly property added: only responses see it', both(obj({ a: S })), both(obj({ a: S, id: { type: 'string', readOnly: true } }, ['id'])), ['I response-required-property-added']);
add('property-nested-change', 'a change deep inside arrays and objects is located by path', both(obj({ data: { type: 'array', items: obj({ text: { type: 'string', maxLength: 280 } }) } })), both(obj({ data: { type: 'array', items: obj({ text: { type: 'string', maxLength: 140 } }) } })), ['B request-property-max-length-decreased', 'I response-property-max-length-decreased']);

// ---------------------------------------------------------------- responses and headers
const get = (responses: Json): Json => spec({ '/items': { get: { operationId: 'listItems', responses } } });
const r200 = { description: 'OK', content: json({ type: 'string' }) };
const r404 = { description: 'Not found', content: json({ type: 'string' }) };
add('response-success-status-added', 'a new 2XX', get({ '200': r200 }), get({ '200': r200, '201': r200 }), ['I response-success-status-added']);
add('response-non-success-status-added', 'a new 4XX', get({ '200': r200 }), get({ '200': r200, '404': r404 }), ['I response-non-success-status-added']);
add('response-success-status-removed', 'a 2XX removed', get({ '200': r200, '201': r200 }), get({ '200': r200 }), ['B response-success-status-removed']);
add('response-non-success-status-removed', 'a 4XX removed', get({ '200': r200, '404': r404 }), get({ '200': r200 }), ['I response-non-success-status-removed']);
add('response-media-type-added', 'a new response media type', get({ '200': r200 }), get({ '200': { description: 'OK', content: { ...json({ type: 'string' }), 'text/plain': { schema: { type: 'string' } } } } }), ['I response-media-type-added']);
add('response-media-type-removed', 'a response media type removed', get({ '200': { description: 'OK', content: { ...json({ type: 'string' }), 'text/plain': { schema: { type: 'string' } } } } }), get({ '200': r200 }), ['B response-media-type-removed']);
add('response-status-case', '2xx and 2XX are the same range', get({ '2xx': r200 }), get({ '2XX': r200 }), []);
const withHeader = (headers: Record<string, Json>): Json => get({ '200': { ...r200, headers } });
const H = (extra: Record<string, Json> = {}): Json => ({ schema: { type: 'integer' }, ...extra });
add('response-required-header-added', 'a required header', withHeader({}), withHeader({ 'X-Rate-Limit': H({ required: true }) }), ['I response-required-header-added']);
add('response-optional-header-added', 'an optional header', withHeader({}), withHeader({ 'X-Rate-Limit': H() }), ['I response-optional-header-added']);
add('response-required-header-removed', 'a required header removed', withHeader({ 'X-Rate-Limit': H({ required: true }) }), withHeader({}), ['B response-required-header-removed']);
add('response-optional-header-removed', 'an optional header removed', withHeader({ 'X-Rate-Limit': H() }), withHeader({}), ['W response-optional-header-removed']);
add('response-header-became-optional', 'required → optional', withHeader({ 'X-Rate-Limit': H({ required: true }) }), withHeader({ 'X-Rate-Limit': H() }), ['B response-header-became-optional']);
add('response-header-became-required', 'optional → required', withHeader({ 'X-Rate-Limit': H() }), withHeader({ 'X-Rate-Limit': H({ required: true }) }), ['I response-header-became-required']);
add('response-header-deprecated', 'deprecated', withHeader({ 'X-Rate-Limit': H() }), withHeader({ 'X-Rate-Limit': H({ deprecated: true }) }), ['I response-header-deprecated']);
add('response-header-case', 'header names are case-insensitive', withHeader({ 'X-Rate-Limit': H() }), withHeader({ 'x-rate-limit': H() }), []);

// ---------------------------------------------------------------- security
const oauth = (scopes: Record<string, string> = { read: 'Read', write: 'Write' }, flows?: Json): Json => ({
  type: 'oauth2',
  flows: flows ?? { authorizationCode: { authorizationUrl: 'https://auth.example.com/authorize', tokenUrl: 'https://auth.example.com/token', scopes } },
});
const schemes = (extra: Record<string, Json> = {}): Json => ({ securitySchemes: { oauth: oauth(), key: { type: 'apiKey', in: 'header', name: 'X-Key' }, bearer: { type: 'http', scheme: 'bearer' }, ...extra } });
const secured = (security: Json | undefined, components: Json = schemes(), global?: Json): Json =>
  spec({ '/items': { get: op('listItems', security !== undefined ? { security } : {}) }, '/other': { get: op('listOther', security !== undefined ? { security } : {}) } }, components, global !== undefined ? { security: global } : {});
add('api-security-added', 'a public operation now needs authentication', secured([]), secured([{ oauth: ['read'] }]), ['B api-security-added', 'B api-security-added']);
add('api-security-removed', 'authentication no longer required', secured([{ oauth: ['read'] }]), secured([]), ['I api-security-removed', 'I api-security-removed']);
add('api-security-and-added', 'a scheme ANDed into the requirement', secured([{ oauth: ['read'] }]), secured([{ oauth: ['read'], key: [] }]), ['B api-security-added', 'B api-security-added']);
add('api-security-alternative-added', 'a new way to authenticate', secured([{ oauth: ['read'] }]), secured([{ oauth: ['read'] }, { key: [] }]), ['I api-security-alternative-added', 'I api-security-alternative-added']);
add('api-security-alternative-removed', 'a way to authenticate removed', secured([{ oauth: ['read'] }, { key: [] }]), secured([{ oauth: ['read'] }]), ['B api-security-alternative-removed', 'B api-security-alternative-removed']);
add('api-security-scope-added', 'a scope became required', secured([{ oauth: ['read'] }]), secured([{ oauth: ['read', 'write'] }]), ['B api-security-scope-added', 'B api-security-scope-added']);
add('api-security-scope-removed', 'a scope no longer required', secured([{ oauth: ['read', 'write'] }]), secured([{ oauth: ['read'] }]), ['I api-security-scope-removed', 'I api-security-scope-removed']);
add('api-security-global-added', 'document security added: reported once for both operations', secured(undefined), secured(undefined, schemes(), [{ bearer: [] }]), ['B api-security-added']);
add('security-scheme-added', 'a scheme defined', secured([{ oauth: ['read'] }]), secured([{ oauth: ['read'] }], schemes({ basic: { type: 'http', scheme: 'basic' } })), ['I security-scheme-added']);
add('security-scheme-removed-unused', 'a scheme no operation required removed', secured([{ oauth: ['read'] }], schemes({ basic: { type: 'http', scheme: 'basic' } })), secured([{ oauth: ['read'] }]), ['I security-scheme-removed-unused']);
add('security-scheme-removed', 'a scheme the operations required removed (they now use oauth)', secured([{ basic: [] }], schemes({ basic: { type: 'http', scheme: 'basic' } })), secured([{ oauth: ['read'] }]), ['B security-scheme-removed', 'B api-security-alternative-removed', 'B api-security-alternative-removed', 'I api-security-alternative-added', 'I api-security-alternative-added']);
add('security-scheme-renamed', 'a scheme renamed, requirements follow: no requirement change', secured([{ key: [] }]), secured([{ apiKey: [] }], { securitySchemes: { oauth: oauth(), apiKey: { type: 'apiKey', in: 'header', name: 'X-Key' }, bearer: { type: 'http', scheme: 'bearer' } } }), ['I security-scheme-renamed']);
add('security-scheme-type-changed', 'apiKey → http bearer', secured([{ key: [] }]), secured([{ key: [] }], schemes({ key: { type: 'http', scheme: 'bearer' } })), ['B security-scheme-type-changed']);
add('security-scheme-http-scheme-changed', 'bearer → basic', secured([{ bearer: [] }]), secured([{ bearer: [] }], schemes({ bearer: { type: 'http', scheme: 'basic' } })), ['B security-scheme-http-scheme-changed']);
add('security-scheme-bearer-format-changed', 'bearerFormat set', secured([{ bearer: [] }]), secured([{ bearer: [] }], schemes({ bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } })), ['I security-scheme-bearer-format-changed']);
add('security-scheme-api-key-changed', 'the key moved from a header to the query', secured([{ key: [] }]), secured([{ key: [] }], schemes({ key: { type: 'apiKey', in: 'query', name: 'key' } })), ['B security-scheme-api-key-changed']);
const clientCredentials = { tokenUrl: 'https://auth.example.com/token', scopes: { read: 'Read' } };
const codeFlow = { authorizationUrl: 'https://auth.example.com/authorize', tokenUrl: 'https://auth.example.com/token', scopes: { read: 'Read', write: 'Write' } };
add('security-scheme-oauth-flow-added', 'clientCredentials added', secured([{ oauth: ['read'] }]), secured([{ oauth: ['read'] }], schemes({ oauth: oauth(undefined, { authorizationCode: codeFlow, clientCredentials }) })), ['I security-scheme-oauth-flow-added']);
add('security-scheme-oauth-flow-removed', 'clientCredentials removed', secured([{ oauth: ['read'] }], schemes({ oauth: oauth(undefined, { authorizationCode: codeFlow, clientCredentials }) })), secured([{ oauth: ['read'] }]), ['B security-scheme-oauth-flow-removed']);
add('security-scheme-oauth-url-changed', 'a new token URL', secured([{ oauth: ['read'] }]), secured([{ oauth: ['read'] }], schemes({ oauth: oauth(undefined, { authorizationCode: { ...codeFlow, tokenUrl: 'https://auth.example.com/oauth2/token' } }) })), ['W security-scheme-oauth-url-changed']);
add('security-scheme-oauth-scope-added', 'a scope defined', secured([{ oauth: ['read'] }]), secured([{ oauth: ['read'] }], schemes({ oauth: oauth({ read: 'Read', write: 'Write', admin: 'Admin' }) })), ['I security-scheme-oauth-scope-added']);
add('security-scheme-oauth-scope-removed', 'a scope definition removed', secured([{ oauth: ['read'] }]), secured([{ oauth: ['read'] }], schemes({ oauth: oauth({ read: 'Read' }) })), ['W security-scheme-oauth-scope-removed']);
// OAS 3.2: deprecated schemes and the authorization server metadata URL.
const secured32 = (components: Json): Json => ({ ...(secured([{ key: [] }, { oauth: ['read'] }], components) as Record<string, Json>), openapi: '3.2.0' });
add('security-scheme-deprecated', 'the API key scheme marked deprecated', secured32(schemes()), secured32(schemes({ key: { type: 'apiKey', in: 'header', name: 'X-Key', deprecated: true } })), ['W security-scheme-deprecated']);
add('security-scheme-oauth-metadata-url-changed', 'oauth2MetadataUrl set', secured32(schemes()), secured32(schemes({ oauth: { ...(oauth() as Record<string, Json>), oauth2MetadataUrl: 'https://auth.example.com/.well-known/oauth-authorization-server' } })), ['W security-scheme-oauth-metadata-url-changed']);
add('security-scheme-openid-url-changed', 'a new discovery URL', secured([{ oidc: [] }], schemes({ oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://a.example.com/.well-known/openid-configuration' } })), secured([{ oidc: [] }], schemes({ oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://b.example.com/.well-known/openid-configuration' } })), ['W security-scheme-openid-url-changed']);

// ---------------------------------------------------------------- document
const doc = (extra: Record<string, Json>, components?: Json, version?: string): Json => spec({ '/items': { get: op('listItems') } }, components, extra, version);
add('server-added', 'a server', doc({ servers: [{ url: 'https://a.example.com' }] }), doc({ servers: [{ url: 'https://a.example.com' }, { url: 'https://b.example.com' }] }), ['I server-added']);
add('server-removed', 'a server removed', doc({ servers: [{ url: 'https://a.example.com' }, { url: 'https://b.example.com' }] }), doc({ servers: [{ url: 'https://a.example.com' }] }), ['W server-removed']);
add('server-variable-changed', 'a server variable lost a value', doc({ servers: [{ url: 'https://{region}.example.com', variables: { region: { default: 'eu', enum: ['eu', 'us'] } } }] }), doc({ servers: [{ url: 'https://{region}.example.com', variables: { region: { default: 'eu', enum: ['eu'] } } }] }), ['W server-variable-changed']);
const unused = (schemas: Record<string, Json>): Json => ({ schemas });
add('schema-added', 'a component schema (new generated type)', doc({}, unused({ A: S })), doc({}, unused({ A: S, B: { type: 'integer' } })), ['I schema-added']);
add('schema-removed', 'a component schema removed', doc({}, unused({ A: S, B: { type: 'integer' } })), doc({}, unused({ A: S })), ['I schema-removed']);
add('schema-renamed', 'same shape, new name', doc({}, unused({ A: S, B: { type: 'integer', minimum: 1 } })), doc({}, unused({ A: S, Count: { type: 'integer', minimum: 1 } })), ['I schema-renamed']);
add('schema-changed', 'a component no operation uses changed', doc({}, unused({ A: S })), doc({}, unused({ A: { type: 'string', maxLength: 5 } })), ['I schema-changed']);
const limits = (value: number, extra: Json[] = []): Record<string, Json> => ({ 'x-limits': [{ name: 'max-results', value, unit: 'results' }, ...extra] });
add('limit-added', 'an x-limits entry', doc(limits(100)), doc(limits(100, [{ name: 'max-ids', value: 10 }])), ['I limit-added']);
add('limit-removed', 'an x-limits entry removed', doc(limits(100, [{ name: 'max-ids', value: 10 }])), doc(limits(100)), ['I limit-removed']);
add('limit-decreased', '100 → 50', doc(limits(100)), doc(limits(50)), ['W limit-decreased']);
add('limit-increased', '100 → 200', doc(limits(100)), doc(limits(200)), ['I limit-increased']);
const bounded = (bound: Record<string, Json>): Record<string, Json> => ({ 'x-limits': [{ name: 'max-results', value: 100, unit: 'results', ...bound }] });
add('limit-bound-changed', 'a cap (max) became a floor (min) at the same value: the constant now means at least', doc(bounded({ max: 100 })), doc(bounded({ min: 100 })), ['W limit-bound-changed']);
add('openapi-version-changed', '3.0.3 → 3.1.0 with the same contract', doc({}, undefined, '3.0.3'), doc({}, undefined, '3.1.0'), ['I openapi-version-changed']);

// ---------------------------------------------------------------- meaning, not text: no change expected
const pet30 = (nullableSpelling: Json): Json => spec({ '/pets': { get: op('listPets', { responses: ok(obj({ name: nullableSpelling })) }) } }, undefined, {}, '3.0.3');
const pet31 = (schema: Json): Json => spec({ '/pets': { get: op('listPets', { responses: ok(obj({ name: schema })) }) } });
add('same-nullable-30-vs-31', '3.0 nullable: true and 3.1 type [string, null] mean the same (only the version line differs)', pet30({ type: 'string', nullable: true }), pet31({ type: ['string', 'null'] }), ['I openapi-version-changed']);
add('same-nullable-anyof', 'type [string, null] and anyOf [string, null] mean the same', pet31({ type: ['string', 'null'] }), pet31({ anyOf: [{ type: 'string' }, { type: 'null' }] }), []);
const Pet = obj({ id: { type: 'integer' }, name: S }, ['id']);
add('same-inline-to-ref', 'an inline schema moved to a component: only a new generated type', both(Pet), both({ $ref: '#/components/schemas/Pet' }, { schemas: { Pet } }), ['I schema-added']);
add('same-ref-to-inline', 'a component inlined: only a generated type fewer', both({ $ref: '#/components/schemas/Pet' }, { schemas: { Pet } }), both(Pet), ['I schema-removed']);
add('same-component-renamed', 'a component renamed without changing its shape', both({ $ref: '#/components/schemas/Pet' }, { schemas: { Pet } }), both({ $ref: '#/components/schemas/Animal' }, { schemas: { Animal: Pet } }), ['I schema-renamed']);
add('same-allof-wrapped', 'wrapping in allOf with an annotation-only member changes nothing', both({ $ref: '#/components/schemas/Pet' }, { schemas: { Pet } }), both({ allOf: [{ $ref: '#/components/schemas/Pet' }, { description: 'A pet.' }] }, { schemas: { Pet } }), []);
add('same-allof-split', 'one object split into allOf members: the merged meaning is the same', both(obj({ id: { type: 'integer' }, name: S }, ['id'])), both({ allOf: [obj({ id: { type: 'integer' } }, ['id']), obj({ name: S })] }), []);
add('same-reordered', 'properties, required, enum and oneOf reordered', both({ ...obj({ a: { enum: ['x', 'y'] }, b: { oneOf: [S, { type: 'integer' }] } }, ['a', 'b']) }), both({ ...obj({ b: { oneOf: [{ type: 'integer' }, S] }, a: { enum: ['y', 'x'] } }, ['b', 'a']) }), []);
add('same-enum-typed', 'an enum gaining the type its values already have', both(obj({ a: { enum: ['x', 'y'] } })), both(obj({ a: { type: 'string', enum: ['x', 'y'] } })), []);
add('same-nullable-ref-30-vs-31', 'a nullable reference in 3.0 (allOf + nullable) and in 3.1 (anyOf with null)', spec({ '/pets': { get: op('listPets', { responses: ok(obj({ pet: { allOf: [{ $ref: '#/components/schemas/Pet' }], nullable: true } })) }) } }, { schemas: { Pet } }, {}, '3.0.3'), spec({ '/pets': { get: op('listPets', { responses: ok(obj({ pet: { anyOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'null' }] } })) }) } }, { schemas: { Pet } }), ['I openapi-version-changed']);
add('same-descriptions', 'descriptions, summaries and examples are not the contract', both(obj({ a: S })), both({ ...obj({ a: { type: 'string', description: 'The a.', examples: ['x'] } }), description: 'A thing.' }), []);

// A body wrapped into a oneOf whose alternatives both accept what the body accepted: oneOf rejects a value
// matching two alternatives, so values that were valid are now rejected.
const withA: Json = { type: 'object', required: ['a'], properties: { a: { type: 'string' } } };
const withAB: Json = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } };
add('facet-one-of-ambiguous', 'wrapped into a oneOf of two overlapping alternatives', everywhere(withA), everywhere({ oneOf: [withA, withAB] }), [...six('one-of-ambiguous', 'B', 'W'), ...six('one-of-added', 'I', 'B')]);
const keyed: Json = { oneOf: [{ type: 'object', required: ['kind'], properties: { kind: { const: 'a' } } }, { type: 'object', required: ['kind'], properties: { kind: { const: 'b' } } }] };
const keyedMore: Json = { oneOf: [{ type: 'object', required: ['kind'], properties: { kind: { const: 'a' } } }, { type: 'object', required: ['kind'], properties: { kind: { const: 'b' } } }, { type: 'object', required: ['kind'], properties: { kind: { const: 'c' } } }] };
add('one-of-exclusive-added', 'a oneOf alternative added that a required property with a different const keeps apart: not ambiguous', everywhere(keyed), everywhere(keyedMore), six('one-of-added', 'I', 'B'));

// ---------------------------------------------------------------- parameters travel as text
const query = (param: Record<string, Json>): Json => spec({ '/items': { get: op('listItems', { parameters: [{ name: 'q', in: 'query', ...param }] }) } });
add('parameter-type-changed-as-text', 'integer → boolean in a query parameter: "1" is no longer accepted', query({ schema: { type: 'integer' } }), query({ schema: { type: 'boolean' } }), ['B request-parameter-type-changed']);
add('parameter-number-to-string-as-text', 'number → string inside a deepObject query parameter: every number is valid string text', query({ style: 'deepObject', explode: true, schema: { type: 'object', properties: { id: { type: 'number' } } } }), query({ style: 'deepObject', explode: true, schema: { type: 'object', properties: { id: { type: 'string' } } } }), ['I request-property-type-widened']);
add('parameter-scalar-to-exploded-array', '[string, integer] → array of strings in an exploded form query parameter: one value is a one-element array', query({ schema: { type: ['string', 'integer'] } }), query({ schema: { type: 'array', items: { type: 'string' } } }), ['I request-parameter-type-widened']);
add('parameter-exploded-array-to-scalar', 'array → string in an exploded form query parameter: repeated values are rejected', query({ schema: { type: 'array', items: { type: 'string' } } }), query({ schema: { type: 'string' } }), ['B request-parameter-type-narrowed']);
add('parameter-scalar-to-array-not-exploded', 'string → array with explode false: a comma in a value now splits it', query({ explode: false, schema: { type: 'string' } }), query({ explode: false, schema: { type: 'array', items: { type: 'string' } } }), ['B request-parameter-type-changed']);

// ---------------------------------------------------------------- webhooks (3.1)
const hook = (payload: Json): Json => ({ post: { requestBody: { content: json(payload) }, responses: { '200': { description: 'OK' } } } });
const hooks = (webhooks: Record<string, Json>): Json => spec({ '/b': { get: op('getB') } }, undefined, { webhooks });
add('webhook-added', 'a webhook added', hooks({ created: hook({ type: 'object' }) }), hooks({ created: hook({ type: 'object' }), deleted: hook({ type: 'object' }) }), ['I webhook-added']);
add('webhook-removed', 'a webhook removed: subscribers stop receiving it', hooks({ created: hook({ type: 'object' }), deleted: hook({ type: 'object' }) }), hooks({ created: hook({ type: 'object' }) }), ['B webhook-removed']);
const methods = (extra: Record<string, Json>): Json => hooks({ created: { ...(hook({ type: 'object' }) as Record<string, Json>), ...extra } });
add('webhook-operation-added', 'a webhook gained a method', methods({}), methods({ put: (hook({ type: 'object' }) as Record<string, Json>).post }), ['I webhook-operation-added']);
add('webhook-operation-removed', 'a webhook lost a method', methods({ put: (hook({ type: 'object' }) as Record<string, Json>).post }), methods({}), ['B webhook-operation-removed']);
add('webhook-payload-widened', 'the API sends a new enum value in a webhook payload: compared like a response', hooks({ created: hook({ type: 'string', enum: ['a'] }) }), hooks({ created: hook({ type: 'string', enum: ['a', 'b'] }) }), ['B response-body-enum-value-added']);

// ---------------------------------------------------------------- shared components and recursion
const shared = (maxLength: number): Json =>
  spec(
    {
      '/posts': { get: op('listPosts', { responses: ok({ type: 'array', items: { $ref: '#/components/schemas/Post' } }) }) },
      '/posts/{id}': { get: op('getPost', { parameters: [{ name: 'id', in: 'path', required: true, schema: S }], responses: ok({ $ref: '#/components/schemas/Post' }) }) },
      '/users/{id}/posts': { get: op('listUserPosts', { parameters: [{ name: 'id', in: 'path', required: true, schema: S }], responses: ok(obj({ data: { type: 'array', items: { $ref: '#/components/schemas/Post' } } })) }) },
    },
    { schemas: { Post: obj({ id: S, text: { type: 'string', maxLength } }, ['id', 'text']) } },
  );
add('shared-component-once', 'a change inside a component used by three operations is reported once, listing them', shared(280), shared(500), ['B response-property-max-length-increased']);
const tree = (max: number): Json => spec({ '/nodes': { get: op('getTree', { responses: ok({ $ref: '#/components/schemas/Node' }) }) } }, { schemas: { Node: obj({ name: { type: 'string', maxLength: max }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } }) } });
add('recursive-schema', 'a change inside a recursive schema is found once, without looping', tree(10), tree(20), ['B response-property-max-length-increased']);

// ---------------------------------------------------------------- review noise (issue 33): each a verdict with its reason
// review-noise.test.ts checks the messages (the reason a reviewer reads) of these scenarios.
const ref = (key: string): Json => ({ $ref: `#/components/schemas/${key}` });
const kinds = (values: string[]): Json =>
  spec({ '/r': { get: op('getR', { responses: ok(obj({ kind: ref('Kind') })) }) }, '/s': { get: op('getS', { responses: ok(obj({ kind: ref('Kind') })) }) } }, { schemas: { Kind: { type: 'string', enum: values } } });
add('shared-enum-two-operations', 'one shared enum used by GET /r and GET /s gains a value: one change, both operations', kinds(['a', 'b']), kinds(['a', 'b', 'c']), ['B response-property-enum-value-added']);
const tooMany = (on: boolean): Json => {
  const responses = (): Json => ({ ...(ok({ type: 'string' }) as Record<string, Json>), ...(on ? { '429': { $ref: '#/components/responses/TooMany' } } : {}) });
  return spec({ '/r': { get: op('getR', { responses: responses() }) }, '/s': { get: op('getS', { responses: responses() }) } }, { responses: { TooMany: { description: 'Too many requests' } } });
};
add('shared-response-added-once', 'a shared 429 response added to two operations: one change, both operations', tooMany(false), tooMany(true), ['I response-non-success-status-added']);
add('enum-replaces-max-length', 'maxLength removed while an enum is added (Stripe charge.status): a narrowing, not a removed constraint', both(obj({ status: { type: 'string', maxLength: 5000 } })), both(obj({ status: { type: 'string', enum: ['failed', 'pending', 'succeeded'] } })), ['B request-property-became-enum', 'I response-property-became-enum']);
const dmText = obj({ text: S, media_ids: { type: 'array', items: S } });
add(
  'any-of-objects-as-required-alternatives',
  'anyOf of two objects rewritten as type: object + anyOf of required (X DM messages): the same values, nothing reported',
  both({ anyOf: [{ ...dmText, required: ['text'] }, { ...dmText, required: ['media_ids'] }] }),
  both({ ...dmText, anyOf: [{ required: ['text'] }, { required: ['media_ids'] }] }),
  [],
);
const openAi = (moved: boolean): Json =>
  spec(
    { '/responses/{id}': { get: op('getResponse', { parameters: [{ name: 'id', in: 'path', required: true, schema: S }], responses: ok(ref('Response')) }) } },
    {
      schemas: {
        ResponseProperties: obj({ model: S, ...(moved ? {} : { reasoning: S, truncation: S }) }),
        Response: { allOf: [ref('ResponseProperties'), obj({ id: S, ...(moved ? { reasoning: S, truncation: S } : {}) }, ['id'])] },
      },
    },
  );
add('property-moved-into-own-all-of', "properties moved from a referenced allOf member into the schema's own member (OpenAI reasoning, truncation): not removed; the component's type loses them (info)", openAi(false), openAi(true), ['I property-moved-within-all-of', 'I property-moved-within-all-of']);
const errors = (constrained: boolean): Json => spec({ '/e': { get: op('getE', { responses: ok(obj({ id: { type: 'string', ...(constrained ? { pattern: '^[0-9]+$' } : {}) }, errors: { type: 'array', items: S, ...(constrained ? { minItems: 1 } : {}) } })) }) } });
add('response-widenings-as-a-client-sees-them', 'minItems: 1 dropped from errors and a pattern dropped from an id in a response: breaking on the wire, but no generated type changes: the generated-API verdict is info', errors(true), errors(false), ['B response-property-min-items-removed', 'B response-property-pattern-removed']);
add('query-integer-to-string', 'query parameter integer → string: compatible on the wire (text), breaking for the generated API', query({ schema: { type: 'integer' } }), query({ schema: { type: 'string' } }), ['I request-parameter-type-widened']);
const webhookConfig = (referenced: boolean): Json => spec({ '/w': { get: op('getWebhook', { responses: ok(obj({ id: referenced ? ref('WebhookConfigId') : S })) }) } }, { schemas: { WebhookConfigId: { type: 'string', pattern: '^[0-9]+$' } } });
add('property-stops-referencing-component', 'a property stops referencing a component with a pattern: named as the property, not the component', webhookConfig(true), webhookConfig(false), ['B response-property-pattern-removed']);
const conversation = (member: Json): Json => spec({ '/c': { get: op('getConversation', { responses: ok({ anyOf: [member, { type: 'integer' }] }) }) } }, { schemas: { ChatConversation: obj({ id: S }) } });
add('union-member-stops-referencing', 'a union member that referenced ChatConversation becomes a string: named as the member, not the component', conversation(ref('ChatConversation')), conversation(S), ['B response-property-type-changed']);
add('became-any-of', 'a string response becomes an anyOf of string and integer', spec({ '/w': { get: op('getW') } }), spec({ '/w': { get: op('getW', { responses: ok({ anyOf: [S, { type: 'integer' }] }) }) } }), ['B response-body-any-of-added']);

// ---------------------------------------------------------------- write
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'diff');
// Regenerate the scenario folders; folders starting with `_` (the hand-written showcase) are kept.
mkdirSync(root, { recursive: true });
for (const entry of readdirSync(root)) if (!entry.startsWith('_')) rmSync(path.join(root, entry), { recursive: true, force: true });
const names = new Set<string>();
for (const s of scenarios) {
  if (names.has(s.name)) throw new Error(`duplicate scenario ${s.name}`);
  names.add(s.name);
  const dir = path.join(root, s.name);
  mkdirSync(dir, { recursive: true });
  const header = `# Scenario ${s.name}: ${s.description}\n`;
  writeFileSync(path.join(dir, 'base.yaml'), header + stringify(s.base, { lineWidth: 0, aliasDuplicateObjects: false }));
  writeFileSync(path.join(dir, 'head.yaml'), header + stringify(s.head, { lineWidth: 0, aliasDuplicateObjects: false }));
  const expected = s.expect.map((e) => {
    const [level, id] = e.split(' ');
    return { id, level: LEVEL[level as L] };
  });
  writeFileSync(path.join(dir, 'expected.json'), JSON.stringify({ description: s.description, ...(s.now ? { now: s.now } : {}), changes: expected }, null, 2) + '\n');
}
console.log(`${scenarios.length} scenarios written to ${path.relative(process.cwd(), root)}`);
