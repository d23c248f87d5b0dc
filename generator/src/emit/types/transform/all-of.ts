/**
 * `allOf` → an intersection of its members, while that intersection has the members the model's shape
 * fact gives the node in the current view. It does not when one part declares (or requires) a member and
 * another part makes it readOnly or writeOnly: each part's own type keeps the member, the shape omits it
 * (OpenAPI 3.1 §4.8.24; the validators agree with the shape). Such a node is built from its merged view
 * instead (the `allOf` parts and a `$ref` target merged into one object, see model/facts/all-of.ts).
 */
import { intersectionType, type TypeNode } from '../../../codegen/ts-nodes.ts';
import type { Schema, SchemaObject } from '../../../model/types.ts';
import type { TypeContext } from '../context.ts';
import { transformSchema } from './schema.ts';

export function transformAllOf(members: Schema[], ctx: TypeContext): TypeNode {
  return intersectionType(members.map((m) => transformSchema(m, ctx)));
}

/**
 * The merged view to build `schema` from when intersecting its parts (its own keywords, its `$ref` target
 * and its `allOf` members) would keep a member its shape omits in this view; undefined otherwise.
 */
export function mergedWhereIntersectionLeaks(schema: SchemaObject, ctx: TypeContext): SchemaObject | undefined {
  const hasRef = typeof schema.$ref === 'string';
  if (!schema.allOf?.length && !(hasRef && schema.properties)) return undefined;
  const facts = ctx.index.facts;
  const direction = ctx.view === 'write' ? 'request' : 'response';
  const omitted = facts.shape(schema, direction).omitted;
  if (!omitted.length) return undefined;
  const visible = new Set<string>();
  // The own keywords' object type: properties present in this view, and required names it does not declare.
  for (const [name, property] of Object.entries(schema.properties ?? {})) if (facts.sentIn(property, direction)) visible.add(name);
  for (const name of schema.required ?? []) if (!schema.properties || !Object.prototype.hasOwnProperty.call(schema.properties, name)) visible.add(name);
  // Every other part's type has the members of that part's own shape.
  const target = hasRef ? facts.resolveRef(schema.$ref!) : undefined;
  const parts: Schema[] = [...(target ? [target.schema] : []), ...(schema.allOf ?? [])];
  for (const part of parts) for (const member of facts.shape(part, direction).members) visible.add(member.name);
  return omitted.some((name) => visible.has(name)) ? facts.merged(schema) : undefined;
}
