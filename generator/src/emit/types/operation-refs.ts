/**
 * How the other targets name an operation's types: through the types package's `Operations` map
 * (`T.Operations["getPost"]["response"]`), not through one top-level alias per operation and member — a
 * spec with a thousand operations would otherwise declare eight thousand names a consumer's compiler
 * binds. One builder for code text and one for compiler nodes, so every target spells it the same way.
 */
import { code, ident, lit, type Code } from '../../codegen/index.ts';
import { indexedAccessType, literalType, qualifiedTypeRef, typeRef, type TypeNode } from '../../codegen/ts-nodes.ts';
import type { OperationModel } from '../../model/types.ts';

/** The members of each `Operations` entry, in order. */
export const OPERATION_MEMBERS = ['pathParams', 'query', 'headers', 'cookies', 'requestBody', 'responses', 'response', 'errorResponse'] as const;

export type OperationMember = (typeof OPERATION_MEMBERS)[number];

/** `<namespace>.Operations["<method>"]["<member>"]` as code (`namespace` undefined: a plain `Operations[...]`). */
export function operationType(namespace: string | undefined, op: OperationModel, member: OperationMember): Code {
  const map = namespace === undefined ? code`Operations` : code`${ident(namespace)}.Operations`;
  return code`${map}[${lit(op.names.method)}][${lit(member)}]`;
}

/** The same as a compiler node. */
export function operationTypeNode(namespace: string | undefined, op: OperationModel, member: OperationMember): TypeNode {
  const map = namespace === undefined ? typeRef('Operations') : qualifiedTypeRef(namespace, 'Operations');
  return indexedAccessType(indexedAccessType(map, literalType(op.names.method)), literalType(member));
}
