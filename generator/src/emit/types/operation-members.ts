/**
 * The names of an operation's generated types, as text: the members of its `Operations` entry and how code
 * spells one (`Operations["getPost"]["response"]`). Kept apart from operation-refs.ts (the compiler-node
 * builder, which loads the TypeScript compiler) so `socialgen diff` names the same types without that cost.
 */
import { code, ident, lit, type Code } from '../../codegen/index.ts';
import type { OperationModel, ParameterLocation } from '../../model/types.ts';

/** The members of each `Operations` entry, in order. */
export const OPERATION_MEMBERS = ['pathParams', 'query', 'headers', 'cookies', 'requestBody', 'responses', 'response', 'errorResponse'] as const;

export type OperationMember = (typeof OPERATION_MEMBERS)[number];

/** The member holding the parameters of one location. */
export const LOCATION_MEMBER: Readonly<Record<ParameterLocation, OperationMember>> = { path: 'pathParams', query: 'query', header: 'headers', cookie: 'cookies' };

/** `<namespace>.Operations["<method>"]["<member>"]` as code (`namespace` undefined: a plain `Operations[...]`). */
export function operationType(namespace: string | undefined, op: OperationModel, member: OperationMember): Code {
  const map = namespace === undefined ? code`Operations` : code`${ident(namespace)}.Operations`;
  return code`${map}[${lit(op.names.method)}][${lit(member)}]`;
}
