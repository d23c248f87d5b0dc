/**
 * Array schemas → `T[]`; `prefixItems` → a tuple (open unless `items: false`); a fixed length of at most
 * eight items (`minItems` = `maxItems`) → a tuple of that length.
 */
import { Code, raw } from '../../../codegen/code.ts';
import type { SchemaObject } from '../../../model/types.ts';
import type { TypeContext } from '../context.ts';
import { transformSchema } from './schema.ts';

const MAX_TUPLE = 8;

export function hasArrayKeywords(schema: SchemaObject): boolean {
  return schema.items !== undefined || schema.prefixItems !== undefined;
}

export function transformArray(schema: SchemaObject, ctx: TypeContext): Code {
  const item = schema.items === undefined ? raw('unknown') : transformSchema(schema.items, ctx);
  if (schema.prefixItems?.length) {
    const minItems = schema.minItems ?? 0;
    const fixed = schema.prefixItems.map((p, i) => `${transformSchema(p, ctx).text}${i < minItems ? '' : '?'}`);
    const rest = schema.items === false ? '' : `, ...${paren(item).text}[]`;
    return new Code(`[${fixed.join(', ')}${rest}]`);
  }
  if (schema.minItems !== undefined && schema.minItems === schema.maxItems && schema.minItems > 0 && schema.minItems <= MAX_TUPLE) {
    return new Code(`[${Array.from({ length: schema.minItems }, () => item.text).join(', ')}]`);
  }
  return new Code(`${paren(item).text}[]`);
}

function paren(type: Code): Code {
  return /^[\w$.]+$|^\{[\s\S]*\}$|^\[[\s\S]*\]$/.test(type.text) && !/^\{[\s\S]*\}\s*[|&]/.test(type.text) ? type : new Code(`(${type.text})`);
}
