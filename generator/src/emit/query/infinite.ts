/**
 * The infinite-query options factory of a paginated read (`<m>InfiniteOptions`) for every pagination style
 * of the model, and the module's helpers it uses, built as nodes with the plugin API's builder
 * (`context.nodes`) and laid out by the printer. The page parameter is what the next call needs: a token
 * (query argument or request-body member), an offset or page number, or the query of a next link (the
 * client's `ExtraQuery`, sent as the call's `query` option, as the client's `paginate` does). Styles that read the next page from a
 * response header (`Link`, a cursor header) keep it beside the data: their pages are `{ data, next }`,
 * since `getNextPageParam` sees only what `queryFn` returned (and pages must stay serializable).
 */
import type { Nodes } from '../emitter.ts';

type Expression = ReturnType<Nodes['valueRef']>;
type TypeNode = ReturnType<Nodes['typeRef']>;
type Statement = ReturnType<Nodes['returnStatement']>;
type DocLines = Parameters<Nodes['typeAlias']>[2];

/** The page size for a short-page test: the call argument that sets it, and the API's default. */
export interface PageSize {
  key?: string;
  default?: number;
}

/** Where the next page parameter comes from (pointers as their reference tokens). */
export type NextPage =
  | { kind: 'token'; next: string[] }
  | { kind: 'item'; hasMore: string[]; items: string[]; itemToken: string[] }
  | { kind: 'url'; url: string[] }
  | { kind: 'link' }
  | { kind: 'header'; header: string; tokenType?: string }
  | { kind: 'offset'; items: string[]; size: PageSize; total?: string[] }
  | { kind: 'page'; items: string[]; first: number; size: PageSize; total?: string[] };

/** Where the page parameter goes in the call: a query argument, a member of the request body (its path: `['page', 'cursor']`), or the call's `query` option. */
export type PageTarget = { in: 'argument'; key: string } | { in: 'body'; path: readonly string[] } | { in: 'query' };

/** What the statement is made of. */
export interface InfiniteShape {
  /** The factory's name (an identifier). */
  name: string;
  /** The client method (an identifier). */
  method: string;
  /** Whether the call's argument may be omitted. */
  optional: boolean;
  /** The statement's JSDoc lines. */
  doc: DocLines;
  target: PageTarget;
  next: NextPage;
}

/** Whether a style's pages carry the next page parameter beside the data (it is read from a response header). */
export const wrapsPages = (next: NextPage) => next.kind === 'link' || next.kind === 'header';

/** `export function <name>(client, args?): InfiniteOptionsOf<…> { const queryKey = …; return { … }; }` */
export function infiniteOptions(n: Nodes, s: InfiniteShape) {
  const m = n.literalType(s.method);
  const ref = (name: string, args: TypeNode[] = []) => n.typeRef(name, args);
  const v = (name: string) => n.valueRef(name);
  const args = () => ref('NonNullable', [ref('ArgsOf', [m])]);
  const pageArgs = () => (s.target.in === 'argument' ? ref('Omit', [args(), n.literalType(s.target.key)]) : args());
  const param = n.unionType([pageParamType(n, s, args), n.keywordType('undefined')]);
  const data = wrapsPages(s.next) ? ref('PageOf', [m, param]) : ref('DataOf', [m]);
  const keyType = () => n.readonlyType(n.tupleType([{ type: m }, { type: pageArgs() }, { type: n.literalType('infinite') }]));
  const call = n.callExpression(n.propertyAccess(v('client'), s.method), callArguments(n, s, args));
  const queryFn = wrapsPages(s.next)
    ? n.arrowFunction(
        [{ name: { destructure: ['signal', 'pageParam'] } }],
        [
          // Two statements, not `(await client.m(…)).withResponse()`: the call stays laid out as every other.
          n.variable('const', 'call', call),
          n.variable('const', 'response', n.awaitExpression(n.callExpression(n.propertyAccess(v('call'), 'withResponse'), []))),
          n.returnStatement(n.objectLiteral([n.property('data', n.propertyAccess(v('response'), 'data')), n.property('next', headerNext(n, s.next, param))])),
        ],
        { async: true },
      )
    : n.arrowFunction([{ name: { destructure: ['signal', 'pageParam'] } }], n.awaitExpression(call), { async: true });
  const options = n.objectLiteral(
    [
      n.property('queryKey', n.asType(v('queryKey'), ref('DataTag', [keyType(), ref('InfiniteData', [data, param]), ref('ErrorOf', [m])]))),
      n.property('queryFn', queryFn),
      n.property('initialPageParam', n.literalExpression(undefined)),
      n.property('getNextPageParam', nextPageParam(n, s, param)),
    ],
    { multiLine: true },
  );
  return n.functionDeclaration(
    s.name,
    {
      parameters: [
        { name: 'client', type: ref('Pick', [ref('Client'), m]) },
        { name: 'args', type: pageArgs(), optional: s.optional },
      ],
      returns: ref('InfiniteOptionsOf', [m, keyType(), param, ...(wrapsPages(s.next) ? [data] : [])]),
    },
    [
      n.variable('const', 'queryKey', n.asConst(n.arrayLiteral([n.literalExpression(s.method), n.binary(v('args'), '??', n.objectLiteral([])), n.literalExpression('infinite')]))),
      n.returnStatement(options),
    ],
    s.doc,
  );
}

