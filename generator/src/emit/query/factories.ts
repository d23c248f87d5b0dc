/**
 * The factories of one operation: `<m>QueryKey` and `<m>Options` for reads (GET and HEAD),
 * `<m>InfiniteOptions` when the operation is paginated, `<m>Mutation` for everything else. Streaming
 * operations have none (a query resolves once; a stream does not).
 */
import { factsOf } from '../../model/facts/index.ts';
import { followsText, headerTokenType } from '../../model/pagination.ts';
import type { ApiModel, OperationModel } from '../../model/types.ts';
import type { Codegen, EmitContext, Nodes } from '../emitter.ts';
import { argumentKeys } from '../client/model-helpers.ts';
import { infiniteOptions, type InfiniteShape } from './infinite.ts';

type Expression = ReturnType<Nodes['valueRef']>;

export function queryKind(model: ApiModel, op: OperationModel): 'query' | 'mutation' | undefined {
  // Streamed answers (by media type or x-streaming; dual-mode ones too) have no query or mutation.
  if (factsOf(model).stream(op)) return undefined;
  // A safe method (GET, HEAD, QUERY, …: the model's fact) reads; anything else changes state.
  return op.safe ? 'query' : 'mutation';
}

/** Whether the client's call may omit its argument (the client's own rule: nothing in it is required). */
function argsOptional(op: OperationModel): boolean {
  return !op.parameters.some((p) => p.required) && !op.requestBody?.required;
}

/** The call-argument key of a query parameter, by the client's own rule (the client emitter's `argumentKeys`). */
function argumentKey(op: OperationModel, name: string): string | undefined {
  return argumentKeys(op).find(({ param }) => param.in === 'query' && param.name === name)?.key;
}

/** Whether the operation has infinite options: every pagination style has (a POST search too, beside its mutation). */
export function pagedInfinitely(op: OperationModel): boolean {
  return op.pagination !== undefined;
}

function pointerTokens(pointer: string): string[] {
  return pointer ? pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~')) : [];
}

/** The JSDoc of a factory: the operation's summary, description, route and deprecation, then what the factory gives. */
function doc(op: OperationModel, what: string): string[] {
  const lines: string[] = [];
  if (op.summary) lines.push(op.summary, '');
  if (op.description && op.description !== op.summary) lines.push(op.description, '');
  lines.push(`\`${op.httpMethod} ${op.path}\` (operation \`${op.operationId}\`): ${what}`);
  if (op.deprecated) lines.push('', `@deprecated The API deprecates this operation.${op.sunset ? ` Sunset: ${op.sunset}.` : ''}`);
  return lines;
}

/** Names of every factory, unique in the module (helpers' names taken first). */
function planNames(model: ApiModel, cg: Codegen): Map<OperationModel, Names> {
  const taken = new Set(['headerToken', 'tokenAt', 'lastOf', 'nextOffset', 'nextPageNumber', 'nextLinkQuery', 'nextUrlQuery', 'PageOf', 'ExtraQuery', 'Method', 'ArgsOf', 'DataOf', 'ErrorOf', 'QueryOptionsOf', 'InfiniteOptionsOf', 'MutationOptionsOf']);
  const names = new Map<OperationModel, Names>();
  for (const op of model.operations) {
    const kind = queryKind(model, op);
    if (!kind) continue;
    const m = op.names.method;
    const unique = (suffix: string) => cg.uniqueName(cg.toIdentifier(`${m}${suffix}`), taken);
    names.set(op, {
      key: kind === 'query' ? unique('QueryKey') : '',
      options: kind === 'query' ? unique('Options') : '',
      infinite: pagedInfinitely(op) ? unique('InfiniteOptions') : '',
      mutation: kind === 'mutation' ? unique('Mutation') : '',
    });
  }
  return names;
}

const namesCache = new WeakMap<ApiModel, ReturnType<typeof planNames>>();

function namesOf(model: ApiModel, cg: Codegen): ReturnType<typeof planNames> {
  let names = namesCache.get(model);
  if (!names) namesCache.set(model, (names = planNames(model, cg)));
  return names;
}

type Names = Record<'key' | 'options' | 'infinite' | 'mutation', string>;

