/**
 * The stages of the request pipeline, one function each: route → authenticate → rate limit → parse
 * (parameters, body) → validate → authorize (owner rule, hook) → invoke → serialize (serialize.ts). A stage returns either
 * what the next one needs or `{ stop: result }`, the answer that ends the request; core.ts runs them in order.
 * Each is usable alone (tests build a `Setup` from a small table).
 */
import { bodyKind, decodeUtf8, matchMediaType, parseForm, parseJson, parseMediaType } from './body.js';
import type { FormDecoder } from './form.js';
import { requestStream } from './stream.js';
import { runWithMiddleware } from './middleware.js';
import { resultToWire, reviveContext } from './dates.js';
import { readJson } from './json64.js';
import { checkPrincipal, readCredentials, type AuthPlan } from './auth.js';
import {
  bodyErrors,
  parameterErrors,
  parseCookies,
  parseParameters,
  parseQueryString,
  type ParsedLocation,
} from './params.js';
import type { ParameterError, ProblemFactory } from './problems.js';
import type { Router, RouteMatch } from './router.js';
import type {
  AnyHandler,
  ApiTable,
  HandlerContext,
  HandlerResult,
  OperationValidator,
  ParameterLocation,
  Principal,
  RateLimitDecision,
  RateLimitHeaders,
  ServerOptions,
  TableOperation,
  TableParameter,
  ValidationResult,
} from './types.js';

/** A request as the pipeline sees it. */
export interface Incoming {
  method: string;
  /** Origin-form target: path and optional `?query`. */
  target: string;
  /** A header by lower-case name, or null. */
  header(name: string): string | null;
  /** Whether a body was sent (Node: by its framing headers; Web: `request.body !== null`). */
  hasBody(): boolean;
  /**
   * The body, at most `limit` bytes (`'too-large'` above it, `'aborted'` when it broke off, `'timeout'` when
   * it stopped arriving: the Node adapter's `bodyTimeout`), or null when there is none.
   */
  readBody(limit: number): Promise<Uint8Array | null | 'too-large' | 'aborted' | 'timeout'>;
  /** The Web `Request` (created on demand by hosts that do not have one). */
  request(): Request;
}

export interface Outgoing {
  status: number;
  headers: Record<string, string | string[]>;
  /** A stream for binary answers (written with backpressure by the host). */
  body: string | Uint8Array | ReadableStream<Uint8Array> | null;
}

/** What the pipeline knows about one operation, prepared once. */
export interface CompiledOperation {
  op: TableOperation;
  handler?: AnyHandler;
  validator?: OperationValidator;
  auth: AuthPlan;
  owner?: string;
  required: TableParameter[];
  defaults: TableParameter[];
  has: Record<ParameterLocation, boolean>;
  apiKeyQuery: Set<string>;
  sunsetHeader?: string;
  /** `Deprecation` header value: RFC 9745 `@<epoch seconds>` when the date is known. */
  deprecationHeader?: string;
  /** Unknown query parameters are rejected (the option, unless the operation is open to unlisted ones). */
  rejectUnknown: boolean;
  /** Status → declared response (or null), filled on first use. */
  responseCache: Map<number, TableOperation['responses'][number] | null>;
}

/** Everything the stages share, built once per pipeline. */
export interface Setup {
  table: ApiTable;
  router: Router;
  compiled: Map<TableOperation, CompiledOperation>;
  problems: ProblemFactory;
  options: ServerOptions;
  basePath: string;
  problemBase: string;
  maxBody: number;
  maxDepth: number;
  development: boolean;
  /** Reads form bodies by their Encoding Objects (runtime/form.ts), when the spec has any. */
  decodeForm?: FormDecoder;
  /** Hands an error to `options.onError` (a throwing hook is ignored). */
  report(error: unknown, operation: string | undefined, incoming: Incoming): void;
}

/** The answer that ends the request at this stage. */
export interface Stop {
  stop: HandlerResult;
  /** A hook's answer: checked against the operation's declared responses like a handler's. */
  declared?: true;
}

