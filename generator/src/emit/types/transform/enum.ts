/**
 * `enum` → a union of literal types. `x-enum-incomplete: true` (the spec lists only the values its source
 * shows) keeps the listed values for completion but admits any other string: `'a' | 'b' | (string & {})`.
 */
import { raw, type Code } from '../../../codegen/code.ts';
import type { JsonValue } from '../../../model/types.ts';
import { literalType } from './literal.ts';
import { union } from './combine.ts';

export function transformEnum(values: JsonValue[], incomplete = false): Code {
  const listed = union(values.map(literalType));
  return incomplete && values.some((v) => typeof v === 'string') ? union([listed, raw('(string & {})')]) : listed;
}
