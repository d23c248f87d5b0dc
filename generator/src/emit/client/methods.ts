/**
 * `src/client.ts`: the typed surface. Per operation an `<Base>Args` interface (path, query, header and
 * cookie parameters by spec name, plus `body`), a method on `Client` with its JSDoc, a `paginate` entry
 * for paginated operations, and its error body in `OperationErrors`. The implementation is generic
 * (runtime/bind.ts over the operation table), so the methods cost no code per operation.
 */
import { code, docComment, ident, join, lit, propKey, raw, toIdentifier, uniqueName, type Code } from '../../codegen/index.ts';
import { factsOf } from '../../model/facts/index.ts';
import type { ApiModel, OperationModel } from '../../model/types.ts';
import { memberRef, tupleType, typeRef } from './code-helpers.ts';
import { operationDoc, parameterDoc } from './docs.ts';
import { argumentKeys, dateFormat, pointerTokens, securityAlternatives, successStatuses } from './model-helpers.ts';
import { binarySuccessTypes, requestMediaType, usesDates } from './operations.ts';

const LOCATION_TYPE = { path: 'pathParams', query: 'query', header: 'headers', cookie: 'cookies' } as const;

/** Names the package root exports besides the argument types (see index.ts). */
const TAKEN = [
  'Client',
  'Paginators',
  'OperationErrors',
  'ClientOptions',
  'createClient',
  'isApiError',
  'operations',
  'ProblemTypes',
  'ProblemSlug',
  'isProblem',
  'matchesProblem',
  'problemSlug',
  'OAuth2Scope',
];

const argsNames = new WeakMap<ApiModel, Map<OperationModel, string>>();

/** `<Method>Args` (PascalCase of the method name), unique in the package. */
function argsName(model: ApiModel, op: OperationModel): string {
  let names = argsNames.get(model);
  if (!names) {
    const taken = new Set(TAKEN);
    names = new Map(model.operations.map((o) => [o, uniqueName(`${toIdentifier(o.names.method, 'pascal', 'Operation')}Args`, taken)]));
    argsNames.set(model, names);
  }
  return names.get(op)!;
}

/** Whether the call's argument can be omitted (nothing in it is required). */
function argsOptional(op: OperationModel): boolean {
  return !op.parameters.some((p) => p.required) && !op.requestBody?.required;
}

function hasArgs(op: OperationModel): boolean {
  return op.parameters.length > 0 || op.requestBody !== undefined || op.openParameters === true;
}

/** The argument key of the unlisted query parameters of an operation open to them (`x-open-parameters`). */
export const EXTRA_QUERY_KEY = 'extraQuery';

function emitArgs(model: ApiModel, op: OperationModel): Code {
  if (!hasArgs(op)) return code``;
  const members: Code[] = [];
  for (const { param, key } of argumentKeys(op)) {
    const type = memberRef(op.names[LOCATION_TYPE[param.in]], param.name);
    const date = dateFormat(model, param.schema) ? (isArray(model, param) ? code` | Date[]` : code` | Date`) : code``;
    const optional = param.required ? code`` : code`?`;
    members.push(code`${docComment(parameterDoc(param, key))}${propKey(key)}${optional}: ${type}${date};\n`);
  }
  if (op.requestBody) {
    const optional = op.requestBody.required ? code`` : code`?`;
    members.push(code`${docComment([op.requestBody.description])}body${optional}: ${typeRef(op.names.requestBody)};\n`);
  }
  if (op.openParameters) {
    const doc = docComment([
      'Query parameters the spec does not list (the API reference does not show them all), sent as they are: ' +
        'arrays as repeated parameters (`form`, exploded). Listed parameters go in their own members.',
    ]);
    members.push(code`${doc}${propKey(EXTRA_QUERY_KEY)}?: ExtraQuery;\n`);
  }
  const doc = docComment([
    `The argument of \`${op.names.method}\`: its parameters by their names in the spec${op.requestBody ? ', and `body`' : ''}.`,
  ]);
  return code`${doc}export interface ${ident(argsName(model, op))} {\n${members}}\n\n`;
}

