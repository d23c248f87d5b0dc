/**
 * How the other targets name an operation's types: through the types package's `Operations` map
 * (`T.Operations["getPost"]["response"]`), not through one top-level alias per operation and member — a
 * spec with a thousand operations would otherwise declare eight thousand names a consumer's compiler
 * binds. One builder for code text and one for compiler nodes, so every target spells it the same way.
 */
import { indexedAccessType, literalType, qualifiedTypeRef, typeRef, type TypeNode } from '../../codegen/ts-nodes.ts';
import type { OperationModel } from '../../model/types.ts';
import type { OperationMember } from './operation-members.ts';

// The members and the code-text spelling live in operation-members.ts (no compiler load; the diff uses them).
export { LOCATION_MEMBER, OPERATION_MEMBERS, operationType, type OperationMember } from './operation-members.ts';

/** The same as a compiler node. */
export function operationTypeNode(namespace: string | undefined, op: OperationModel, member: OperationMember): TypeNode {
  const map = namespace === undefined ? typeRef('Operations') : qualifiedTypeRef(namespace, 'Operations');
  return indexedAccessType(indexedAccessType(map, literalType(op.names.method)), literalType(member));
}
