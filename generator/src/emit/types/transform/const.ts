/** `const` → a literal type. */
import type { TypeNode } from '../../../codegen/ts-nodes.ts';
import type { JsonValue } from '../../../model/types.ts';
import { jsonLiteralType } from './literal.ts';

export function transformConst(value: JsonValue): TypeNode {
  return jsonLiteralType(value);
}
