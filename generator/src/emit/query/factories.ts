/**
 * The factories of one operation: `<m>QueryKey` and `<m>Options` for reads (GET and HEAD),
 * `<m>InfiniteOptions` when the operation is paginated, `<m>Mutation` for everything else. Streaming
 * operations have none (a query resolves once; a stream does not).
 */
import { factsOf } from '../../model/facts/index.ts';
import type { ApiModel, OperationModel } from '../../model/types.ts';
import type { Codegen, EmitContext } from '../emitter.ts';
import { argumentKeys } from '../client/model-helpers.ts';
import { infiniteOptionsCode, printInfiniteOptions, type InfiniteShape } from './infinite.ts';

type Code = ReturnType<Codegen['code']>;

export function queryKind(model: ApiModel, op: OperationModel): 'query' | 'mutation' | undefined {
  // Streamed answers (by media type or x-streaming; dual-mode ones too) have no query or mutation.
  if (factsOf(model).stream(op)) return undefined;
  return op.method === 'get' || op.method === 'head' ? 'query' : 'mutation';
}

/** Whether the client's call may omit its argument (the client's own rule: nothing in it is required). */
function argsOptional(op: OperationModel): boolean {
  return !op.parameters.some((p) => p.required) && !op.requestBody?.required;
}

/** The call-argument key of a query parameter, by the client's own rule (the client emitter's `argumentKeys`). */
function argumentKey(op: OperationModel, name: string): string | undefined {
  return argumentKeys(op).find(({ param }) => param.in === 'query' && param.name === name)?.key;
}

/** Token and item pagination page by a query parameter the infinite options can drive (Link pagination does not). */
export function pagedByToken(op: OperationModel): boolean {
  return op.pagination !== undefined && op.pagination.kind !== 'link';
}

function pointerTokens(pointer: string): string[] {
  return pointer ? pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~')) : [];
}

/** The JSDoc of a factory: the operation's summary, description, route and deprecation, then what the factory gives. */
function doc(cg: Codegen, op: OperationModel, what: string): Code {
  const lines: (string | undefined)[] = [];
  if (op.summary) lines.push(op.summary, '');
  if (op.description && op.description !== op.summary) lines.push(op.description, '');
  lines.push(`\`${op.method.toUpperCase()} ${op.path}\` (operation \`${op.operationId}\`): ${what}`);
  if (op.deprecated) lines.push('', `@deprecated The API deprecates this operation.${op.sunset ? ` Sunset: ${op.sunset}.` : ''}`);
  return cg.docComment(lines);
}

