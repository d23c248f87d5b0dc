/**
 * `oneOf` / `anyOf` → a union. With a `discriminator`, every branch is pinned to its discriminator
 * value(s), so `switch (x.type)` narrows even when a branch declares the property as a plain string.
 */
import { intersectionType, propertySignature, typeLiteral, unionType, type TypeNode } from '../../../codegen/ts-nodes.ts';
import { refKey } from '../../../model/refs.ts';
import type { JsonValue, Schema, SchemaObject } from '../../../model/types.ts';
import type { TypeContext } from '../context.ts';
import { transformSchema } from './schema.ts';
import { jsonLiteralType } from './literal.ts';

export function transformUnion(branches: Schema[], parent: SchemaObject, ctx: TypeContext): TypeNode {
  const discriminator = parent.discriminator;
  if (!discriminator?.mapping) return unionType(branches.map((b) => transformSchema(b, ctx)));
  const valuesByRef = new Map<string, string[]>();
  for (const [value, ref] of Object.entries(discriminator.mapping)) {
    const list = valuesByRef.get(ref) ?? [];
    list.push(value);
    valuesByRef.set(ref, list);
  }
  return unionType(
    branches.map((branch) => {
      const type = transformSchema(branch, ctx);
      const ref = typeof branch === 'object' ? branch.$ref : undefined;
      const values = ref ? valuesByRef.get(ref) : undefined;
      if (!values?.length || alreadyPinned(ref!, discriminator.propertyName, values, ctx)) return type;
      const pinned = typeLiteral([propertySignature(discriminator.propertyName, unionType(values.map(jsonLiteralType)))], { singleLine: true });
      return intersectionType([type, pinned]);
    }),
  );
}

/** True when the branch itself (or one of its `allOf` members) declares the property as exactly these values. */
function alreadyPinned(ref: string, property: string, values: string[], ctx: TypeContext): boolean {
  const declared = declaredValues(ref, property, ctx, 0);
  return declared !== undefined && declared.length === values.length && values.every((v) => declared.includes(v));
}

function declaredValues(ref: string, property: string, ctx: TypeContext, depth: number): JsonValue[] | undefined {
  const key = refKey(ref);
  const schema = key ? ctx.index.schemaByKey.get(key)?.schema : undefined;
  if (typeof schema !== 'object' || depth > 8) return undefined;
  const own = valuesOf(schema.properties?.[property]);
  if (own) return own;
  for (const member of schema.allOf ?? []) {
    if (typeof member !== 'object') continue;
    const found = valuesOf(member.properties?.[property]) ?? (member.$ref ? declaredValues(member.$ref, property, ctx, depth + 1) : undefined);
    if (found) return found;
  }
  return undefined;
}

function valuesOf(prop: Schema | undefined): JsonValue[] | undefined {
  if (typeof prop !== 'object') return undefined;
  return prop.const !== undefined ? [prop.const] : prop.enum;
}