/** What the infinite-query options of a paginated operation are made of, or undefined when it has none. */
export function infiniteShape(model: ApiModel, op: OperationModel, names: Names): InfiniteShape | undefined {
  const p = op.pagination;
  if (!p || !names.infinite) return undefined;
  const tokens = (pointer: string | undefined) => (pointer === undefined ? undefined : pointerTokens(pointer));
  const items = pointerTokens(p.itemsPointer ?? '/data');
  const size = { ...(p.pageSizeParameter !== undefined ? { key: argumentKey(op, p.pageSizeParameter) } : {}), ...(p.defaultPageSize !== undefined ? { default: p.defaultPageSize } : {}) };
  const total = tokens(p.totalPointer);
  const argument = (name: string) => {
    const key = argumentKey(op, name);
    return key === undefined ? undefined : ({ in: 'argument', key } as const);
  };
  const planned = ((): Pick<InfiniteShape, 'target' | 'next'> | undefined => {
    switch (p.kind) {
      case 'token': {
        const target = argument(p.tokenParameter);
        return target && { target, next: { kind: 'token', next: pointerTokens(p.nextTokenPointer) } };
      }
      case 'item': {
        const target = argument(p.tokenParameter);
        return target && { target, next: { kind: 'item', hasMore: pointerTokens(p.hasMorePointer), items: pointerTokens(p.itemsPointer), itemToken: pointerTokens(p.itemTokenPointer) } };
      }
      case 'header': {
        const target = argument(p.tokenParameter);
        const tokenType = headerTokenType(model, op, p);
        return target && { target, next: { kind: 'header', header: p.nextTokenHeader, ...(tokenType ? { tokenType } : {}) } };
      }
      case 'body':
        return { target: { in: 'body', path: pointerTokens(p.tokenMemberPointer) }, next: { kind: 'token', next: pointerTokens(p.nextTokenPointer) } };
      case 'link':
        return { target: { in: 'query' }, next: { kind: 'link' } };
      case 'url':
        return { target: { in: 'query' }, next: { kind: 'url', url: pointerTokens(p.nextUrlPointer) } };
      case 'offset': {
        const target = argument(p.offsetParameter);
        return target && { target, next: { kind: 'offset', items, size, ...(total ? { total } : {}) } };
      }
      case 'page': {
        const target = argument(p.pageParameter);
        return target && { target, next: { kind: 'page', items, first: p.firstPage, size, ...(total ? { total } : {}) } };
      }
    }
  })();
  if (!planned) return undefined;
  const follows =
    p.kind === 'token'
      ? `pages follow \`${p.nextTokenPointer}\` into \`${p.tokenParameter}\` until it is absent.`
      : p.kind === 'item'
        ? `pages send \`${p.itemTokenPointer}\` of the last item in \`${p.tokenParameter}\` while \`${p.hasMorePointer}\` is true.`
        : `pages are read ${followsText(p)}.`;
  return { name: names.infinite, method: op.names.method, optional: argsOptional(op), doc: doc(op, `infinite-query options: ${follows}`), ...planned };
}

