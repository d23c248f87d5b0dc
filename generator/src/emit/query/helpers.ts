/**
 * The query module's own type helpers, as nodes (`context.nodes`): `Method`, `ArgsOf`, `DataOf`, `ErrorOf`,
 * and `QueryOptionsOf` / `MutationOptionsOf` when the module has queries / mutations. Every type is read off
 * the client's declarations (`Client`, `OperationErrors`), so nothing here depends on the spec.
 */
import type { Nodes } from '../emitter.ts';
import type { Statement, TypeNode } from '../../codegen/ts-nodes.ts';

/** The helpers every module has (`Method` and the call's argument, data and error), one a line. */
export function callHelpers(n: Nodes): Statement[] {
  const byMethod = () => [{ name: 'M', constraint: n.typeRef('Method') }];
  const call = () => n.indexedAccessType(n.typeRef('Client'), n.typeRef('M'));
  return [
    n.localTypeAlias(
      'Method',
      n.typeRef('Exclude', [n.intersectionType([n.keyofType(n.typeRef('Client')), n.keyofType(n.typeRef('OperationErrors'))]), n.literalType('paginate')]),
      ["The client's call methods (not `paginate`)."],
    ),
    n.typeAlias('ArgsOf', n.indexedAccessType(n.typeRef('Parameters', [call()]), n.literalType(0)), ['The argument of a call.'], byMethod()),
    n.typeAlias('DataOf', n.typeRef('Awaited', [n.typeRef('ReturnType', [call()])]), ['What a call resolves to: the typed success body.'], byMethod()),
    n.typeAlias(
      'ErrorOf',
      n.typeRef('ApiError', [n.indexedAccessType(n.typeRef('OperationErrors'), n.typeRef('M'))]),
      ["What a call rejects with when the API answers an error: `ApiError` with the operation's declared error bodies (its problems)."],
      byMethod(),
    ),
  ];
}

const of = (n: Nodes, name: string, ...args: string[]): TypeNode => n.typeRef(name, args.map((a) => n.typeRef(a)));
const data = (n: Nodes) => of(n, 'DataOf', 'M');
const error = (n: Nodes) => of(n, 'ErrorOf', 'M');

/** `QueryOptionsOf<M, K>`: `fetchQuery`'s options with the key tagged by the data and error types. */
export function queryHelper(n: Nodes): Statement {
  const options = n.typeRef('FetchQueryOptions', [data(n), error(n), data(n), n.typeRef('K')]);
  const members = n.typeLiteral([
    n.propertySignature('queryKey', n.typeRef('DataTag', [n.typeRef('K'), data(n), error(n)])),
    n.propertySignature('queryFn', n.typeRef('QueryFunction', [data(n), n.typeRef('K')])),
  ]);
  return n.typeAlias('QueryOptionsOf', n.intersectionType([options, members]), ['Options of one query: `fetchQuery`, `useQuery`, … take them; the key carries the data and error types.'], [
    { name: 'M', constraint: n.typeRef('Method') },
    { name: 'K', constraint: n.typeRef('QueryKey') },
  ]);
}

/** `MutationOptionsOf<M>`: `MutationOptions` whose `mutationFn` takes the call's argument. */
export function mutationHelper(n: Nodes): Statement {
  const options = n.typeRef('MutationOptions', [data(n), error(n), of(n, 'ArgsOf', 'M')]);
  const mutationFn = n.functionType([{ name: 'args', type: of(n, 'ArgsOf', 'M') }], n.typeRef('Promise', [data(n)]));
  const members = n.typeLiteral([n.propertySignature('mutationFn', mutationFn)]);
  return n.typeAlias('MutationOptionsOf', n.intersectionType([options, members]), ["Options of one mutation: `mutationFn` takes the call's argument."], [{ name: 'M', constraint: n.typeRef('Method') }]);
}
