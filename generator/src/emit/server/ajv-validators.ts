/**
 * `operationValidators` built at run time with Ajv straight from an ApiModel, following the contract of
 * the generated validators package (docs/contracts.md). `serveMock` uses it (there is no generated
 * package to import when serving a spec file directly), and the server tests fall back to it while the
 * validators target is not available.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ApiModel, OperationModel, ParameterLocation, Schema } from '../../model/types.ts';
import type { OperationValidator, OperationValidators, ValidationResult } from './runtime/types.ts';

export const ROOT_ID = 'urn:socialgen:api';
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** Copies a schema with `#/...` references pointed at `ROOT_ID` (and `discriminator` dropped: Ajv checks it strictly). */
export function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (key === '$ref' && typeof v === 'string' && v.startsWith('#/')) out[key] = ROOT_ID + v;
    else if (key === 'discriminator') continue;
    else Object.defineProperty(out, key, { value: rewriteRefs(v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

type Check = (value: unknown) => ValidationResult;

export function buildAjvValidators(model: ApiModel): OperationValidators {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true, discriminator: false });
  addFormats(ajv);
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -2147483648 && n <= 2147483647 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  for (const f of ['float', 'double']) ajv.addFormat(f, { type: 'number', validate: () => true });
  const schemas: Record<string, unknown> = {};
  for (const s of model.schemas) schemas[s.key] = rewriteRefs(s.schema);
  ajv.addSchema({ $id: ROOT_ID, components: { schemas } });

  const compile = (schema: Schema): Check => {
    const validate = ajv.compile(rewriteRefs(schema) as object);
    return (value) =>
      validate(value)
        ? { valid: true, value }
        : {
            valid: false,
            errors: (validate.errors ?? []).map((e) => ({
              instancePath: e.instancePath,
              schemaPath: e.schemaPath,
              keyword: e.keyword,
              message: e.message ?? 'is invalid',
              params: e.params as Record<string, unknown>,
            })),
          };
  };

  const out: OperationValidators = {};
  for (const op of model.operations) out[op.names.method] = operationValidator(op, compile);
  return out;
}

function operationValidator(op: OperationModel, compile: (schema: Schema) => Check): OperationValidator {
  const location = (where: ParameterLocation): Check => {
    const params = op.parameters.filter((p) => p.in === where);
    const properties: Record<string, Schema> = {};
    for (const p of params) properties[p.name] = p.schema;
    return compile({ type: 'object', properties, required: params.filter((p) => p.required).map((p) => p.name) });
  };
  const path = location('path');
  const query = location('query');
  const headers = location('header');
  const cookies = location('cookie');
  const bodies = new Map((op.requestBody?.content ?? []).map((m) => [m.mediaType, compile(m.schema)]));
  const responses = op.responses.map((r) => ({ status: r.status, content: new Map(r.content.map((m) => [m.mediaType, compile(m.schema)])) }));
  const ok = (value: unknown): ValidationResult => ({ valid: true, value });
  const fail = (message: string): ValidationResult => ({ valid: false, errors: [{ instancePath: '', schemaPath: '', keyword: 'response', message, params: {} }] });
  return {
    pathParams: path,
    query,
    headers,
    cookies,
    requestBody(body, mediaType) {
      const check = (mediaType && bodies.get(mediaType)) ?? [...bodies.values()][0];
      return check ? check(body) : ok(body);
    },
    response(status, mediaType, body) {
      const code = String(status);
      const response =
        responses.find((r) => r.status === code) ??
        responses.find((r) => r.status.toUpperCase() === `${code[0]}XX`) ??
        responses.find((r) => r.status === 'default');
      if (!response) return fail(`status ${code} is not declared`);
      if (response.content.size === 0) return body === undefined ? ok(body) : fail('no content is declared');
      const check = response.content.get(mediaType);
      return check ? check(body) : fail(`media type ${mediaType} is not declared for ${code}`);
    },
  };
}
