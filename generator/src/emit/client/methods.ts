/**
 * `src/client.ts`: the typed surface. Per operation an `<Base>Args` interface (path, query, header and
 * cookie parameters by spec name, plus `body`), a method on `Client` with its JSDoc, a `paginate` entry
 * for paginated operations, and its error body in `OperationErrors`. The implementation is generic
 * (runtime/bind.ts over the operation table), so the methods cost no code per operation.
 */
import { code, docComment, ident, join, lit, propKey, raw, type Code } from '../../codegen/index.ts';
import { factsOf } from '../../model/facts/index.ts';
import type { ApiModel, OperationModel } from '../../model/types.ts';
import { memberRef, tupleType, typeRef } from './code-helpers.ts';
import { operationDoc, parameterDoc } from './docs.ts';
import { argumentKeys, dateFormat, pointerTokens, successStatuses } from './model-helpers.ts';
import { binarySuccessTypes } from './operations.ts';
import { framings, streamFormats, streamFunction, streamMethod, type StreamSignatureParts } from './stream-methods.ts';
import { CLIENT, clientPlan, hasArgs, IMPORT_ORDER, OPERATIONS, RUNTIME, VALIDATORS_CONTRACT, type ClientNames } from './symbols.ts';

const LOCATION_TYPE = { path: 'pathParams', query: 'query', header: 'headers', cookie: 'cookies' } as const;

/** Whether the call's argument can be omitted (nothing in it is required). */
function argsOptional(op: OperationModel): boolean {
  return !op.parameters.some((p) => p.required) && !op.requestBody?.required;
}

/** The argument key of the unlisted query parameters of an operation open to them (`x-open-parameters`). */
export const EXTRA_QUERY_KEY = 'extraQuery';

function emitArgs(model: ApiModel, op: OperationModel, name: string, ref: Ref): Code {
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
    members.push(code`${doc}${propKey(EXTRA_QUERY_KEY)}?: ${ref('ExtraQuery')};\n`);
  }
  const doc = docComment([
    `The argument of \`${op.names.method}\`: its parameters by their names in the spec${op.requestBody ? ', and `body`' : ''}.`,
  ]);
  return code`${doc}export interface ${ident(name)} {\n${members}}\n\n`;
}

