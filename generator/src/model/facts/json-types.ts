/**
 * The JSON types a schema admits, `null` included: `type`, `enum`/`const`, `$ref` targets and every
 * `allOf` member narrow the set; `anyOf`/`oneOf` narrow it to the union of their branches. `integer` is a
 * subset of `number`: a set holding `number` admits integers too, a set holding only `integer` admits only
 * whole numbers.
 */
import type { JsonType, JsonValue, Schema } from '../types.ts';
import { memoPerNode } from './memo.ts';
import type { Resolver } from './resolve.ts';
import type { TypeSet } from '../fact-types.ts';
export type { TypeSet } from '../fact-types.ts';

const EVERY: readonly JsonType[] = ['null', 'boolean', 'object', 'array', 'number', 'string'];

export const ANY_TYPE: TypeSet = new Set(EVERY);

/** True when the set places no constraint on the type of a value. */
export function admitsEveryType(types: TypeSet): boolean {
  return EVERY.every((t) => types.has(t));
}

/** The JSON type of a value (`integer` for whole numbers). */
export function typeOfValue(value: JsonValue): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as 'string' | 'boolean' | 'object';
}

function normalize(types: Iterable<JsonType>): Set<JsonType> {
  const out = new Set(types);
  if (out.has('number')) out.delete('integer');
  return out;
}

export function intersectTypes(a: TypeSet, b: TypeSet): Set<JsonType> {
  const out = new Set<JsonType>();
  for (const t of a) {
    if (b.has(t)) out.add(t);
    else if (t === 'integer' && b.has('number')) out.add('integer');
    else if (t === 'number' && b.has('integer')) out.add('integer');
  }
  return normalize(out);
}

export function jsonTypesFact(resolver: Resolver): (schema: Schema) => TypeSet {
  const types: (schema: Schema) => TypeSet = memoPerNode<TypeSet>(
    (schema) => {
      let out: TypeSet = ANY_TYPE;
      if (schema.type !== undefined) out = intersectTypes(out, normalize(Array.isArray(schema.type) ? schema.type : [schema.type]));
      if (schema.const !== undefined) out = intersectTypes(out, new Set([typeOfValue(schema.const)]));
      if (Array.isArray(schema.enum)) out = intersectTypes(out, normalize(schema.enum.map(typeOfValue)));
      if (typeof schema.$ref === 'string') {
        const target = resolver.byRef(schema.$ref);
        if (target) out = intersectTypes(out, types(target.schema));
      }
      for (const member of schema.allOf ?? []) out = intersectTypes(out, types(member));
      for (const branches of [schema.anyOf, schema.oneOf]) {
        if (branches?.length) out = intersectTypes(out, normalize(branches.flatMap((b) => [...types(b)])));
      }
      return out;
    },
    (value) => (value ? ANY_TYPE : new Set()),
    // A schema met again inside itself constrains nothing further on the way round.
    () => ANY_TYPE,
  );
  return types;
}
