/** `$ref` → the referenced schema's type name (its `Write` variant in the request view where it differs). */
import { Code, ident, raw } from '../../../codegen/code.ts';
import { refKey } from '../../../model/refs.ts';
import { schemaTypeName, type TypeContext } from '../context.ts';

export function transformRef(ref: string, ctx: TypeContext): Code {
  const key = refKey(ref);
  const name = key === undefined ? undefined : schemaTypeName(ctx, key);
  // The model guarantees resolvable refs; `unknown` keeps the output compiling if that ever breaks.
  return name ? ident(name) : raw('unknown');
}
