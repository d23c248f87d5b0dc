/** `allOf` → an intersection of its members. */
import type { Code } from '../../../codegen/code.ts';
import type { Schema } from '../../../model/types.ts';
import type { TypeContext } from '../context.ts';
import { transformSchema } from './schema.ts';
import { intersection } from './combine.ts';

export function transformAllOf(members: Schema[], ctx: TypeContext): Code {
  return intersection(members.map((m) => transformSchema(m, ctx)));
}
