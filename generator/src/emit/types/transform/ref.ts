/** `$ref` → the referenced schema's type name (its `Write` variant in the request view where it differs). */
import { keywordType, typeRef, type TypeNode } from '../../../codegen/ts-nodes.ts';
import { refKey } from '../../../model/refs.ts';
import { schemaTypeName, type TypeContext } from '../context.ts';

export function transformRef(ref: string, ctx: TypeContext): TypeNode {
  const key = refKey(ref);
  const name = key === undefined ? undefined : schemaTypeName(ctx, key);
  // The model guarantees resolvable refs; `unknown` keeps the output compiling if that ever breaks.
  return name ? typeRef(name) : keywordType('unknown');
}
