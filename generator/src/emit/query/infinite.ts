/**
 * The infinite-query options factory of a paginated read (`<m>InfiniteOptions`), built as nodes with the
 * plugin API's builder (`context.nodes`): the signature and its type arguments, the `as const` key, and the
 * options object whose `queryFn` passes the page token and whose `getNextPageParam` reads the next one from
 * the page. The printer lays it out; test/print/query-infinite.test.ts holds it to prettier's output on
 * random shapes.
 */
import type { Nodes } from '../emitter.ts';

type Expression = ReturnType<Nodes['valueRef']>;
type TypeNode = ReturnType<Nodes['typeRef']>;
type DocLines = Parameters<Nodes['typeAlias']>[2];

/** Where the next page's token comes from: a member of the page, or an item's member while the page says there is more. */
export type NextToken = { kind: 'token'; next: string[] } | { kind: 'item'; hasMore: string[]; items: string[]; itemToken: string[] };

/** What the statement is made of (pointers as their reference tokens). */
export interface InfiniteShape {
  /** The factory's name (an identifier). */
  name: string;
  /** The client method (an identifier). */
  method: string;
  /** Whether the call's argument may be omitted. */
  optional: boolean;
  /** The call argument's key of the token parameter. */
  tokenKey: string;
  /** The statement's JSDoc lines. */
  doc: DocLines;
  next: NextToken;
}

/** `export function <name>(client, args?): InfiniteOptionsOf<…> { const queryKey = …; return { … }; }` */
export function infiniteOptions(n: Nodes, s: InfiniteShape) {
  const m = n.literalType(s.method);
  const ref = (name: string, args: TypeNode[] = []) => n.typeRef(name, args);
  const argsOf = ref('ArgsOf', [m]);
  const pageArgs = ref('Omit', [ref('NonNullable', [argsOf]), n.literalType(s.tokenKey)]);
  const token = n.unionType([ref('NonNullable', [n.indexedAccessType(ref('NonNullable', [ref('ArgsOf', [m])]), n.literalType(s.tokenKey))]), n.keywordType('undefined')]);
  const keyType = () => n.readonlyType(n.tupleType([{ type: m }, { type: ref('Omit', [ref('NonNullable', [ref('ArgsOf', [m])]), n.literalType(s.tokenKey)]) }, { type: n.literalType('infinite') }]));
  const v = (name: string) => n.valueRef(name);
  const tokenAt = (from: Expression, path: readonly string[]) => n.callExpression(v('tokenAt'), [from, n.literalExpression(path)]);
  // Bracketed by the builder: the cast is of the whole choice (`a ? b : c as T` casts `c` alone, and `b` is `unknown`).
  const next =
    s.next.kind === 'token'
      ? tokenAt(v('page'), s.next.next)
      : n.conditional(
          n.binary(tokenAt(v('page'), s.next.hasMore), '===', n.literalExpression(true)),
          tokenAt(n.callExpression(v('lastOf'), [tokenAt(v('page'), s.next.items)]), s.next.itemToken),
          n.literalExpression(undefined),
        );
  const call = n.callExpression(n.propertyAccess(v('client'), s.method), [
    n.asType(n.objectLiteral([n.spread(v('args')), n.property(s.tokenKey, v('pageParam'))]), ref('NonNullable', [ref('ArgsOf', [m])])),
    n.objectLiteral([n.shorthand('signal')]),
  ]);
  const options = n.objectLiteral(
    [
      n.property('queryKey', n.asType(v('queryKey'), ref('DataTag', [keyType(), ref('InfiniteData', [ref('DataOf', [m]), token]), ref('ErrorOf', [m])]))),
      n.property('queryFn', n.arrowFunction([{ name: { destructure: ['signal', 'pageParam'] } }], n.awaitExpression(call), { async: true })),
      n.property('initialPageParam', n.literalExpression(undefined)),
      n.property('getNextPageParam', n.arrowFunction([{ name: 'page' }], n.binary(n.asType(next, token), '??', n.literalExpression(undefined)))),
    ],
    { multiLine: true },
  );
  return n.functionDeclaration(
    s.name,
    {
      parameters: [
        { name: 'client', type: ref('Pick', [ref('Client'), m]) },
        { name: 'args', type: pageArgs, optional: s.optional },
      ],
      returns: ref('InfiniteOptionsOf', [m, keyType(), token]),
    },
    [
      n.variable('const', 'queryKey', n.asConst(n.arrayLiteral([n.literalExpression(s.method), n.binary(v('args'), '??', n.objectLiteral([])), n.literalExpression('infinite')]))),
      n.returnStatement(options),
    ],
    s.doc,
  );
}
