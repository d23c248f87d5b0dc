/** `allOf` → an intersection of its members. */
import { intersectionType, type TypeNode } from '../../../codegen/ts-nodes.ts';
import type { Schema } from '../../../model/types.ts';
import type { TypeContext } from '../context.ts';
import { transformSchema } from './schema.ts';

export function transformAllOf(members: Schema[], ctx: TypeContext): TypeNode {
  return intersectionType(members.map((m) => transformSchema(m, ctx)));
}
