/**
 * `src/handlers.ts`: per operation a context type (what the handler receives), a result type (exactly the
 * declared responses: status literal or range, body of that status and media type) and the handler
 * signature; then `interface Handlers` keyed by `op.names.method`.
 */
import { code, docComment, ident, join, lit, propKey, raw, uniqueName, type Code } from '../../codegen/index.ts';
import { factsOf } from '../../model/facts/index.ts';
import type { ApiModel, OperationModel, SecuritySchemeModel } from '../../model/types.ts';

/** What a client may send as a binary body; the handler receives it as a stream instead. */
const BINARY_SENT = 'Blob | ArrayBuffer | Uint8Array | ReadableStream<Uint8Array>';
/** What a handler may answer for a binary media type: written as a stream, with backpressure. */
const BINARY_ANSWER = 'Blob | ArrayBuffer | Uint8Array | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>';

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
];

export function planHandlerNames(model: ApiModel): Map<OperationModel, HandlerNames> {
  const taken = new Set(FIXED_NAMES);
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
export function principalType(op: OperationModel, schemes: readonly SecuritySchemeModel[]): Code {
  if (op.security.length === 0) return raw('undefined');
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
  const parts: string[] = [];
  if (kinds.has('any') || (kinds.has('app') && kinds.has('user'))) parts.push('Principal');
  else if (kinds.has('app')) parts.push('AppPrincipal');
  else if (kinds.has('user')) parts.push('UserPrincipal');
  if (kinds.has('none')) parts.push('undefined');
  return raw(parts.length ? parts.join(' | ') : 'undefined');
}

function statusType(status: string, op: OperationModel): Code {
  const explicit = op.responses.filter((r) => /^\d{3}$/.test(r.status)).map((r) => Number(r.status));
  const ranges = op.responses.filter((r) => /^[1-5]XX$/i.test(r.status)).map((r) => r.status[0]);
  if (/^\d{3}$/.test(status)) return lit(Number(status));
  if (/^[1-5]XX$/i.test(status)) {
    const base = raw(`Status${status[0]}XX`);
    const within = explicit.filter((s) => String(s)[0] === status[0]);
    return within.length ? code`Exclude<${base}, ${join(within.map((s) => lit(s)), ' | ')}>` : base;
  }
  // `default`: any error status not declared on its own (see runtime/types.ts StatusDefault).
  const excluded: Code[] = [...explicit.filter((s) => s >= 400).map((s) => lit(s)), ...ranges.filter((d) => d === '4' || d === '5').map((d) => raw(`Status${d}XX`))];
  return excluded.length ? code`Exclude<StatusDefault, ${join(excluded, ' | ')}>` : raw('StatusDefault');
}

function resultType(model: ApiModel, op: OperationModel): Code {
  const facts = factsOf(model);
  const members: Code[] = [];
  const responses = code`T.${ident(op.names.responses)}`;
  for (const res of op.responses) {
    const status = statusType(res.status, op);
    if (res.content.length === 0) {
      members.push(code`{ status: ${status}; body?: undefined; contentType?: undefined; headers?: HeaderValues }`);
      continue;
    }
    for (const media of res.content) {
      const body =
        facts.media(media, 'response').kind === 'binary' ? raw(BINARY_ANSWER) : code`${responses}[${lit(res.status)}]['content'][${lit(media.mediaType)}]`;
      members.push(code`{ status: ${status}; body: ${body}; contentType?: ${lit(media.mediaType)}; headers?: HeaderValues }`);
    }
  }
  return members.length ? join(members.map((m) => code`\n  | ${m}`), '') : raw('never');
}

export function emitHandlers(model: ApiModel, typesPackage: string, names: Map<OperationModel, HandlerNames>): Code {
  const blocks: Code[] = [];
  const entries: Code[] = [];
  for (const op of model.operations) {
    const n = names.get(op)!;
    const doc = docComment([op.summary, op.description, `\`${op.method.toUpperCase()} ${op.path}\``, op.deprecated ? '@deprecated' : undefined]);
    // Binary bodies arrive as the request's byte stream (read it, or pipe it on, in constant memory).
    const binary = factsOf(model).requestMedia(op).some((m) => m.kind === 'binary');
    const declared = binary
      ? code`Exclude<T.${ident(op.names.requestBody)}, ${raw(BINARY_SENT)}> | ReadableStream<Uint8Array>`
      : code`T.${ident(op.names.requestBody)}`;
    const requestBody = op.requestBody ? (op.requestBody.required ? declared : code`${declared} | undefined`) : raw('undefined');
    blocks.push(code`
${docComment([`What the \`${op.names.method}\` handler receives, parsed and validated.`])}export interface ${ident(n.context)} {
  params: T.${ident(op.names.pathParams)};
  query: T.${ident(op.names.query)};
  headers: T.${ident(op.names.headers)};
  cookies: T.${ident(op.names.cookies)};
  body: ${requestBody};
  principal: ${principalType(op, model.securitySchemes)};
  /** The Web request (built on first use by the Node adapter). */
  request: Request;
}

${docComment([`Exactly the responses declared for \`${op.names.method}\`.`])}export type ${ident(n.result)} = ${resultType(model, op)};

${doc}export type ${ident(n.handler)} = (context: ${ident(n.context)}) => ${ident(n.result)} | Promise<${ident(n.result)}>;
`);
    entries.push(code`  ${doc}${propKey(op.names.method)}: ${ident(n.handler)};\n`);
  }
  return code`import type * as T from ${lit(typesPackage)};
import type { AppPrincipal, HeaderValues, Principal, Status1XX, Status2XX, Status3XX, Status4XX, Status5XX, StatusDefault, UserPrincipal } from './runtime/types.js';
${blocks}
/**
 * One handler per operation, keyed by operation name. Implement them in your own files (the generator
 * never writes there) and pass them to \`createHandler\`; operations without a handler answer 501.
 */
export interface Handlers {
${entries}}
`;
}
