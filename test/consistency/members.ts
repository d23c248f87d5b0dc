/**
 * Type-level member checks: for a named schema whose value is a plain object (one JSON type, no
 * alternatives, no index signature), the generated type's keys and required keys must be the members of
 * the model's shape fact in that direction. Samples cannot see a member the types keep but the shape
 * omits (an open object accepts it either way); `keyof` can.
 */
import type { Direction, SchemaFacts } from '../../generator/src/model/facts/index.ts';
import type { Schema } from '../../generator/src/model/types.ts';
import { tsLiteral } from './literal.ts';

/** Helper types the checks use, declared once at the top of samples.ts. */
export const MEMBER_HELPERS = [
  'type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;',
  // Declared members only: an empty part (`Record<string, unknown>`) in an intersection adds an index signature.
  'type Declared<O> = { [K in keyof O as string extends K ? never : number extends K ? never : K]: O[K] };',
  // Not `{} extends Pick<O, K>`: `{}` has `constructor` and `toString`, so an optional member of those names would count as required.
  'type RequiredKeys<O> = { [K in keyof O]-?: O extends Record<K, O[K]> ? K : never }[keyof O];',
];

/** The assertion (a typed constant) that `tsName`'s members are the shape's, or undefined where keys say nothing. */
export function memberCheck(facts: SchemaFacts, schema: Schema, direction: Direction, tsName: string, id: string): string | undefined {
  if (typeof schema !== 'object') return undefined;
  const types = facts.jsonTypes(schema);
  if (types.size !== 1 || !types.has('object')) return undefined;
  const view = facts.merged(schema);
  if (view.oneOf || view.anyOf || view.allOf || view.patternProperties || (view.additionalProperties !== undefined && view.additionalProperties !== false)) return undefined;
  const members = facts.shape(schema, direction).members;
  if (!members.length) return undefined;
  const union = (names: string[]): string => (names.length ? names.map((n) => tsLiteral(n)).join(' | ') : 'never');
  const keys = union(members.map((m) => m.name));
  const required = union(members.filter((m) => m.required).map((m) => m.name));
  return `export const ${id}: [Equal<keyof Declared<${tsName}>, ${keys}>, Equal<RequiredKeys<Declared<${tsName}>>, ${required}>] = [true, true];`;
}