/** The page parameter's type (without `undefined`): the token argument's or body member's own type, a number, or a query. */
function pageParamType(n: Nodes, s: InfiniteShape, args: () => TypeNode): TypeNode {
  if (s.target.in === 'argument') return n.typeRef('NonNullable', [n.indexedAccessType(args(), n.literalType(s.target.key))]);
  // NonNullable<NonNullable<NonNullable<Args['body']>['page']>['cursor']>: each member of the path, as the body's type has it.
  if (s.target.in === 'body') return ['body', ...s.target.path].reduce<TypeNode>((type, name) => n.typeRef('NonNullable', [n.indexedAccessType(type, n.literalType(name))]), args());
  return n.typeRef('ExtraQuery');
}

/** The call's arguments: the page parameter in its argument, body member or `query` option, and the query's `signal`. */
function callArguments(n: Nodes, s: InfiniteShape, args: () => TypeNode): Expression[] {
  const v = (name: string) => n.valueRef(name);
  if (s.target.in === 'query') return [v('args'), n.objectLiteral([n.shorthand('signal'), n.property('query', v('pageParam'))])];
  const withParam =
    s.target.in === 'argument'
      ? n.objectLiteral([n.spread(v('args')), n.property(s.target.key, v('pageParam'))])
      : n.objectLiteral([n.spread(v('args')), n.property('body', bodyWith(n, n.propertyAccess(v('args'), 'body', { optional: s.optional }), s.target.path))]);
  return [n.asType(withParam, args()), n.objectLiteral([n.shorthand('signal')])];
}

/**
 * `{ ...body, page: { ...body?.page, cursor: pageParam } }`: the request body with the page parameter at
 * `path`, every object along it copied (the caller's members kept).
 */
function bodyWith(n: Nodes, body: Expression, path: readonly string[]): Expression {
  const [name, ...rest] = path;
  const value = rest.length ? bodyWith(n, n.propertyAccess(body, name!, { optional: true }), rest) : n.valueRef('pageParam');
  return n.objectLiteral([n.spread(body), n.property(name!, value)]);
}

/** The next page parameter of a style that reads it from the response headers (`response.headers`). */
function headerNext(n: Nodes, next: NextPage, param: TypeNode): Expression {
  const headers = n.propertyAccess(n.valueRef('response'), 'headers');
  if (next.kind === 'link') return n.callExpression(n.valueRef('nextLinkQuery'), [n.callExpression(n.propertyAccess(headers, 'get'), [n.literalExpression('link')])]);
  const header = next.kind === 'header' ? next.header : '';
  const text = n.callExpression(n.propertyAccess(headers, 'get'), [n.literalExpression(header.toLowerCase())]);
  // A token parameter that is not a string gets the header's text as its own type (the client's rule).
  if (next.kind === 'header' && next.tokenType !== undefined) return n.asType(n.callExpression(n.valueRef('headerToken'), [text, n.literalExpression(next.tokenType)]), param);
  return n.binary(n.asType(text, param), '??', n.literalExpression(undefined));
}

