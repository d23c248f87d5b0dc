/** `const` → a literal type. */
import type { Code } from '../../../codegen/code.ts';
import type { JsonValue } from '../../../model/types.ts';
import { literalType } from './literal.ts';

export function transformConst(value: JsonValue): Code {
  return literalType(value);
}