/** An operation's factories, one statement each, as nodes (`context.nodes`): the printer lays them out. */
function factories(n: Nodes, model: ApiModel, op: OperationModel, names: Names) {
  const method = op.names.method;
  const m = n.literalType(method);
  const v = (name: string) => n.valueRef(name);
  const pick = n.typeRef('Pick', [n.typeRef('Client'), m]);
  const call = (args: Expression[]) => n.awaitExpression(n.callExpression(n.propertyAccess(v('client'), method), args));
  if (!op.safe) {
    const options = n.objectLiteral([
      n.property('mutationKey', n.arrayLiteral([n.literalExpression(method)])),
      n.property('mutationFn', n.arrowFunction([{ name: 'args' }], call([v('args')]), { async: true })),
    ]);
    const shape = infiniteShape(model, op, names);
    const mutation = n.functionDeclaration(names.mutation, { parameters: [{ name: 'client', type: pick }], returns: n.typeRef('MutationOptionsOf', [m]) }, [n.returnStatement(options)], doc(op, "mutation options; `mutationFn` takes the call's argument."));
    return shape ? [mutation, infiniteOptions(n, shape)] : [mutation];
  }
  const args = { name: 'args', type: n.typeRef('ArgsOf', [m]), optional: argsOptional(op) };
  const keyType = () => n.typeRef('ReturnType', [n.typeOfValue(names.key)]);
  const key = n.functionDeclaration(
    names.key,
    { parameters: [args] },
    [n.returnStatement(n.asConst(n.arrayLiteral([n.literalExpression(method), n.binary(v('args'), '??', n.objectLiteral([]))])))],
    doc(op, 'the query key, distinct per argument (the operation and its argument, serializable).'),
  );
  const options = n.objectLiteral(
    [
      n.property('queryKey', n.asType(n.callExpression(v(names.key), [v('args')]), n.typeRef('DataTag', [keyType(), n.typeRef('DataOf', [m]), n.typeRef('ErrorOf', [m])]))),
      n.property('queryFn', n.arrowFunction([{ name: { destructure: ['signal'] } }], call([v('args'), n.objectLiteral([n.shorthand('signal')])]), { async: true })),
    ],
    { multiLine: true },
  );
  const query = n.functionDeclaration(
    names.options,
    { parameters: [{ name: 'client', type: pick }, args], returns: n.typeRef('QueryOptionsOf', [m, keyType()]) },
    [n.returnStatement(options)],
    doc(op, "query options; the query's `signal` aborts the call."),
  );
  const shape = infiniteShape(model, op, names);
  return shape ? [key, query, infiniteOptions(n, shape)] : [key, query];
}

/** Every factory statement of the module, in operation order. */
export function factoryStatements(model: ApiModel, context: EmitContext) {
  const names = namesOf(model, context.codegen);
  return model.operations.filter((op) => names.has(op)).flatMap((op) => factories(context.nodes, model, op, names.get(op)!));
}

/** The infinite options the module declares (what its helpers are for). */
export function infiniteShapes(model: ApiModel, context: EmitContext): InfiniteShape[] {
  const names = namesOf(model, context.codegen);
  return model.operations.flatMap((op) => {
    const shape = names.has(op) ? infiniteShape(model, op, names.get(op)!) : undefined;
    return shape ? [shape] : [];
  });
}

/**
 * The README's example: the first read that needs no argument, else the first mutation. Written as
 * prettier prints it (imports by the printer, strings in prettier's quotes): the package stage claims the
 * README formatted (`examplePrinted`) when every line fits.
 */
export function queryExample(model: ApiModel, context: EmitContext): string {
  const names = namesOf(model, context.codegen);
  const p = context.printer;
  const read = model.operations.find((op) => queryKind(model, op) === 'query' && argsOptional(op));
  const write = model.operations.find((op) => queryKind(model, op) === 'mutation');
  const client = context.importPath('client', 'src/index.ts');
  const query = context.importPath('query', 'src/index.ts');
  const n = context.nodes;
  const head = `${p.importStatement('import', ['QueryClient'], '@tanstack/query-core')}\n${p.importStatement('import', ['createClient'], client)}\n`;
  const v = n.valueRef;
  const setup = [
    n.variable('const', 'client', n.callExpression(v('createClient'), [n.objectLiteral([n.property('baseUrl', n.literalExpression('https://api.example.com'))])])),
    n.variable('const', 'queryClient', n.newExpression(v('QueryClient'), [])),
  ];
  const example = (f: string, name: string, value: Expression) =>
    `${head}${p.importStatement('import', [f], query)}\n\n${[...setup, n.variable('const', name, value)].map((s) => p.statement(s)).join('\n')}\n`;
  const queryClient = (method: string, args: Expression[]) => n.callExpression(n.propertyAccess(v('queryClient'), method), args);
  if (read) {
    const f = names.get(read)!.options;
    return example(f, 'data', n.awaitExpression(queryClient('fetchQuery', [n.callExpression(v(f), [v('client')])])));
  }
  if (write) {
    const f = names.get(write)!.mutation;
    const cache = queryClient('getMutationCache', []);
    return example(f, 'mutation', n.callExpression(n.propertyAccess(cache, 'build'), [v('queryClient'), n.callExpression(v(f), [v('client')])]));
  }
  return head;
}