/** `getNextPageParam`: the next page parameter read from the page (and, for counting styles, the last parameter). */
function nextPageParam(n: Nodes, s: InfiniteShape, param: TypeNode): Expression {
  const v = (name: string) => n.valueRef(name);
  const at = (from: Expression, path: readonly string[]) => n.callExpression(v('tokenAt'), [from, n.literalExpression(path)]);
  const page = [{ name: 'page' }];
  const next = s.next;
  switch (next.kind) {
    case 'token':
      return n.arrowFunction(page, n.binary(n.asType(at(v('page'), next.next), param), '??', n.literalExpression(undefined)));
    case 'item':
      // Bracketed by the builder: the cast is of the whole choice (`a ? b : c as T` casts `c` alone, and `b` is `unknown`).
      return n.arrowFunction(
        page,
        n.binary(
          n.asType(
            n.conditional(n.binary(at(v('page'), next.hasMore), '===', n.literalExpression(true)), at(n.callExpression(v('lastOf'), [at(v('page'), next.items)]), next.itemToken), n.literalExpression(undefined)),
            param,
          ),
          '??',
          n.literalExpression(undefined),
        ),
      );
    case 'url':
      return n.arrowFunction(page, n.callExpression(v('nextUrlQuery'), [at(v('page'), next.url)]));
    case 'link':
    case 'header':
      return n.arrowFunction(page, n.propertyAccess(v('page'), 'next'));
    case 'offset':
    case 'page': {
      const size = pageSize(n, next.size);
      const total = next.total ? at(v('page'), next.total) : n.literalExpression(undefined);
      const last = next.kind === 'offset' ? 'offset' : 'pageNumber';
      const counted =
        next.kind === 'offset'
          ? n.callExpression(v('nextOffset'), [at(v('page'), next.items), n.binary(v(last), '??', n.literalExpression(0)), size, total])
          : n.callExpression(v('nextPageNumber'), [at(v('page'), next.items), n.binary(v(last), '??', n.literalExpression(next.first)), n.literalExpression(next.first), size, total]);
      return n.arrowFunction([{ name: 'page' }, { name: '_pages' }, { name: last }], counted);
    }
  }
}

/** The page size a short page is measured against: the call's argument, else the API's default (undefined: none). */
function pageSize(n: Nodes, size: PageSize): Expression {
  const fallback = n.literalExpression(size.default);
  if (size.key === undefined) return fallback;
  const arg = n.propertyAccess(n.valueRef('args'), size.key, { optional: true });
  return size.default === undefined ? arg : n.binary(arg, '??', fallback);
}

// --------------------------------------------------------------------------------------------- helpers

/** Which helpers the module's infinite options use. */
export interface HelperUse {
  item: boolean;
  offset: boolean;
  page: boolean;
  wrapped: boolean;
  query: boolean;
  link: boolean;
  url: boolean;
  /** A header token of a type other than string, read by the client's `headerToken`. */
  typedHeader: boolean;
}

/** What styles use: the helpers each needs (`tokenAt` is read by all but the header styles, and always declared). */
export function helperUse(shapes: readonly InfiniteShape[]): HelperUse {
  const has = (kind: NextPage['kind']) => shapes.some((s) => s.next.kind === kind);
  return { item: has('item'), offset: has('offset'), page: has('page'), wrapped: shapes.some((s) => wrapsPages(s.next)), query: shapes.some((s) => s.target.in === 'query'), link: has('link'), url: has('url'), typedHeader: shapes.some((s) => s.next.kind === 'header' && s.next.tokenType !== undefined) };
}

