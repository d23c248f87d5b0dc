/** A JSON value as the TypeScript type that only that value inhabits. */
import { keywordType, literalType, propertySignature, readonlyType, tupleType, typeLiteral, type TypeNode } from '../../../codegen/ts-nodes.ts';
import type { JsonValue } from '../../../model/types.ts';

export function jsonLiteralType(value: JsonValue): TypeNode {
  // NaN and ±Infinity (a YAML `.nan`/`.inf`) have no literal type.
  if (typeof value === 'number' && !Number.isFinite(value)) return keywordType('number');
  if (value === null || typeof value !== 'object') return literalType(value);
  if (Array.isArray(value)) return readonlyType(tupleType(value.map((v) => ({ type: jsonLiteralType(v) }))));
  const members = Object.keys(value).map((k) => propertySignature(k, jsonLiteralType(value[k])));
  return typeLiteral(members, { singleLine: true });
}