export const EMPTY: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;
const VALIDATE_REQUEST = { direction: 'request' as const };

export function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

// ---------------------------------------------------------------------------------------------------
// route
// ---------------------------------------------------------------------------------------------------

export interface Routed {
  c: CompiledOperation;
  match: RouteMatch;
  method: string;
  /** The raw query string (without `?`). */
  query: string;
}

/** Path (under the base path) and method → the operation; 404, 405, or 501 when it has no handler. */
export function route(s: Setup, incoming: Incoming): Routed | Stop {
  const target = incoming.target;
  const q = target.indexOf('?');
  let path = q === -1 ? target : target.slice(0, q);
  const query = q === -1 ? '' : target.slice(q + 1);
  if (s.basePath) {
    if (path === s.basePath) path = '/';
    else if (path.startsWith(s.basePath + '/')) path = path.slice(s.basePath.length);
    else return { stop: s.problems.aboutBlank(404, 'No operation is found at this path') };
  }
  const match = s.router.match(path);
  if (!match) return { stop: s.problems.aboutBlank(404, 'No operation is found at this path') };
  const method = incoming.method.toUpperCase();
  const op = match.entry.methods.get(method) ?? (method === 'HEAD' ? match.entry.methods.get('GET') : undefined);
  if (!op)
    return {
      stop: s.problems.aboutBlank(405, `The method ${method.slice(0, 20)} is not allowed here`, {
        allow: match.entry.allow,
      }),
    };
  const c = s.compiled.get(op)!;
  if (!c.handler) return { stop: s.problems.aboutBlank(501, `The operation ${op.operationId} is not implemented`) };
  return { c, match, method, query };
}

// ---------------------------------------------------------------------------------------------------
// authenticate
// ---------------------------------------------------------------------------------------------------

/** Credentials → principal through `options.authenticate`, checked against the operation's requirements. */
export async function authenticate(
  s: Setup,
  c: CompiledOperation,
  incoming: Incoming,
  query: string,
): Promise<{ principal: Principal | undefined } | Stop> {
  if (c.auth.none) return { principal: undefined };
  let cookies: Map<string, string[]> | undefined;
  let queryMap: Map<string, string[]> | undefined;
  const read = readCredentials(
    c.auth,
    incoming.header('authorization'),
    c.auth.apiKeys.length === 0
      ? undefined
      : {
          header: (name) => incoming.header(name),
          query: (name) => (queryMap ??= parseQueryString(query, new Set())).get(name)?.[0],
          cookie: (name) => (cookies ??= parseCookies(incoming.header('cookie'))).get(name)?.[0],
        },
  );
  const challenge = c.auth.challenges ? { 'www-authenticate': c.auth.challenges } : undefined;
  if ('unusable' in read || ('absent' in read && !c.auth.optional)) {
    return {
      stop: s.problems.aboutBlank(
        401,
        'unusable' in read ? read.unusable : 'This operation requires authentication',
        challenge,
      ),
    };
  }
  if (!('credentials' in read)) return { principal: undefined };
  const pending = s.options.authenticate ? s.options.authenticate(read.credentials, incoming.request()) : undefined;
  const found = isThenable(pending) ? await pending : pending;
  if (!found || (found.kind !== 'app' && found.kind !== 'user'))
    return { stop: s.problems.aboutBlank(401, 'The credentials are not valid', challenge) };
  const check = checkPrincipal(c.auth, read.credentials, found);
  if (check.ok) return { principal: found };
  if (check.reason === 'scopes')
    return { stop: s.problems.aboutBlank(403, `Missing required scopes: ${check.missing.join(', ')}`) };
  return {
    stop: s.problems.unsupportedAuthentication(
      `Authenticating with ${check.presented} is forbidden for this endpoint. Supported authentication types are [${c.auth.labels.join(', ')}].`,
    ),
  };
}

// ---------------------------------------------------------------------------------------------------
// rate limit
// ---------------------------------------------------------------------------------------------------