function isArray(model: ApiModel, param: OperationModel['parameters'][number]): boolean {
  return [param.schema, factsOf(model).target(param.schema)].some((s) => typeof s === 'object' && (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array'))));
}

function argsParam(model: ApiModel, op: OperationModel): Code {
  if (!hasArgs(op)) return code`args?: Record<string, never>`;
  return code`args${argsOptional(op) ? code`?` : code``}: ${ident(argsName(model, op))}`;
}

function statusType(op: OperationModel): Code {
  const statuses = successStatuses(op);
  return statuses
    ? join(
        statuses.map((s) => lit(s)),
        ' | ',
      )
    : raw('number');
}

function method(model: ApiModel, op: OperationModel): Code {
  const name = propKey(op.names.method);
  const success = typeRef(op.names.success);
  if (op.streaming) {
    const doc = docComment(operationDoc(model, op, 'stream'));
    return code`${doc}${name}(${argsParam(model, op)}, options?: StreamCallOptions): AsyncGenerator<${success}, void, undefined>;\n`;
  }
  const doc = docComment(operationDoc(model, op, 'call'));
  // Binary answers: `parseAs` picks how the body is read, and the result type follows it.
  if (binarySuccessTypes(model, op).length) {
    return code`${doc}${name}<O extends CallOptions = CallOptions>(${argsParam(model, op)}, options?: O): ApiPromise<Parsed<${success}, O>, ${statusType(op)}>;\n`;
  }
  return code`${doc}${name}(${argsParam(model, op)}, options?: CallOptions): ApiPromise<${success}, ${statusType(op)}>;\n`;
}

function paginator(model: ApiModel, op: OperationModel): Code {
  const success = typeRef(op.names.success);
  const items = tupleType(pointerTokens(op.pagination?.itemsPointer ?? '/data'));
  const doc = docComment(operationDoc(model, op, 'paginate'));
  return code`${doc}${propKey(op.names.method)}(${argsParam(model, op)}, options?: PaginateOptions): Paginator<${success}, ItemOf<At<${success}, ${items}>>>;\n`;
}

export function emitClient(model: ApiModel, packages: { types: string; validators: string }, header: Code): Code {
  const ops = model.operations;
  for (const op of ops) {
    if (op.names.method === 'paginate')
      throw new Error(`client: the operation ${op.operationId} is named "paginate", which the client reserves`);
  }
  const args = ops.map((op) => emitArgs(model, op));
  const methods = ops.map((op) => method(model, op));
  const paginators = ops.filter((op) => op.pagination && !op.streaming).map((op) => paginator(model, op));
  const errors = ops.map((op) => code`${propKey(op.names.method)}: ${typeRef(op.names.error)};\n`);
  // Streaming and pagination code only when the spec has such operations.
  const streams = ops.some((op) => op.streaming);
  const pages = ops.some((op) => op.pagination && !op.streaming);
  const forms = ops.some((op) => {
    const body = requestMediaType(model, op);
    return body !== undefined && (body.kind === 'form-urlencoded' || body.essence === 'multipart/form-data');
  });
  const extraKinds = ops.some((op) =>
    securityAlternatives(model, op).alternatives.some((alt) => alt.some((k) => k === 'basic' || typeof k === 'object')),
  );
  const dates = usesDates(model);
  const featureImports = [
    dates ? code`import { dateCodec } from './runtime/dates.js';\n` : code``,
    streams ? code`import { stream } from './runtime/stream.js';\n` : code``,
    forms ? code`import { encodeForm } from './runtime/form.js';\n` : code``,
    extraKinds ? code`import { extraAuth } from './runtime/auth-extra.js';\n` : code``,
  ];
  // Only the runtime types this client uses (a strict consumer may compile with noUnusedLocals).
  const calls = ops.some((op) => !op.streaming);
  const parsed = ops.some((op) => !op.streaming && binarySuccessTypes(model, op).length > 0);
  const open = ops.some((op) => op.openParameters);
  const runtimeTypes = join(
    [
      calls && 'ApiPromise',
      pages && 'At',
      calls && 'CallOptions',
      open && 'ExtraQuery',
      pages && 'ItemOf',
      pages && 'PaginateOptions',
      parsed && 'Parsed',
      'RuntimeOptions',
      streams && 'StreamCallOptions',
    ]
      .filter((n): n is string => typeof n === 'string')
      .map((n) => raw(n)),
    ', ',
  );
  const features = [
    streams ? code`\n    stream,` : code``,
    pages ? code`\n    paginate,` : code``,
    forms ? code`\n    encodeBody: encodeForm,` : code``,
    extraKinds ? code`\n    extraAuth,` : code``,
    dates ? code`\n    dates: dateCodec(datePlans),` : code``,
  ];
  const typesImport = ops.length ? code`import type * as T from ${lit(packages.types)};\n` : code``;
  return code`${header}${typesImport}import { bindOperations } from './runtime/bind.js';
import { ApiError } from './runtime/errors.js';
${pages ? code`import { paginate, type Paginator } from './runtime/paginate.js';\n` : code``}import type { ${runtimeTypes} } from './runtime/types.js';
import { ${dates ? code`datePlans, ` : code``}operations } from './operations.js';
${featureImports}
${args}/**
 * One method per operation. A method resolves to the typed success body; \`.withResponse()\` resolves to
 * \`{ data, status, headers, rateLimit, response }\`. Failures reject with \`ApiError\` (typed body, see
 * \`isApiError\` and \`isProblem\`), \`RateLimitError\`, \`NetworkError\`, \`TimeoutError\`, \`AbortError\`,
 * \`CredentialsError\` (before any request) or, when validation is on, \`RequestValidationError\` /
 * \`ResponseValidationError\`.
 */
export interface Client {
${methods}  /** Paginated operations as async iterables of pages, with \`.items()\`. */
  readonly paginate: Paginators;
}

/** Paginated operations: \`for await (const page of client.paginate.x(args, { maxPages }))\`, or \`.items()\`. */
export interface Paginators {
${paginators}}

/** The error body each operation declares (non-2XX and \`default\` responses). */
export interface OperationErrors {
${errors}}

/** Options of \`createClient\`. */
export type ClientOptions = RuntimeOptions;

/**
 * Creates a client. \`baseUrl\` is required; \`auth\` holds the credentials (the operation's security
 * requirement picks which are sent); validation loads the validators package on first use.
 */
export function createClient(options: ClientOptions): Client {
  return bindOperations(operations, options, {
    validators: () => import(${lit(packages.validators)}).then((m) => m.operationValidators),${features}
  }) as Client;
}

/** True when \`error\` is an \`ApiError\` (of operation \`method\`, when given: its body is then typed as declared). */
export function isApiError<M extends keyof OperationErrors>(error: unknown, method: M): error is ApiError<OperationErrors[M]>;
export function isApiError(error: unknown): error is ApiError;
export function isApiError(error: unknown, method?: string): boolean {
  return error instanceof ApiError && (method === undefined || error.operation === method);
}
`;
}