/** The helper declarations of infinite options, as nodes: the options type, `PageOf` where used, and the readers of a page. */
export function infiniteHelpers(n: Nodes, use: HelperUse): Statement[] {
  const ref = (name: string, args: TypeNode[] = []) => n.typeRef(name, args);
  const v = (name: string) => n.valueRef(name);
  const u = n.keywordType('unknown');
  const num = n.keywordType('number');
  const orUndefined = (t: TypeNode) => n.unionType([t, n.keywordType('undefined')]);
  const out: Statement[] = [];
  const typeParams = [
    { name: 'M', constraint: ref('Method') },
    { name: 'K', constraint: ref('QueryKey') },
    { name: 'P' },
    { name: 'D', default: ref('DataOf', [ref('M')]) },
  ];
  out.push(
    n.typeAlias(
      'InfiniteOptionsOf',
      n.intersectionType([
        ref('Omit', [ref('FetchInfiniteQueryOptions', [ref('D'), ref('ErrorOf', [ref('M')]), ref('D'), ref('K'), ref('P')]), n.unionType([n.literalType('queryKey'), n.literalType('queryFn')])]),
        n.typeLiteral([
          n.propertySignature('queryKey', ref('DataTag', [ref('K'), ref('InfiniteData', [ref('D'), ref('P')]), ref('ErrorOf', [ref('M')])])),
          n.propertySignature('queryFn', ref('QueryFunction', [ref('D'), ref('K'), ref('P')])),
          n.propertySignature('initialPageParam', ref('P')),
          n.propertySignature('getNextPageParam', ref('GetNextPageParamFunction', [ref('P'), ref('D')])),
        ]),
      ]),
      ['Options of one infinite (paginated) query: each page parameter is read from the page before (`D`: a page, the call\'s data unless it is `PageOf`).'],
      typeParams,
    ),
  );
  if (use.wrapped)
    out.push(
      n.typeAlias(
        'PageOf',
        n.typeLiteral([n.propertySignature('data', ref('DataOf', [ref('M')])), n.propertySignature('next', ref('P'))]),
        ['A page of a listing whose next page is named in a response header: the data, and the next page parameter read from its headers.'],
        [{ name: 'M', constraint: ref('Method') }, { name: 'P' }],
      ),
    );
  // tokenAt(page, path): the member at `path` of a page, or undefined.
  const own = n.callExpression(n.propertyAccess(n.propertyAccess(n.propertyAccess(v('Object'), 'prototype'), 'hasOwnProperty'), 'call'), [v('node'), v('key')]);
  const step = n.arrowFunction(
    [{ name: 'node' }, { name: 'key' }],
    n.conditional(
      n.binary(n.binary(n.binary(n.typeofExpression(v('node')), '===', n.literalExpression('object')), '&&', n.binary(v('node'), '!==', n.literalExpression(null))), '&&', own),
      n.elementAccess(n.asType(v('node'), ref('Record', [n.keywordType('string'), u])), v('key')),
      n.literalExpression(undefined),
    ),
  );
  out.push(
    n.functionDeclaration(
      'tokenAt',
      { parameters: [{ name: 'page', type: u }, { name: 'path', type: n.readonlyType(n.arrayType(n.keywordType('string'))) }], returns: u },
      [n.returnStatement(n.callExpression(n.propertyAccess(v('path'), 'reduce'), [step, v('page')], [u]))],
      ['The member at `path` of a page (the next-page token, the items), or undefined.'],
      { exported: false },
    ),
  );
  if (use.item)
    out.push(
      n.functionDeclaration(
        'lastOf',
        { parameters: [{ name: 'items', type: u }], returns: u },
        [n.returnStatement(n.conditional(n.callExpression(n.propertyAccess(v('Array'), 'isArray'), [v('items')]), n.elementAccess(v('items'), n.binary(n.propertyAccess(v('items'), 'length'), '-', n.literalExpression(1))), n.literalExpression(undefined)))],
        ['The last element of an items array, or undefined.'],
        { exported: false },
      ),
    );
  // A page ends the listing when it is empty, shorter than the size asked for, or reaches the total.
  const count = n.variable('const', 'count', n.conditional(n.callExpression(n.propertyAccess(v('Array'), 'isArray'), [v('items')]), n.propertyAccess(v('items'), 'length'), n.literalExpression(0)));
  const ends = (reached: Expression) =>
    n.binary(
      n.binary(n.binary(v('count'), '===', n.literalExpression(0)), '||', n.binary(v('count'), '<', n.callExpression(v('Number'), [v('size')]))),
      '||',
      n.binary(reached, '>=', n.callExpression(v('Number'), [v('total')])),
    );
  const sizeTotal = [{ name: 'size', type: u }, { name: 'total', type: u }];
  if (use.offset)
    out.push(
      n.functionDeclaration(
        'nextOffset',
        { parameters: [{ name: 'items', type: u }, { name: 'offset', type: num }, ...sizeTotal], returns: orUndefined(num) },
        [count, n.returnStatement(n.conditional(ends(n.binary(v('offset'), '+', v('count'))), n.literalExpression(undefined), n.binary(v('offset'), '+', v('count'))))],
        ['The offset of the next page (after this page\'s items), or undefined when this page is empty, short of `size`, or reaches `total`.'],
        { exported: false },
      ),
    );
  if (use.page)
    out.push(
      n.functionDeclaration(
        'nextPageNumber',
        { parameters: [{ name: 'items', type: u }, { name: 'page', type: num }, { name: 'first', type: num }, ...sizeTotal], returns: orUndefined(num) },
        [
          count,
          n.returnStatement(
            n.conditional(
              ends(n.binary(n.binary(n.binary(v('page'), '-', v('first')), '+', n.literalExpression(1)), '*', n.callExpression(v('Number'), [v('size')]))),
              n.literalExpression(undefined),
              n.binary(v('page'), '+', n.literalExpression(1)),
            ),
          ),
        ],
        ['The number of the next page, or undefined when this page is empty, short of `size`, or its pages reach `total` items.'],
        { exported: false },
      ),
    );
  return out;
}