/** `options.rateLimit`: a refusal is a 429 with the spec's rate-limit headers. */
export async function rateLimit(
  s: Setup,
  c: CompiledOperation,
  principal: Principal | undefined,
  incoming: Incoming,
): Promise<Stop | undefined> {
  if (!s.options.rateLimit) return undefined;
  const pending = s.options.rateLimit({ operation: c.op.key, principal, request: incoming.request() });
  const decision = isThenable(pending) ? await pending : pending;
  if (decision && !decision.allowed)
    return {
      stop: s.problems.aboutBlank(429, 'Too Many Requests', rateLimitHeaders(s.table.rateLimitHeaders, decision)),
    };
  return undefined;
}

/**
 * The headers of a refused rate-limit decision, named by the spec (`x-ratelimit-field`); without a `reset`
 * header, the standard `Retry-After` (seconds from now) says when to retry.
 */
export function rateLimitHeaders(
  names: RateLimitHeaders,
  decision: RateLimitDecision,
  now = Date.now(),
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (names.reset) headers[names.reset] = String(Math.ceil(decision.reset));
  else headers['retry-after'] = String(Math.max(0, Math.ceil(decision.reset - now / 1000)));
  if (names.limit && decision.limit !== undefined) headers[names.limit] = String(decision.limit);
  if (names.remaining) headers[names.remaining] = String(decision.remaining ?? 0);
  return headers;
}

// ---------------------------------------------------------------------------------------------------
// parse
// ---------------------------------------------------------------------------------------------------

export interface ParsedParameters {
  /** Null when the operation has no parameters and the query is empty (nothing to parse). */
  locations: Record<ParameterLocation, ParsedLocation> | null;
  errors: ParameterError[];
}

/** Path, query, header and cookie parameters as parsed from the wire; missing required ones are errors. */
export function parseRequestParameters(r: Routed, incoming: Incoming): ParsedParameters {
  const { c, match, query } = r;
  if (!c.op.parameters.length && !(query && c.rejectUnknown)) return { locations: null, errors: [] };
  const parsed = parseParameters(
    c.op,
    { query, pathParams: match.params, pathBadEncoding: match.badEncoding, header: (n) => incoming.header(n) },
    c.rejectUnknown,
    c.apiKeyQuery,
  );
  const errors = [...parsed.errors];
  for (const p of c.required) {
    if (!(p.name in parsed[p.in].values) && !parsed.errors.some((e) => p.name in e.parameters)) {
      errors.push({ message: `The \`${p.name}\` ${p.in} parameter is missing`, parameters: { [p.name]: [] } });
    }
  }
  return {
    locations: { path: parsed.path, query: parsed.query, header: parsed.header, cookie: parsed.cookie },
    errors,
  };
}

export interface ParsedBody {
  body: unknown;
  mediaType: string | undefined;
  /** Whether `body` is a value the validator can check (read, decoded and parsed, not binary). */
  checkable: boolean;
  errors: ParameterError[];
}

