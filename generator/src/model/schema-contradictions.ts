/**
 * Listed values that contradict the schema's own `type`: `{type: string, enum: [2, 4]}` (seen in real
 * descriptions) admits no value at all under JSON Schema, since a value must satisfy both keywords. Such a
 * value can never validate, so dropping it changes no meaning; it is decided here once, with a warning at its
 * place, and every target reads the result: the enum keeps the values of the declared type (an empty enum is
 * the unsatisfiable schema, `never` in the types and always rejected by the validators), and a contradicting
 * `const` becomes the empty enum. Likewise `anyOf`/`oneOf` branches whose own type the schema's excludes.
 * Without this, each target met the contradiction on its own, and the validators' `typeof x !== 'string'`
 * followed by `x === 2` is a comparison strict TypeScript rejects.
 */
import { appendPointer } from '../load/pointer.ts';
import { typeOfValue } from './facts/json-types.ts';
import type { JsonType, JsonValue, Schema, SchemaObject } from './types.ts';
import type { SchemaContext } from './schema-normalize.ts';

function admitsType(types: readonly JsonType[], t: JsonType): boolean {
  return types.includes(t) || (t === 'integer' && types.includes('number')) || (t === 'number' && types.includes('integer'));
}

function admits(types: readonly JsonType[], value: JsonValue): boolean {
  const t = typeOfValue(value);
  return types.includes(t) || (t === 'integer' && types.includes('number'));
}

function describe(value: JsonValue): string {
  return `${JSON.stringify(value)} (${typeOfValue(value)})`;
}

/** Drops the `enum`/`const` values of `schema` (normalized, at `pointer`) that its `type` excludes. */
export function dropValuesContradictingType(schema: SchemaObject, pointer: string, ctx: Pick<SchemaContext, 'report'>): void {
  if (schema.type === undefined) return;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const declared = types.join(' or ');
  if (Array.isArray(schema.enum)) {
    const dropped = schema.enum.flatMap((value, i) => (admits(types, value) ? [] : [i]));
    if (dropped.length) {
      const kept = schema.enum.filter((value) => admits(types, value));
      const values = dropped.map((i) => describe(schema.enum![i]!)).join(', ');
      // One warning per enum, at its first contradicting value.
      ctx.report({ code: 'schema-contradiction', severity: 'warning', pointer: appendPointer(pointer, 'enum', dropped[0]!), message: `enum ${dropped.length === 1 ? 'value' : 'values'} ${values} ${dropped.length === 1 ? 'contradicts' : 'contradict'} type ${declared}; no value can match ${dropped.length === 1 ? 'it' : 'them'}, so ${dropped.length === 1 ? 'it is' : 'they are'} dropped${kept.length ? '' : ' and the schema admits nothing'}` });
      schema.enum = kept;
    }
  }
  if (schema.const !== undefined && !admits(types, schema.const)) {
    ctx.report({ code: 'schema-contradiction', severity: 'warning', pointer: appendPointer(pointer, 'const'), message: `const ${describe(schema.const)} contradicts type ${declared}; the schema admits nothing` });
    delete schema.const;
    schema.enum = [];
  }
}

/**
 * The types a branch declares with its own `type` (normalized, so OpenAPI 3.0 `nullable` has added `null`);
 * undefined when it declares none. References are not followed: their targets may not be normalized yet.
 */
function declaredTypes(branch: Schema): readonly JsonType[] | undefined {
  if (typeof branch !== 'object' || branch.type === undefined || branch.$ref !== undefined) return undefined;
  return Array.isArray(branch.type) ? branch.type : [branch.type];
}

/**
 * `anyOf`/`oneOf` branches whose own `type` shares nothing with the schema's `type` (GitHub's GHES 2.20
 * `source: {type: string, anyOf: [{type: string, enum: [...]}, {type: object, ...}]}`): such a branch can
 * never match, so dropping it changes neither verdict (for `oneOf` it never counts as a match either). The
 * validators otherwise test members of a value already narrowed to a string. When no branch is left the
 * schema admits nothing, which is the empty enum. A discriminated union is left alone: its mapping names
 * the branches.
 */
export function dropBranchesContradictingType(schema: SchemaObject, pointer: string, ctx: Pick<SchemaContext, 'report'>): void {
  if (schema.type === undefined || schema.discriminator !== undefined) return;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!branches?.length) continue;
    const dropped = branches.flatMap((b, i) => {
      const own = declaredTypes(b);
      return own !== undefined && !own.some((t) => admitsType(types, t)) ? [i] : [];
    });
    if (!dropped.length) continue;
    const kept = branches.filter((_, i) => !dropped.includes(i));
    ctx.report({ code: 'schema-contradiction', severity: 'warning', pointer: appendPointer(pointer, key, dropped[0]!), message: `${key} ${dropped.length === 1 ? 'branch' : 'branches'} ${dropped.join(', ')} (type ${dropped.map((i) => declaredTypes(branches[i]!)!.join(' or ')).join('; ')}) ${dropped.length === 1 ? 'contradicts' : 'contradict'} type ${types.join(' or ')}; no value can match ${dropped.length === 1 ? 'it' : 'them'}, so ${dropped.length === 1 ? 'it is' : 'they are'} dropped${kept.length ? '' : ' and the schema admits nothing'}` });
    if (kept.length) schema[key] = kept;
    else {
      delete schema[key];
      schema.enum = [];
    }
  }
}
