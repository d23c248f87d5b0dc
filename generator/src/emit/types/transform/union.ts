/**
 * `oneOf` / `anyOf` → a union. With a discriminator (the model's fact: mapping resolved, implicit values
 * filled in), every branch is pinned to the value(s) that select it, so `switch (x.type)` narrows even when
 * a branch declares the property as a plain string. A branch that already requires the property and pins
 * it to exactly those values (its `const`/`enum`, through `$ref` and `allOf`) is left as it is.
 */
import { intersectionType, propertySignature, typeLiteral, unionType, type TypeNode } from '../../../codegen/ts-nodes.ts';
import { sameValues, type DiscriminatorFact } from '../../../model/facts/index.ts';
import type { NamedSchema, Schema, SchemaObject } from '../../../model/types.ts';
import type { TypeContext } from '../context.ts';
import { transformSchema } from './schema.ts';
import { jsonLiteralType } from './literal.ts';

export function transformUnion(branches: Schema[], parent: SchemaObject, ctx: TypeContext): TypeNode {
  const fact = ctx.index.facts.discriminator(parent);
  // Only a discriminator written next to this oneOf/anyOf selects among its branches.
  if (!fact?.own || !fact.mapping.length) return unionType(branches.map((b) => transformSchema(b, ctx)));
  return unionType(branches.map((branch) => pinBranch(branch, fact, ctx)));
}

function pinBranch(branch: Schema, fact: DiscriminatorFact, ctx: TypeContext): TypeNode {
  const type = transformSchema(branch, ctx);
  // The mapping names the schema a branch's `$ref` designates (one step, as the mapping was written).
  const named = typeof branch === 'object' && typeof branch.$ref === 'string' ? ctx.index.facts.resolveRef(branch.$ref) : undefined;
  const values = named ? fact.mapping.filter((m) => m.schema === named).map((m) => m.value) : [];
  if (!values.length || alreadyPinned(named!, fact.propertyName, values, ctx)) return type;
  const pinned = typeLiteral([propertySignature(fact.propertyName, unionType(values.map(jsonLiteralType)))], { singleLine: true });
  return intersectionType([type, pinned]);
}

/** True when the branch, in this view, requires the property and admits exactly these values for it. */
function alreadyPinned(named: NamedSchema, property: string, values: string[], ctx: TypeContext): boolean {
  const facts = ctx.index.facts;
  const member = facts.shape(named.schema, ctx.view === 'write' ? 'request' : 'response').members.find((m) => m.name === property);
  if (!member?.required || member.schema === undefined) return false;
  const declared = facts.enumerated(member.schema);
  return declared !== undefined && sameValues(declared, values);
}
