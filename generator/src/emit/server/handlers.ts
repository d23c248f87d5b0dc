/**
 * `src/handlers.ts`: per operation a context type (what the handler receives), a result type (exactly the
 * declared responses: status literal or range, body of that status and media type) and the handler
 * signature; then `interface Handlers` keyed by `op.names.method`.
 */
import { uniqueName } from '../../codegen/index.ts';
import { SERVER_WEBHOOK_SYMBOLS, webhookExportNames } from '../webhooks/symbols.ts';
import {
  addNamesIn, functionType, importNamespaceType, importTypes, indexedAccessType, interfaceDeclaration, keywordType, literalType, propertySignature,
  typeAlias, typeLiteral, typeRef, unionType, type Statement, type TypeNode,
} from '../../codegen/ts-nodes.ts';
import { printFormattedModule, type PrintedModule } from '../../codegen/ts-print.ts';
import { operationTypeNode, type OperationMember } from '../types/operation-refs.ts';
import { factsOf } from '../../model/facts/index.ts';
import { responseReading } from '../../model/facts/reading.ts';
import type { ApiModel, OperationModel, SecuritySchemeModel } from '../../model/types.ts';

const BYTES = () => [typeRef('Blob'), typeRef('ArrayBuffer'), typeRef('Uint8Array'), typeRef('ReadableStream', [typeRef('Uint8Array')])];
/** What a client may send as a binary body; the handler receives it as the request's byte stream instead. */
const binarySent = () => unionType(BYTES());
/** What a handler may answer for a binary media type: written as a stream, with backpressure. */
const binaryAnswer = () => unionType([...BYTES(), typeRef('AsyncIterable', [typeRef('Uint8Array')])]);

/**
 * What a handler may answer for a stream media type: an async iterable of items (events for an event
 * stream), framed and written as they are pulled, stopped when the client goes away; bytes already framed;
 * or (JSON framings) one item as a JSON body.
 */
const streamAnswer = (item: TypeNode, events: boolean) =>
  events
    ? unionType([typeRef('AsyncIterable', [typeRef('ServerSentEventInit', [item])]), typeRef('ReadableStream', [typeRef('Uint8Array')])])
    : unionType([typeRef('AsyncIterable', [item]), typeRef('ReadableStream', [typeRef('Uint8Array')]), item]);

export interface HandlerNames {
  context: string;
  result: string;
  handler: string;
}

/** Names fixed by the runtime that per-operation names must not take. */
export const FIXED_NAMES = [
  'Handlers',
  'ServerOptions',
  'Principal',
  'AppPrincipal',
  'UserPrincipal',
  'Credentials',
  'HandlerResult',
  'HeaderValues',
  'RateLimitDecision',
  'RequestInfo',
  'WebHandler',
  'NodeListener',
  'ServeOptions',
  'RunningServer',
  'MockOptions',
  'ProblemBody',
  'ParameterError',
  'ResponseMismatchError',
  'ServerSentEventInit',
];

export function planHandlerNames(model: ApiModel): Map<OperationModel, HandlerNames> {
  // An operation `webhook` would otherwise take `WebhookHandler`/`WebhookContext`, the receiver's types.
  const taken = new Set([...FIXED_NAMES, ...webhookExportNames(model, SERVER_WEBHOOK_SYMBOLS)]);
  const out = new Map<OperationModel, HandlerNames>();
  for (const op of model.operations) {
    out.set(op, {
      context: uniqueName(`${op.names.base}Context`, taken),
      result: uniqueName(`${op.names.base}Result`, taken),
      handler: uniqueName(`${op.names.base}Handler`, taken),
    });
  }
  return out;
}

/** `undefined`, `AppPrincipal`, `UserPrincipal`, `Principal` or with `| undefined`, from the effective security. */
export function principalType(op: OperationModel, schemes: readonly SecuritySchemeModel[]): TypeNode {
  if (op.security.length === 0) return keywordType('undefined');
  const kinds = new Set<string>();
  for (const requirement of op.security) {
    const names = Object.keys(requirement);
    if (names.length === 0) {
      kinds.add('none');
      continue;
    }
    let kind: string | undefined;
    for (const name of names) {
      const s = schemes.find((x) => x.name === name);
      if (!s) continue;
      if (s.type === 'http' && s.scheme?.toLowerCase() === 'bearer') kind = kind === 'user' ? 'user' : 'app';
      else if (s.type === 'oauth2' || s.type === 'openIdConnect' || (s.type === 'http' && s.scheme?.toLowerCase() === 'oauth')) kind = 'user';
      else kind ??= 'any';
    }
    kinds.add(kind ?? 'any');
  }
  const parts: TypeNode[] = [];
  if (kinds.has('any') || (kinds.has('app') && kinds.has('user'))) parts.push(typeRef('Principal'));
  else if (kinds.has('app')) parts.push(typeRef('AppPrincipal'));
  else if (kinds.has('user')) parts.push(typeRef('UserPrincipal'));
  if (kinds.has('none')) parts.push(keywordType('undefined'));
  return parts.length ? unionType(parts) : keywordType('undefined');
}

function statusType(status: string, op: OperationModel): TypeNode {
  const explicit = op.responses.filter((r) => /^\d{3}$/.test(r.status)).map((r) => Number(r.status));
  const ranges = op.responses.filter((r) => /^[1-5]XX$/i.test(r.status)).map((r) => r.status[0]);
  if (/^\d{3}$/.test(status)) return literalType(Number(status));
  if (/^[1-5]XX$/i.test(status)) {
    const base = typeRef(`Status${status[0]}XX`);
    const within = explicit.filter((s) => String(s)[0] === status[0]);
    return within.length ? typeRef('Exclude', [base, unionType(within.map((s) => literalType(s)))]) : base;
  }
  // `default`: any error status not declared on its own (see runtime/types.ts StatusDefault).
  const excluded = [...explicit.filter((s) => s >= 400).map((s) => literalType(s)), ...ranges.filter((d) => d === '4' || d === '5').map((d) => typeRef(`Status${d}XX`))];
  return excluded.length ? typeRef('Exclude', [typeRef('StatusDefault'), unionType(excluded)]) : typeRef('StatusDefault');
}