/** The request body: size limit, media type (415), UTF-8, JSON (depth-limited) or form; 413 and broken bodies stop. */
export async function parseBody(s: Setup, c: CompiledOperation, incoming: Incoming): Promise<ParsedBody | Stop> {
  const rb = c.op.requestBody;
  const none: ParsedBody = { body: undefined, mediaType: undefined, checkable: false, errors: [] };
  if (!rb) return none;
  const tooLarge = (): Stop => ({
    stop: s.problems.aboutBlank(413, `The request body is larger than ${s.maxBody} bytes`, { connection: 'close' }),
  });
  const length = incoming.header('content-length');
  if (length !== null && /^\d+$/.test(length) && Number(length) > s.maxBody && !rb.binary) return tooLarge();
  const contentType = incoming.header('content-type');
  const hasBody = incoming.hasBody() || contentType !== null;
  let mediaType: string | undefined;
  if (hasBody) {
    const parsedType = parseMediaType(contentType);
    mediaType = parsedType ? matchMediaType(parsedType.essence, rb.mediaTypes) : undefined;
    if (
      !parsedType ||
      !mediaType ||
      (parsedType.charset &&
        parsedType.charset !== 'utf-8' &&
        parsedType.charset !== 'utf8' &&
        bodyKind(mediaType) !== 'binary')
    ) {
      return {
        stop: s.problems.aboutBlank(
          415,
          `The request body must be ${rb.mediaTypes.join(' or ')}${parsedType?.charset ? ' in UTF-8' : ''}`,
          { 'accept-post': rb.mediaTypes.join(', ') },
        ),
      };
    }
  }
  // Binary bodies are handed over as a stream, unread (and so not limited by maxBodySize).
  if (hasBody && mediaType !== undefined && rb.binary?.includes(mediaType) === true) {
    return { body: requestStream(incoming.request()), mediaType, checkable: false, errors: [] };
  }
  const bytes = hasBody ? await incoming.readBody(s.maxBody) : null;
  if (bytes === 'too-large') return tooLarge();
  if (bytes === 'aborted') return { stop: s.problems.aboutBlank(400, 'The request body could not be read') };
  if (bytes === 'timeout')
    return {
      stop: s.problems.aboutBlank(408, 'The request body stopped arriving before its end', { connection: 'close' }),
    };
  if (!bytes || bytes.length === 0) {
    return {
      ...none,
      errors: rb.required ? [{ message: 'The request body is required', parameters: { body: [] } }] : [],
    };
  }
  const form = s.decodeForm && rb.forms?.find((f) => f.mediaType === mediaType);
  if (form) {
    const parsed = await s.decodeForm!(bytes, contentType!, form, s.maxDepth);
    if (!parsed.ok) return { ...none, mediaType, errors: [{ message: parsed.message, parameters: { body: [] } }] };
    return { body: parsed.value, mediaType, checkable: true, errors: [] };
  }
  const kind = bodyKind(mediaType!);
  if (kind === 'binary') return { body: bytes, mediaType, checkable: false, errors: [] };
  const text = decodeUtf8(bytes);
  if (text === undefined)
    return {
      ...none,
      mediaType,
      errors: [{ message: 'The request body is not valid UTF-8', parameters: { body: [] } }],
    };
  if (kind !== 'json')
    return { body: kind === 'form' ? parseForm(text) : text, mediaType, checkable: true, errors: [] };
  // `int64: 'bigint'`: the integers at the body's int64 positions are read exactly, as `bigint`s.
  const wide = c.op.int64?.body;
  const plans = s.table.int64Plans ?? {};
  const parsed = parseJson(text, s.maxDepth, wide ? (t) => readJson(t, wide, plans) : undefined);
  if (!parsed.ok) return { ...none, mediaType, errors: [{ message: parsed.message, parameters: { body: [] } }] };
  return { body: parsed.value, mediaType, checkable: true, errors: [] };
}

// ---------------------------------------------------------------------------------------------------
// validate
// ---------------------------------------------------------------------------------------------------

/**
 * Each location and the body against the generated validators (errors by part); then the parameters'
 * defaults are filled in.
 */