/** Names of every factory, unique in the module (helpers' names taken first). */
function planNames(model: ApiModel, cg: Codegen): Map<OperationModel, Record<'key' | 'options' | 'infinite' | 'mutation', string>> {
  const taken = new Set(['tokenAt', 'lastOf', 'Method', 'ArgsOf', 'DataOf', 'ErrorOf', 'QueryOptionsOf', 'InfiniteOptionsOf', 'MutationOptionsOf']);
  const names = new Map<OperationModel, Record<'key' | 'options' | 'infinite' | 'mutation', string>>();
  for (const op of model.operations) {
    const kind = queryKind(model, op);
    if (!kind) continue;
    const m = op.names.method;
    const unique = (suffix: string) => cg.uniqueName(cg.toIdentifier(`${m}${suffix}`), taken);
    names.set(op, {
      key: kind === 'query' ? unique('QueryKey') : '',
      options: kind === 'query' ? unique('Options') : '',
      infinite: kind === 'query' && pagedByToken(op) ? unique('InfiniteOptions') : '',
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

/** A statement of the module: printed as prettier prints it, or (`NotPrinted`) the plain code for prettier. */
export interface FactoryStatement {
  print: () => string;
  fallback: () => string;
}

/** What the infinite-query options of a paginated read are made of, or undefined when it has none. */
function infiniteShape(cg: Codegen, op: OperationModel, names: Record<'key' | 'options' | 'infinite' | 'mutation', string>): InfiniteShape | undefined {
  const pagination = op.pagination?.kind === 'link' ? undefined : op.pagination;
  const tokenKey = pagination && argumentKey(op, pagination.tokenParameter);
  if (!pagination || !tokenKey || !names.infinite) return undefined;
  const follows =
    pagination.kind === 'token'
      ? `pages follow \`${pagination.nextTokenPointer}\` into \`${pagination.tokenParameter}\` until it is absent.`
      : `pages send \`${pagination.itemTokenPointer}\` of the last item in \`${pagination.tokenParameter}\` while \`${pagination.hasMorePointer}\` is true.`;
  return {
    name: names.infinite,
    method: op.names.method,
    optional: argsOptional(op),
    tokenKey,
    comment: doc(cg, op, `infinite-query options: ${follows}`).text,
    next:
      pagination.kind === 'token'
        ? { kind: 'token', next: pointerTokens(pagination.nextTokenPointer) }
        : { kind: 'item', hasMore: pointerTokens(pagination.hasMorePointer), items: pointerTokens(pagination.itemsPointer), itemToken: pointerTokens(pagination.itemTokenPointer) },
  };
}

/** The plain code of an operation's factories, one statement each (what prettier formats when the printer cannot). */
function factoryCode(cg: Codegen, op: OperationModel, names: Record<'key' | 'options' | 'infinite' | 'mutation', string>): Array<Code | string> {
  const { code, ident, lit } = cg;
  const m = lit(op.names.method);
  const call = cg.access(code`client`, op.names.method);
  const optional = argsOptional(op) ? code`?` : code``;
  const argsType = code`ArgsOf<${m}>`;
  if (op.method !== 'get' && op.method !== 'head') {
    return [
      code`${doc(cg, op, 'mutation options; `mutationFn` takes the call\'s argument.')}export function ${ident(names.mutation)}(client: Pick<Client, ${m}>): MutationOptionsOf<${m}> {
  return { mutationKey: [${m}], mutationFn: async (args) => await ${call}(args) };
}`,
    ];
  }
  const key = ident(names.key);
  const keyType = code`ReturnType<typeof ${key}>`;
  const out: Array<Code | string> = [
    code`${doc(cg, op, 'the query key, distinct per argument (the operation and its argument, serializable).')}export function ${key}(args${optional}: ${argsType}) {
  return [${m}, args ?? {}] as const;
}`,
    code`${doc(cg, op, 'query options; the query\'s `signal` aborts the call.')}export function ${ident(names.options)}(client: Pick<Client, ${m}>, args${optional}: ${argsType}): QueryOptionsOf<${m}, ${keyType}> {
  return {
    queryKey: ${key}(args) as DataTag<${keyType}, DataOf<${m}>, ErrorOf<${m}>>,
    queryFn: async ({ signal }) => await ${call}(args, { signal }),
  };
}`,
  ];
  const infinite = infiniteShape(cg, op, names);
  if (infinite) out.push(infiniteOptionsCode(cg, infinite));
  return out;
}

/**
 * The same statements in prettier's layout (`context.printer`): signatures, type arguments and objects
 * broken as prettier breaks them; the infinite-query options by ./infinite.ts.
 */
function factoryPrints(context: EmitContext, op: OperationModel, names: Record<'key' | 'options' | 'infinite' | 'mutation', string>): Array<() => string> {
  const cg = context.codegen;
  const p = context.printer;
  const { group, indent, line, softline, hardline, ifBreak, join } = p.doc;
  type Doc = Parameters<typeof p.print>[0];
  const fail = (why: string): never => {
    throw new p.NotPrinted(why);
  };
  const method = op.names.method;
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(method)) return [];
  const m = p.string(method);
  const optional = argsOptional(op) ? '?' : '';
  const comment = (what: string) => p.comment(doc(cg, op, what).text);
  // `export function name(params): returns {` + the body's statements.
  const fn = (what: string, name: string, params: Doc[], returns: Doc | undefined, body: Doc[]) => {
    const list = ['(', indent([softline, join([',', line], params)]), ifBreak(','), softline, ')'];
    return p.print([comment(what), 'export function ', cg.ident(name).text, group([list, returns ? [': ', returns] : '']), ' {', indent(body.map((b) => [hardline, b])), hardline, '}']);
  };
  // The documents prettier's TypeScript printer builds for these shapes (test/print/plugin-printer.test.ts).
  const member = (name: string, value: Doc) => p.fluidAssignment([name, ':'], value);
  const call = (args: Doc) => group(['client', '.', method, args]);
  const arrow = (params: Doc, body: Doc) => group([group(['async ', params]), ' =>', group(indent([line, 'await ', body]))]);
  const pick = ['Pick', p.typeArguments(['Client', m])];
  if (op.method !== 'get' && op.method !== 'head') {
    return [
      () => {
        const members = [member('mutationKey', p.arrayLiteral([m])), member('mutationFn', arrow(p.callArguments(['args']), call(p.callArguments(['args']))))];
        const object = group(['{', indent([line, join([',', line], members)]), ifBreak(','), line, '}']);
        return fn('mutation options; `mutationFn` takes the call\'s argument.', names.mutation, [['client: ', pick]], `MutationOptionsOf<${m}>`, [['return ', object, ';']]);
      },
    ];
  }
  const key = cg.ident(names.key).text;
  const keyType = () => ['ReturnType', p.typeArguments([['typeof ', key]])];
  const keyArray = p.arrayLiteral([m, group([group('args'), indent([' ', group(['??', line, '{}'])])])]);
  return [
    () => fn('the query key, distinct per argument (the operation and its argument, serializable).', names.key, [`args${optional}: ArgsOf<${m}>`], undefined, [['return ', keyArray, ' as const;']]),
    () => {
      const cast = [key, p.callArguments(['args']), ' as ', 'DataTag', p.typeArguments([keyType(), `DataOf<${m}>`, `ErrorOf<${m}>`])];
      const signal = group(['{', indent([line, 'signal']), ifBreak(','), line, '}']);
      const queryFn = arrow(group(['(', '{', indent([line, 'signal']), ifBreak(','), line, '}', ')']), call(p.huggedCallArguments(['args'], signal)));
      const members = [[member('queryKey', cast), ','], [member('queryFn', queryFn), ',']];
      const object = ['{', indent(members.map((x) => [hardline, x])), hardline, '}'];
      return fn('query options; the query\'s `signal` aborts the call.', names.options, [['client: ', pick], `args${optional}: ArgsOf<${m}>`], ['QueryOptionsOf', p.typeArguments([m, keyType()])], [['return ', object, ';']]);
    },
    () => {
      const shape = infiniteShape(cg, op, names);
      return shape ? printInfiniteOptions(p, shape) : fail('no infinite options');
    },
  ];
}

/** Every factory statement of the module, in operation order. */
export function factoryStatements(model: ApiModel, context: EmitContext): FactoryStatement[] {
  const names = namesOf(model, context.codegen);
  return model.operations
    .filter((op) => names.has(op))
    .flatMap((op) => {
      const plain = factoryCode(context.codegen, op, names.get(op)!);
      const prints = factoryPrints(context, op, names.get(op)!);
      const notPrinted = (): never => {
        throw new context.printer.NotPrinted('long or odd name');
      };
      return plain.map((c, i) => ({ print: prints[i] ?? notPrinted, fallback: () => (typeof c === 'string' ? c : c.text) }));
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
  const head = `${p.importStatement('import', ['QueryClient'], '@tanstack/query-core')}\n${p.importStatement('import', ['createClient'], client)}\n`;
  const setup = `\nconst client = createClient({ baseUrl: 'https://api.example.com' });\nconst queryClient = new QueryClient();\n`;
  if (read) {
    const f = names.get(read)!.options;
    return `${head}${p.importStatement('import', [f], query)}\n${setup}const data = await queryClient.fetchQuery(${f}(client));\n`;
  }
  if (write) {
    const f = names.get(write)!.mutation;
    return `${head}${p.importStatement('import', [f], query)}\n${setup}const mutation = queryClient.getMutationCache().build(queryClient, ${f}(client));\n`;
  }
  return head;
}