/** One possible result: `{ status; body; contentType?; headers? }` on one line. */
function resultMember(status: TypeNode, body: TypeNode | undefined, mediaType: string | undefined): TypeNode {
  const undefinedType = keywordType('undefined');
  return typeLiteral(
    [
      propertySignature('status', status),
      propertySignature('body', body ?? undefinedType, { optional: !body }),
      propertySignature('contentType', mediaType === undefined ? undefinedType : literalType(mediaType), { optional: true }),
      propertySignature('headers', typeRef('HeaderValues'), { optional: true }),
    ],
    { singleLine: true },
  );
}

function resultType(model: ApiModel, op: OperationModel): TypeNode {
  const facts = factsOf(model);
  const members: TypeNode[] = [];
  const responses = operationTypeNode('T', op, 'responses');
  const streams = facts.stream(op)?.streams ?? [];
  for (const res of op.responses) {
    const status = statusType(res.status, op);
    if (res.content.length === 0) {
      members.push(resultMember(status, undefined, undefined));
      continue;
    }
    for (const media of res.content) {
      const content = indexedAccessType(indexedAccessType(indexedAccessType(responses, literalType(res.status)), literalType('content')), literalType(media.mediaType));
      const stream = streams.find((m) => m.status === res.status && m.mediaType === media.mediaType);
      const body = stream ? streamAnswer(content, stream.format === 'sse') : responseReading(facts.media(media, 'response')) === 'bytes' ? binaryAnswer() : content;
      members.push(resultMember(status, body, media.mediaType));
    }
  }
  return unionType(members);
}

function contextInterface(op: OperationModel, n: HandlerNames, model: ApiModel): Statement {
  const t = (member: OperationMember) => operationTypeNode('T', op, member);
  // Binary bodies arrive as the request's byte stream (read it, or pipe it on, in constant memory).
  const binary = factsOf(model).requestMedia(op).some((m) => m.kind === 'binary');
  const declared = binary ? unionType([typeRef('Exclude', [t('requestBody'), binarySent()]), typeRef('ReadableStream', [typeRef('Uint8Array')])]) : t('requestBody');
  const body = op.requestBody ? (op.requestBody.required ? declared : unionType([declared, keywordType('undefined')])) : keywordType('undefined');
  return interfaceDeclaration(
    n.context,
    [
      propertySignature('params', t('pathParams')),
      propertySignature('query', t('query')),
      propertySignature('headers', t('headers')),
      propertySignature('cookies', t('cookies')),
      propertySignature('body', body),
      propertySignature('principal', principalType(op, model.securitySchemes)),
      propertySignature('request', typeRef('Request'), { doc: ['The Web request (built on first use by the Node adapter).'] }),
    ],
    [`What the \`${op.names.method}\` handler receives, parsed and validated.`],
  );
}

const RUNTIME_TYPES = ['AppPrincipal', 'HeaderValues', 'Principal', 'Status1XX', 'Status2XX', 'Status3XX', 'Status4XX', 'Status5XX', 'StatusDefault', 'UserPrincipal'];

function* handlerStatements(model: ApiModel, names: Map<OperationModel, HandlerNames>): Generator<Statement> {
  const entries = [];
  for (const op of model.operations) {
    const n = names.get(op)!;
    const doc = [op.summary, op.description, `\`${op.httpMethod} ${op.path}\``, op.deprecated ? '@deprecated' : undefined];
    yield contextInterface(op, n, model);
    yield typeAlias(n.result, resultType(model, op), [`Exactly the responses declared for \`${op.names.method}\`.`]);
    const returns = unionType([typeRef(n.result), typeRef('Promise', [typeRef(n.result)])]);
    yield typeAlias(n.handler, functionType([{ name: 'context', type: typeRef(n.context) }], returns), doc);
    entries.push(propertySignature(op.names.method, typeRef(n.handler), { doc }));
  }
  yield interfaceDeclaration('Handlers', entries, [
    'One handler per operation, keyed by operation name. Implement them in your own files (the generator',
    'never writes there) and pass them to `createHandler`; operations without a handler answer 501.',
  ]);
}

/**
 * The module after its header: imports, then per operation its context, result and handler types, then
 * `Handlers`; printed as prettier prints it, with the ranges (if any) left for prettier.
 */
export function emitHandlersModule(model: ApiModel, typesPackage: string, names: Map<OperationModel, HandlerNames>): PrintedModule {
  const facts = factsOf(model);
  const events = model.operations.some((op) => facts.stream(op)?.streams.some((m) => m.format === 'sse'));
  const runtimeTypes = events ? [...RUNTIME_TYPES, 'ServerSentEventInit'].sort() : RUNTIME_TYPES;
  // The statements are printed before the imports, which take only the runtime types they name (a spec
  // without a `2XX` response range names no `Status2XX`).
  const named = new Set<string>();
  const statements = function* () {
    for (const statement of handlerStatements(model, names)) {
      addNamesIn(statement, named);
      yield statement;
    }
  };
  const imports = () => {
    const used = runtimeTypes.filter((name) => named.has(name));
    return [...(named.has('T') ? [importNamespaceType('T', typesPackage)] : []), ...(used.length ? [importTypes(used, './runtime/types.js')] : [])];
  };
  return printFormattedModule([], statements(), imports);
}

