/** `enum` → a union of literal types. */
import type { Code } from '../../../codegen/code.ts';
import type { JsonValue } from '../../../model/types.ts';
import { literalType } from './literal.ts';
import { union } from './combine.ts';

export function transformEnum(values: JsonValue[]): Code {
  return union(values.map(literalType));
}
