/**
 * A schema node → a TypeScript type expression. This file only dispatches; each kind of node has its own
 * transform next to it (ref, const, enum, composition, type arrays, object, array, string...).
 */
import { intersectionType, keywordType, unionType, type TypeNode } from '../../../codegen/ts-nodes.ts';
import type { JsonType, Schema, SchemaObject } from '../../../model/types.ts';
import type { TypeContext } from '../context.ts';
import { transformRef } from './ref.ts';
import { transformConst } from './const.ts';
import { transformEnum } from './enum.ts';
import { mergedWhereIntersectionLeaks, transformAllOf } from './all-of.ts';
import { transformUnion } from './union.ts';
import { transformObject, hasObjectKeywords } from './object.ts';
import { transformArray, hasArrayKeywords } from './array.ts';
import { transformString } from './string.ts';
import { int64Of } from '../../../model/int64.ts';

export function transformSchema(schema: Schema, ctx: TypeContext): TypeNode {
  if (schema === true) return keywordType('unknown');
  if (schema === false) return keywordType('never');
  // Parts that would keep a member this view omits: build the node from its merged view instead.
  const merged = mergedWhereIntersectionLeaks(schema, ctx);
  if (merged) return transformSchema(merged, ctx);

  const parts: TypeNode[] = [];
  if (schema.$ref !== undefined) parts.push(transformRef(schema.$ref, ctx));
  if (schema.const !== undefined) parts.push(transformConst(schema.const));
  else if (schema.enum !== undefined) parts.push(transformEnum(schema.enum, schema['x-enum-incomplete'] === true));
  else {
    const own = transformByType(schema, ctx);
    if (own) parts.push(own);
  }
  if (schema.allOf?.length) parts.push(transformAllOf(schema.allOf, ctx));
  if (schema.oneOf?.length) parts.push(transformUnion(schema.oneOf, schema, ctx));
  if (schema.anyOf?.length) parts.push(transformUnion(schema.anyOf, schema, ctx));
  if (!parts.length) return keywordType('unknown');
  return intersectionType(parts);
}

/** The part of a schema its `type` (or, without one, its type-specific keywords) describes. */
function transformByType(schema: SchemaObject, ctx: TypeContext): TypeNode | undefined {
  const types = schema.type === undefined ? undefined : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types) return unionType(types.map((t) => transformType(t, schema, ctx)));
  // No `type`: infer from the keywords present, as validators would apply them.
  const inferred: TypeNode[] = [];
  if (hasObjectKeywords(schema)) inferred.push(transformObject(schema, ctx));
  if (hasArrayKeywords(schema)) inferred.push(transformArray(schema, ctx));
  if (!inferred.length) return undefined;
  // Keywords of one kind constrain only values of that kind; a composition next to them decides the rest.
  return inferred.length === 1 ? inferred[0] : unionType(inferred);
}

function transformType(type: JsonType, schema: SchemaObject, ctx: TypeContext): TypeNode {
  switch (type) {
    case 'string':
      return transformString(schema, ctx.index.dates);
    case 'number':
    case 'integer':
      // `int64: 'bigint'`: the runtimes read and write exactly these nodes as `bigint` (model/int64.ts).
      return keywordType(ctx.index.int64 && int64Of(schema) ? 'bigint' : 'number');
    case 'boolean':
      return keywordType('boolean');
    case 'null':
      return keywordType('null');
    case 'array':
      return transformArray(schema, ctx);
    case 'object':
      return transformObject(schema, ctx);
    default:
      return keywordType('unknown');
  }
}
