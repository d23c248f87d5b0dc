/**
 * `enum` → a union of literal types. `x-enum-incomplete: true` (the spec lists only the values its source
 * shows) keeps the listed values for completion but admits any other string: `'a' | 'b' | (string & {})`.
 */
import { intersectionType, keywordType, typeLiteral, unionType, type TypeNode } from '../../../codegen/ts-nodes.ts';
import type { JsonValue } from '../../../model/types.ts';
import { jsonLiteralType } from './literal.ts';

export function transformEnum(values: JsonValue[], incomplete = false): TypeNode {
  const listed = unionType(values.map(jsonLiteralType));
  if (!incomplete || !values.some((v) => typeof v === 'string')) return listed;
  return unionType([listed, intersectionType([keywordType('string'), typeLiteral([], { singleLine: true })])]);
}