export function validate(
  c: CompiledOperation,
  params: ParsedParameters,
  body: ParsedBody,
): { parameters: ParameterError[]; body: ParameterError[] } {
  const errors: ParameterError[] = [];
  const bodyErrorsFound: ParameterError[] = [];
  const v = c.validator;
  const at = params.locations;
  if (at) {
    if (v) {
      const collect = (location: ParameterLocation, result: ValidationResult) => {
        if (!result.valid) errors.push(...parameterErrors(location, result.errors, at[location]));
      };
      if (c.has.path) collect('path', v.pathParams(at.path.values, VALIDATE_REQUEST));
      if (c.has.query) collect('query', v.query(at.query.values, VALIDATE_REQUEST));
      if (c.has.header) collect('header', v.headers(at.header.values, VALIDATE_REQUEST));
      if (c.has.cookie) collect('cookie', v.cookies(at.cookie.values, VALIDATE_REQUEST));
    }
    for (const p of c.defaults) if (!(p.name in at[p.in].values)) at[p.in].values[p.name] = structuredClone(p.default);
  }
  if (v && body.checkable) {
    let result: ValidationResult;
    try {
      result = v.requestBody(body.body, body.mediaType, VALIDATE_REQUEST);
    } catch (e) {
      // Only resource exhaustion on hostile input is the client's doing; anything else is ours.
      if (!(e instanceof RangeError)) throw e;
      result = {
        valid: false,
        errors: [{ instancePath: '', schemaPath: '', keyword: 'depth', message: 'is too deeply nested', params: {} }],
      };
    }
    if (!result.valid) bodyErrorsFound.push(...bodyErrors(result.errors, body.body));
  }
  return { parameters: errors, body: bodyErrorsFound };
}

/** Joins entries about the same single parameter, so each bad parameter appears once. */
export function mergeErrors(errors: ParameterError[]): ParameterError[] {
  const out: ParameterError[] = [];
  const byName = new Map<string, ParameterError>();
  for (const e of errors) {
    const names = Object.keys(e.parameters);
    if (names.length !== 1) {
      out.push(e);
      continue;
    }
    const prev = byName.get(names[0]!);
    if (!prev) {
      const copy = { message: e.message, parameters: { ...e.parameters } };
      byName.set(names[0]!, copy);
      out.push(copy);
    } else if (!prev.message.split('; ').includes(e.message)) {
      prev.message += '; ' + e.message;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// authorize
// ---------------------------------------------------------------------------------------------------

/** The owner rule (a path parameter must be the user's id), then `options.authorize`. */
export async function authorize(
  s: Setup,
  c: CompiledOperation,
  params: Record<string, unknown>,
  principal: Principal | undefined,
  incoming: Incoming,
): Promise<Stop | undefined> {
  if (c.owner) {
    const value = params[c.owner];
    if (principal?.kind !== 'user' || String(value) !== principal.userId) {
      return {
        stop: s.problems.aboutBlank(403, `The \`${c.owner}\` path parameter must be the id of the authenticated user`),
      };
    }
  }
  if (!s.options.authorize) return undefined;
  const refusal = await s.options.authorize({ operation: c.op.key, principal, request: incoming.request(), params });
  return refusal ? { stop: refusal, declared: true } : undefined;
}

// ---------------------------------------------------------------------------------------------------
// invoke
// ---------------------------------------------------------------------------------------------------

/** Runs the handler; what it throws is reported and answered with a bare 500. */
export async function invoke(
  s: Setup,
  c: CompiledOperation,
  context: unknown,
  incoming: Incoming,
): Promise<HandlerResult> {
  // `dates: 'Date'`: Dates in, wire strings out (validation saw and sees the strings).
  const dates = c.op.dates;
  if (dates) {
    const schemas = s.table.datePlans ?? {};
    return resultToWire(
      await answer(s, c, reviveContext(context as HandlerContext, dates, schemas), incoming),
      dates,
      schemas,
    );
  }
  return answer(s, c, context, incoming);
}

async function answer(s: Setup, c: CompiledOperation, context: unknown, incoming: Incoming): Promise<HandlerResult> {
  const hooks = s.options.middleware;
  if (hooks?.length) {
    const report = (error: unknown) => s.report(error, c.op.key, incoming);
    return runWithMiddleware(hooks, context as HandlerContext, {
      operation: c.op.key,
      ...(c.op.idempotencyKey === undefined ? {} : { idempotencyKey: c.op.idempotencyKey }),
      handler: c.handler!,
      problems: s.problems,
      report,
    });
  }
  try {
    const produced = c.handler!(context);
    return isThenable(produced) ? await produced : produced;
  } catch (error) {
    s.report(error, c.op.key, incoming);
    return s.problems.aboutBlank(500);
  }
}
