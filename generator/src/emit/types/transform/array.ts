/**
 * Array schemas → `T[]`; `prefixItems` → a tuple (open unless `items: false`); a fixed length of at most
 * eight items (`minItems` = `maxItems`) → a tuple of that length.
 */
import { arrayType, keywordType, tupleType, type TypeNode } from '../../../codegen/ts-nodes.ts';
import type { SchemaObject } from '../../../model/types.ts';
import type { TypeContext } from '../context.ts';
import { transformSchema } from './schema.ts';

const MAX_TUPLE = 8;

export function hasArrayKeywords(schema: SchemaObject): boolean {
  return schema.items !== undefined || schema.prefixItems !== undefined;
}

export function transformArray(schema: SchemaObject, ctx: TypeContext): TypeNode {
  const item = schema.items === undefined ? keywordType('unknown') : transformSchema(schema.items, ctx);
  if (schema.prefixItems?.length) {
    const minItems = schema.minItems ?? 0;
    const fixed = schema.prefixItems.map((p, i) => ({ type: transformSchema(p, ctx), optional: i >= minItems }));
    return tupleType(fixed, schema.items === false ? undefined : item);
  }
  if (schema.minItems !== undefined && schema.minItems === schema.maxItems && schema.minItems > 0 && schema.minItems <= MAX_TUPLE) {
    return tupleType(Array.from({ length: schema.minItems }, () => ({ type: item })));
  }
  return arrayType(item);
}
