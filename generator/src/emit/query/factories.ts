/**
 * The factories of one operation: `<m>QueryKey` and `<m>Options` for reads (GET and HEAD),
 * `<m>InfiniteOptions` when the operation is paginated, `<m>Mutation` for everything else. Streaming
 * operations have none (a query resolves once; a stream does not).
 */
import { factsOf } from '../../model/facts/index.ts';
import type { ApiModel, OperationModel } from '../../model/types.ts';
import type { Codegen, EmitContext } from '../emitter.ts';
import { argumentKeys } from '../client/model-helpers.ts';

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
  const taken = new Set(['tokenAt', 'Method', 'ArgsOf', 'DataOf', 'ErrorOf', 'QueryOptionsOf', 'InfiniteOptionsOf', 'MutationOptionsOf']);
  const names = new Map<OperationModel, Record<'key' | 'options' | 'infinite' | 'mutation', string>>();
  for (const op of model.operations) {
    const kind = queryKind(model, op);
    if (!kind) continue;
    const m = op.names.method;
    const unique = (suffix: string) => cg.uniqueName(cg.toIdentifier(`${m}${suffix}`), taken);
    names.set(op, {
      key: kind === 'query' ? unique('QueryKey') : '',
      options: kind === 'query' ? unique('Options') : '',
      infinite: kind === 'query' && op.pagination ? unique('InfiniteOptions') : '',
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

function operationFactories(cg: Codegen, op: OperationModel, names: Record<'key' | 'options' | 'infinite' | 'mutation', string>): Code {
  const { code, ident, lit, propKey } = cg;
  const m = lit(op.names.method);
  const call = cg.access(code`client`, op.names.method);
  const optional = argsOptional(op) ? code`?` : code``;
  const argsType = code`ArgsOf<${m}>`;
  if (op.method !== 'get' && op.method !== 'head') {
    return code`${doc(cg, op, 'mutation options; `mutationFn` takes the call\'s argument.')}export function ${ident(names.mutation)}(client: Pick<Client, ${m}>): MutationOptionsOf<${m}> {
  return { mutationKey: [${m}], mutationFn: async (args) => await ${call}(args) };
}
`;
  }
  const key = ident(names.key);
  const keyType = code`ReturnType<typeof ${key}>`;
  let out = code`${doc(cg, op, 'the query key, distinct per argument (the operation and its argument, serializable).')}export function ${key}(args${optional}: ${argsType}) {
  return [${m}, args ?? {}] as const;
}

${doc(cg, op, 'query options; the query\'s `signal` aborts the call.')}export function ${ident(names.options)}(client: Pick<Client, ${m}>, args${optional}: ${argsType}): QueryOptionsOf<${m}, ${keyType}> {
  return {
    queryKey: ${key}(args) as DataTag<${keyType}, DataOf<${m}>, ErrorOf<${m}>>,
    queryFn: async ({ signal }) => await ${call}(args, { signal }),
  };
}
`;
  const pagination = op.pagination;
  const tokenKey = pagination && argumentKey(op, pagination.tokenParameter);
  if (pagination && tokenKey) {
    const pageArgs = code`Omit<NonNullable<${argsType}>, ${lit(tokenKey)}>`;
    const token = code`NonNullable<NonNullable<${argsType}>[${lit(tokenKey)}]>`;
    const infKey = code`readonly [${m}, ${pageArgs}, 'infinite']`;
    out = code`${out}
${doc(cg, op, `infinite-query options: pages follow \`${pagination.nextTokenPointer}\` into \`${pagination.tokenParameter}\` until it is absent.`)}export function ${ident(names.infinite)}(
  client: Pick<Client, ${m}>,
  args${optional}: ${pageArgs},
): InfiniteOptionsOf<${m}, ${infKey}, ${token} | undefined> {
  const queryKey = [${m}, args ?? {}, 'infinite'] as const;
  return {
    queryKey: queryKey as DataTag<${infKey}, InfiniteData<DataOf<${m}>, ${token} | undefined>, ErrorOf<${m}>>,
    queryFn: async ({ signal, pageParam }) => await ${call}({ ...args, ${propKey(tokenKey)}: pageParam } as NonNullable<${argsType}>, { signal }),
    initialPageParam: undefined,
    getNextPageParam: (page) => (tokenAt(page, ${lit(pointerTokens(pagination.nextTokenPointer))}) as ${token} | undefined) ?? undefined,
  };
}
`;
  }
  return out;
}

export function emitFactories(model: ApiModel, cg: Codegen): Code {
  const names = namesOf(model, cg);
  return cg.join(
    model.operations.filter((op) => names.has(op)).map((op) => cg.code`\n${operationFactories(cg, op, names.get(op)!)}`),
    '',
  );
}

/** The README's example: the first read that needs no argument, else the first mutation. */
export function queryExample(model: ApiModel, context: EmitContext): string {
  const names = namesOf(model, context.codegen);
  const read = model.operations.find((op) => queryKind(model, op) === 'query' && argsOptional(op));
  const write = model.operations.find((op) => queryKind(model, op) === 'mutation');
  const client = context.importPath('client', 'src/index.ts');
  const query = context.importPath('query', 'src/index.ts');
  const head = `import { QueryClient } from '@tanstack/query-core';\nimport { createClient } from ${JSON.stringify(client)};\n`;
  const setup = `\nconst client = createClient({ baseUrl: 'https://api.example.com' });\nconst queryClient = new QueryClient();\n`;
  if (read) {
    const f = names.get(read)!.options;
    return `${head}import { ${f} } from ${JSON.stringify(query)};\n${setup}const data = await queryClient.fetchQuery(${f}(client));\n`;
  }
  if (write) {
    const f = names.get(write)!.mutation;
    return `${head}import { ${f} } from ${JSON.stringify(query)};\n${setup}const mutation = queryClient.getMutationCache().build(queryClient, ${f}(client));\n`;
  }
  return head;
}