function isArray(model: ApiModel, param: OperationModel['parameters'][number]): boolean {
  return [param.schema, factsOf(model).target(param.schema)].some((s) => typeof s === 'object' && (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array'))));
}

/** The pieces of an operation's call signature, shared by its `Client` method and its standalone function. */
interface Signature {
  typeParams: Code;
  params: Code;
  returns: Code;
  kind: 'call' | 'stream';
}

/** A type from the client runtime (or another module), imported by name through the registry. */
type Ref = (name: string) => Code;

function argsParam(op: OperationModel, names: ClientNames): Code {
  if (!hasArgs(op)) return code`args?: Record<string, never>`;
  return code`args${argsOptional(op) ? code`?` : code``}: ${ident(names.args)}`;
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

function signature(model: ApiModel, op: OperationModel, names: ClientNames, ref: Ref): Signature {
  const success = typeRef(op.names.success);
  const args = argsParam(op, names);
  // Binary answers: `parseAs` picks how the body is read, and the result type follows it.
  if (binarySuccessTypes(model, op).length) {
    const options = ref('CallOptions');
    return {
      kind: 'call',
      typeParams: code`<O extends ${options} = ${options}>`,
      params: code`${args}, options?: O`,
      returns: code`${ref('ApiPromise')}<${ref('Parsed')}<${success}, O>, ${statusType(op)}>`,
    };
  }
  return { kind: 'call', typeParams: code``, params: code`${args}, options?: ${ref('CallOptions')}`, returns: code`${ref('ApiPromise')}<${success}, ${statusType(op)}>` };
}

/** What the stream signatures need of an operation's argument (stream-methods.ts). */
function streamParts(op: OperationModel, names: ClientNames): StreamSignatureParts {
  return { argsParam: argsParam(op, names), argsName: hasArgs(op) ? names.args : undefined, argsOptional: argsOptional(op), status: statusType(op) };
}

function method(model: ApiModel, op: OperationModel, sig: Signature): Code {
  const doc = docComment(operationDoc(model, op, sig.kind));
  return code`${doc}${propKey(op.names.method)}${sig.typeParams}(${sig.params}): ${sig.returns};\n`;
}

/**
 * The standalone function of an operation: `getX(core, args, options)`, the same call as `client.getX`. It
 * references only its own table entry, so a bundle carries only the operations it calls.
 */
function standalone(model: ApiModel, op: OperationModel, names: ClientNames, sig: Signature, ref: Ref): Code {
  const doc = docComment([...operationDoc(model, op, sig.kind), '', `The standalone form of \`Client.${op.names.method}\`, over \`createCore(...)\`.`]);
  const run = sig.kind === 'stream' ? ref('stream') : ref('call');
  return code`${doc}export function ${ident(names.fn)}${sig.typeParams}(core: ClientCore, ${sig.params}): ${sig.returns} {
  return ${run}(core, ops.${ident(names.spec)}, args, options);
}

`;
}

function paginator(model: ApiModel, op: OperationModel, names: ClientNames, ref: Ref): Code {
  const success = typeRef(op.names.success);
  const items = tupleType(pointerTokens(op.pagination?.itemsPointer ?? '/data'));
  const doc = docComment(operationDoc(model, op, 'paginate'));
  return code`${doc}${propKey(op.names.method)}(${argsParam(op, names)}, options?: ${ref('PaginateOptions')}): ${ref('Paginator')}<${success}, ${ref('ItemOf')}<${ref('At')}<${success}, ${items}>>>;\n`;
}

export function emitClient(model: ApiModel, packages: { types: string; validators: string }, header: Code): Code {
  const ops = model.operations;
  for (const op of ops) {
    if (op.names.method === 'paginate')
      throw new Error(`client: the operation ${op.operationId} is named "paginate", which the client reserves`);
  }
  const { symbols, names } = clientPlan(model, packages.validators);
  const ref: Ref = (name) => symbols.ref(CLIENT, name);
  const nameOf = (op: OperationModel) => names.get(op)!;
  // Streamed answers (by media type or x-streaming) have their own signatures: stream-methods.ts.
  const streamed = new Set(ops.filter((op) => factsOf(model).stream(op)));
  const signatures = new Map(ops.filter((op) => !streamed.has(op)).map((op) => [op, signature(model, op, nameOf(op), ref)]));
  const args = ops.map((op) => emitArgs(model, op, nameOf(op).args, ref));
  const methods = ops.map((op) => streamMethod(model, op, streamParts(op, nameOf(op)), ref) ?? method(model, op, signatures.get(op)!));
  const functions = ops.map(
    (op) => streamFunction(model, op, streamParts(op, nameOf(op)), ref, nameOf(op).fn, nameOf(op).spec) ?? standalone(model, op, nameOf(op), signatures.get(op)!, ref),
  );
  const paginators = ops.filter((op) => op.pagination && !streamed.has(op)).map((op) => paginator(model, op, nameOf(op), ref));
  const errors = ops.map((op) => code`${propKey(op.names.method)}: ${typeRef(op.names.error)};\n`);
  // Streaming, pagination, form and credential code only when the spec has such operations.
  // Streaming and pagination code only when the spec has such operations (forms and apiKey/basic
  // credentials are on the table entries of the operations that need them, operations.ts).
  const formats = streamFormats(model);
  const pages = ops.some((op) => op.pagination && !streamed.has(op));
  const bound = [formats.size ? code`\n    stream: ${ref('streams')}(${framings(formats, ref)}),` : code``, pages ? code`\n    paginate: ${ref('paginate')},` : code``];
  const validators = symbols.moduleOf(CLIENT, VALIDATORS_CONTRACT.value);
  const loadValidators = code`() => import(${lit(validators)}).then((m) => m.${ident(VALIDATORS_CONTRACT.value)})`;
  const scopes = oauth2Scopes(model);
  const scopeType = scopes.length ? join(scopes.map((s) => lit(s)), ' | ') : raw('string');
  const body = code`${args}/**
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

/** Options of \`createClient\` and \`createCore\`. */
export type ClientOptions = ${ref('RuntimeOptions')};

/** What the standalone operation functions call through (see \`createCore\`). */
export type ClientCore = ${ref('Runtime')};

/** The OAuth 2.0 scopes the spec names (for \`oauth2Flow(...).start(scopes)\`). */
export type OAuth2Scope = ${scopeType};

/**
 * Creates a client. \`baseUrl\` is required; \`auth\` holds the credentials (the operation's security
 * requirement picks which are sent); validation loads the validators package on first use.
 */
export function createClient(options: ClientOptions): Client {
  return ${ref('bindOperations')}(ops.operations, options, {
    validators: ${loadValidators},${bound}
  }) as Client;
}

/**
 * Request and response validation for \`createCore(options, { validation })\` (\`createClient\` has it built
 * in): loads the validators package on first use. A bundle that does not pass it does not carry it.
 */
export const validation: NonNullable<${ref('Features')}['validation']> = () =>
  import(${lit(RUNTIME.validate)}).then((m) =>
    m.checker(${loadValidators}, { RequestValidationError: ${ref('RequestValidationError')}, ResponseValidationError: ${ref('ResponseValidationError')} }),
  );

/**
 * Creates a core for the standalone operation functions (\`getX(core, args)\`): the same calls as
 * \`createClient\`'s methods, but a bundle carries only the operations it calls and only the features it
 * passes. \`options.validate\` needs \`{ validation }\`.
 */
export function createCore(options: ClientOptions, features: { validation?: typeof validation } = {}): ClientCore {
  return ${ref('createRuntime')}(options, features);
}

${functions}/** True when \`error\` is an \`ApiError\` (of operation \`method\`, when given: its body is then typed as declared). */
export function isApiError<M extends keyof OperationErrors>(error: unknown, method: M): error is ${ref('ApiError')}<OperationErrors[M]>;
export function isApiError(error: unknown): error is ${ref('ApiError')};
export function isApiError(error: unknown, method?: string): boolean {
  return error instanceof ${ref('ApiError')} && (method === undefined || error.operation === method);
}
`;
  const typesImport = ops.length ? code`import type * as T from ${lit(packages.types)};\n` : code``;
  const opsImport = code`import * as ops from ${lit(OPERATIONS)};\n`;
  return code`${header}${typesImport}${opsImport}${join(symbols.importsOf(CLIENT, IMPORT_ORDER), '\n')}\n\n${body}`;
}

function oauth2Scopes(model: ApiModel): string[] {
  const scopes = new Set<string>();
  for (const s of model.securitySchemes) {
    if (s.type !== 'oauth2') continue;
    for (const flow of Object.values(s.flows ?? {})) for (const scope of Object.keys(flow.scopes)) scopes.add(scope);
  }
  return [...scopes];
}
