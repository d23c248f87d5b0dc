/* Copied by socialgen 0.1.0: the server runtime, identical for every spec. */
/**
 * The request pipeline, independent of the host: route → 501 → authenticate → rate limit → parameters
 * and body (every failure collected into one 400) → owner rule / authorize → handler → response checks.
 *
 * Hosts talk to it through `Incoming`/`Outgoing`: the Web adapter (`createWebHandler`) wraps a `Request`,
 * the Node adapter (node.ts) wraps `IncomingMessage` directly so no `Request`/`Response` objects are made
 * unless a hook or handler reads `request`.
 */
import { bodyKind, decodeUtf8, matchMediaType, parseForm, parseJson, parseMediaType } from './body.js';
import { binaryPayload, requestStream } from './stream.js';
import { checkPrincipal, planAuth, readCredentials, type AuthPlan } from './auth.js';
import {
  bodyErrors,
  parameterErrors,
  parseCookies,
  parseParameters,
  parseQueryString,
  type ParsedLocation,
} from './params.js';
import { ProblemFactory, isProblemBody, PROBLEM_MEDIA_TYPE, type ParameterError } from './problems.js';
import { Router } from './router.js';
import type {
  AnyHandler,
  ApiTable,
  HandlerResult,
  OperationValidator,
  OperationValidators,
  ParameterLocation,
  Principal,
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
  /** The body, at most `limit` bytes (`'too-large'` above it, `'aborted'` when it broke off), or null when there is none. */
  readBody(limit: number): Promise<Uint8Array | null | 'too-large' | 'aborted'>;
  /** The Web `Request` (created on demand by hosts that do not have one). */
  request(): Request;
}

export interface Outgoing {
  status: number;
  headers: Record<string, string | string[]>;
  /** A stream for binary answers (written with backpressure by the host). */
  body: string | Uint8Array | ReadableStream<Uint8Array> | null;
}

export interface Pipeline {
  handle(incoming: Incoming): Promise<Outgoing>;
}

export type WebHandler = ((request: Request) => Promise<Response>) & { readonly [PIPELINE]?: Pipeline };

/** Marks handlers made here, so the Node adapter can skip `Request`/`Response` entirely. */
export const PIPELINE = Symbol.for('socialgen.server.pipeline');

const DEFAULT_MAX_BODY = 1024 * 1024;
const DEFAULT_MAX_DEPTH = 64;
const VALIDATE_REQUEST = { direction: 'request' as const };
const VALIDATE_RESPONSE = { direction: 'response' as const };

export class ResponseMismatchError extends Error {
  constructor(
    message: string,
    readonly operation: string,
    readonly details: unknown,
  ) {
    super(message);
    this.name = 'ResponseMismatchError';
  }
}

interface CompiledOperation {
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

const EMPTY: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

/** Builds the pipeline over a table, its validators and the handlers supplied. */
export function createPipeline(
  table: ApiTable,
  validators: OperationValidators | undefined,
  handlers: Record<string, AnyHandler | undefined>,
  options: ServerOptions = {},
): Pipeline {
  const router = new Router(table.operations);
  const problemBase = (options.problemBase ?? '').replace(/\/+$/, '');
  // Problems are made relative and the base is added once, on the way out (handlers' ones too).
  const problems = new ProblemFactory(table, '');
  const maxBody = options.maxBodySize ?? DEFAULT_MAX_BODY;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const rejectUnknown = (options.unknownQueryParameters ?? 'reject') === 'reject';
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const development = options.development === true;
  const compiled = new Map<TableOperation, CompiledOperation>();

  for (const op of table.operations) {
    const handler = Object.prototype.hasOwnProperty.call(handlers, op.key) ? handlers[op.key] : undefined;
    const auth = planAuth(op, table);
    compiled.set(op, {
      op,
      handler: typeof handler === 'function' ? handler : undefined,
      validator:
        validators && Object.prototype.hasOwnProperty.call(validators, op.key) ? validators[op.key] : undefined,
      auth,
      owner: options.ownerParameters?.[op.key] ?? op.ownerParameter,
      required: op.parameters.filter((p) => p.required),
      defaults: op.parameters.filter((p) => p.default !== undefined),
      has: {
        path: op.parameters.some((p) => p.in === 'path'),
        query: op.parameters.some((p) => p.in === 'query'),
        header: op.parameters.some((p) => p.in === 'header'),
        cookie: op.parameters.some((p) => p.in === 'cookie'),
      },
      apiKeyQuery: new Set(auth.apiKeys.filter((k) => k.in === 'query').map((k) => k.name)),
      sunsetHeader: op.sunset ? httpDate(op.sunset) : undefined,
      deprecationHeader: op.deprecated ? deprecationValue(op.deprecatedAt) : undefined,
      rejectUnknown: rejectUnknown && !op.openParameters,
      responseCache: new Map(),
    });
  }

  const report = (error: unknown, operation: string | undefined, incoming: Incoming): void => {
    if (!options.onError) return;
    try {
      options.onError(error, { operation, request: incoming.request() });
    } catch {
      // A failing error hook must not turn into a failure of its own.
    }
  };

  async function handle(incoming: Incoming): Promise<Outgoing> {
    let operation: string | undefined;
    try {
      const target = incoming.target;
      const q = target.indexOf('?');
      let path = q === -1 ? target : target.slice(0, q);
      const query = q === -1 ? '' : target.slice(q + 1);
      if (basePath) {
        if (path === basePath) path = '/';
        else if (path.startsWith(basePath + '/')) path = path.slice(basePath.length);
        else return send(problems.aboutBlank(404, 'No operation is found at this path'));
      }
      const match = router.match(path);
      if (!match) return send(problems.aboutBlank(404, 'No operation is found at this path'));
      const method = incoming.method.toUpperCase();
      const op = match.entry.methods.get(method) ?? (method === 'HEAD' ? match.entry.methods.get('GET') : undefined);
      if (!op) {
        return send(
          problems.aboutBlank(405, `The method ${method.slice(0, 20)} is not allowed here`, {
            allow: match.entry.allow,
          }),
        );
      }
      const c = compiled.get(op)!;
      operation = op.key;
      if (!c.handler) return send(problems.aboutBlank(501, `The operation ${op.operationId} is not implemented`));

      // Authentication.
      let principal: Principal | undefined;
      if (!c.auth.none) {
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
        if ('unusable' in read || ('absent' in read && !c.auth.optional)) {
          const detail = 'unusable' in read ? read.unusable : 'This operation requires authentication';
          return send(
            problems.aboutBlank(401, detail, c.auth.challenges ? { 'www-authenticate': c.auth.challenges } : undefined),
          );
        }
        if ('credentials' in read) {
          const pending = options.authenticate ? options.authenticate(read.credentials, incoming.request()) : undefined;
          const found = isThenable(pending) ? await pending : pending;
          if (!found || (found.kind !== 'app' && found.kind !== 'user')) {
            return send(
              problems.aboutBlank(
                401,
                'The credentials are not valid',
                c.auth.challenges ? { 'www-authenticate': c.auth.challenges } : undefined,
              ),
            );
          }
          const check = checkPrincipal(c.auth, read.credentials, found);
          if (!check.ok) {
            if (check.reason === 'scopes') {
              return send(problems.aboutBlank(403, `Missing required scopes: ${check.missing.join(', ')}`));
            }
            return send(
              problems.unsupportedAuthentication(
                `Authenticating with ${check.presented} is forbidden for this endpoint. Supported authentication types are [${c.auth.labels.join(', ')}].`,
              ),
            );
          }
          principal = found;
        }
      }

      if (options.rateLimit) {
        const pendingDecision = options.rateLimit({ operation: op.key, principal, request: incoming.request() });
        const decision = isThenable(pendingDecision) ? await pendingDecision : pendingDecision;
        if (decision && !decision.allowed) {
          const headers: Record<string, string> = { 'x-rate-limit-reset': String(Math.ceil(decision.reset)) };
          if (decision.limit !== undefined) headers['x-rate-limit-limit'] = String(decision.limit);
          headers['x-rate-limit-remaining'] = String(decision.remaining ?? 0);
          return send(problems.aboutBlank(429, 'Too Many Requests', headers));
        }
      }

      // Parameters and body: every failure is collected into one answer.
      const errors: ParameterError[] = [];
      let params = EMPTY;
      let queryValues = EMPTY;
      let headerValues = EMPTY;
      let cookieValues = EMPTY;
      if (op.parameters.length || (query && c.rejectUnknown)) {
        const parsed = parseParameters(
          op,
          { query, pathParams: match.params, pathBadEncoding: match.badEncoding, header: (n) => incoming.header(n) },
          c.rejectUnknown,
          c.apiKeyQuery,
        );
        errors.push(...parsed.errors);
        for (const p of c.required) {
          if (!(p.name in parsed[p.in].values) && !parsed.errors.some((e) => p.name in e.parameters)) {
            errors.push({ message: `The \`${p.name}\` ${p.in} parameter is missing`, parameters: { [p.name]: [] } });
          }
        }
        const v = c.validator;
        if (v) {
          if (c.has.path) collect(errors, 'path', v.pathParams(parsed.path.values, VALIDATE_REQUEST), parsed.path);
          if (c.has.query) collect(errors, 'query', v.query(parsed.query.values, VALIDATE_REQUEST), parsed.query);
          if (c.has.header) collect(errors, 'header', v.headers(parsed.header.values, VALIDATE_REQUEST), parsed.header);
          if (c.has.cookie) collect(errors, 'cookie', v.cookies(parsed.cookie.values, VALIDATE_REQUEST), parsed.cookie);
        }
        for (const p of c.defaults)
          if (!(p.name in parsed[p.in].values)) parsed[p.in].values[p.name] = structuredClone(p.default);
        params = parsed.path.values;
        queryValues = parsed.query.values;
        headerValues = parsed.header.values;
        cookieValues = parsed.cookie.values;
      }

      let body: unknown = undefined;
      const rb = op.requestBody;
      if (rb) {
        const length = incoming.header('content-length');
        if (length !== null && /^\d+$/.test(length) && Number(length) > maxBody && !rb.binary) {
          return send(
            problems.aboutBlank(413, `The request body is larger than ${maxBody} bytes`, { connection: 'close' }),
          );
        }
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
            return send(
              problems.aboutBlank(
                415,
                `The request body must be ${rb.mediaTypes.join(' or ')}${parsedType?.charset ? ' in UTF-8' : ''}`,
                {
                  'accept-post': rb.mediaTypes.join(', '),
                },
              ),
            );
          }
        }
        // Binary bodies are handed over as a stream, unread (and so not limited by maxBodySize).
        const streamed = mediaType !== undefined && rb.binary?.includes(mediaType) === true;
        const bytes = hasBody && !streamed ? await incoming.readBody(maxBody) : null;
        if (bytes === 'too-large') {
          return send(
            problems.aboutBlank(413, `The request body is larger than ${maxBody} bytes`, { connection: 'close' }),
          );
        }
        if (bytes === 'aborted') return send(problems.aboutBlank(400, 'The request body could not be read'));
        if (streamed) body = requestStream(incoming.request());
        else if (!bytes || bytes.length === 0) {
          if (rb.required) errors.push({ message: 'The request body is required', parameters: { body: [] } });
        } else {
          const kind = bodyKind(mediaType!);
          let ok = true;
          if (kind === 'binary') body = bytes;
          else {
            const text = decodeUtf8(bytes);
            if (text === undefined) {
              errors.push({ message: 'The request body is not valid UTF-8', parameters: { body: [] } });
              ok = false;
            } else if (kind === 'json') {
              const parsedBody = parseJson(text, maxDepth);
              if (parsedBody.ok) body = parsedBody.value;
              else {
                errors.push({ message: parsedBody.message, parameters: { body: [] } });
                ok = false;
              }
            } else body = kind === 'form' ? parseForm(text) : text;
          }
          if (ok && c.validator && kind !== 'binary') {
            let result: ValidationResult;
            try {
              result = c.validator.requestBody(body, mediaType, VALIDATE_REQUEST);
            } catch (e) {
              // Only resource exhaustion on hostile input is the client's doing; anything else is ours.
              if (!(e instanceof RangeError)) throw e;
              result = {
                valid: false,
                errors: [
                  { instancePath: '', schemaPath: '', keyword: 'depth', message: 'is too deeply nested', params: {} },
                ],
              };
            }
            if (!result.valid) errors.push(...bodyErrors(result.errors, body));
          }
        }
      }
      if (errors.length) return send(problems.invalidRequest(mergeErrors(errors)));

      if (c.owner) {
        const value = params[c.owner];
        if (principal?.kind !== 'user' || String(value) !== principal.userId) {
          return send(
            problems.aboutBlank(403, `The \`${c.owner}\` path parameter must be the id of the authenticated user`),
          );
        }
      }
      const context = new Context(params, queryValues, headerValues, cookieValues, body, principal, incoming);
      if (options.authorize) {
        const refusal = await options.authorize({ operation: op.key, principal, request: incoming.request(), params });
        if (refusal) return send(refusal, c, method);
      }

      let result: HandlerResult;
      try {
        const produced = c.handler(context);
        result = isThenable(produced) ? await produced : produced;
      } catch (error) {
        report(error, op.key, incoming);
        return send(problems.aboutBlank(500));
      }
      return send(result, c, method);
    } catch (error) {
      report(error, operation, incoming);
      return send(problems.aboutBlank(500));
    }

    /** Serializes a result, checking it against the operation's declared responses. */
    function send(result: HandlerResult, c?: CompiledOperation, method?: string): Outgoing {
      const problem = (status: number, detail?: string): Outgoing => send(problems.aboutBlank(status, detail));
      if (
        typeof result !== 'object' ||
        result === null ||
        typeof result.status !== 'number' ||
        !Number.isInteger(result.status) ||
        result.status < 200 ||
        result.status > 599
      ) {
        if (c)
          report(
            new ResponseMismatchError(`The handler of ${c.op.key} returned no valid status`, c.op.key, result),
            c.op.key,
            incoming,
          );
        return problem(500);
      }
      const headers: Record<string, string | string[]> = {};
      let mediaType = result.contentType;
      if (c) {
        let declared = c.responseCache.get(result.status);
        if (declared === undefined) {
          declared = findResponse(c.op, result.status) ?? null;
          if (c.responseCache.size < 1000) c.responseCache.set(result.status, declared);
        }
        if (!declared) {
          report(
            new ResponseMismatchError(
              `The handler of ${c.op.key} answered the undeclared status ${result.status}`,
              c.op.key,
              result,
            ),
            c.op.key,
            incoming,
          );
          return problem(500, development ? `The handler answered the undeclared status ${result.status}` : undefined);
        }
        if (mediaType === undefined || !declared.mediaTypes.includes(mediaType)) {
          if (mediaType !== undefined && development) {
            report(
              new ResponseMismatchError(
                `The handler of ${c.op.key} answered ${result.status} as ${mediaType}, which is not declared`,
                c.op.key,
                result,
              ),
              c.op.key,
              incoming,
            );
            return problem(500, `The handler answered ${result.status} as ${mediaType}, which is not declared`);
          }
          mediaType = pickMediaType(declared.mediaTypes, result.body);
        }
        if (
          development &&
          c.validator &&
          result.body !== undefined &&
          mediaType &&
          !declared.binary?.includes(mediaType)
        ) {
          const check = c.validator.response(result.status, mediaType, result.body, VALIDATE_RESPONSE);
          if (!check.valid) {
            const summary = check.errors
              .slice(0, 5)
              .map((e) => `${e.instancePath || '/'} ${e.message}`)
              .join('; ');
            report(
              new ResponseMismatchError(
                `The ${result.status} response of ${c.op.key} does not match its schema: ${summary}`,
                c.op.key,
                check.errors,
              ),
              c.op.key,
              incoming,
            );
            return problem(500, `The ${result.status} ${mediaType} response does not match its schema: ${summary}`);
          }
        }
        if (c.deprecationHeader) headers['deprecation'] = c.deprecationHeader;
        if (c.sunsetHeader) headers['sunset'] = c.sunsetHeader;
      }
      let payload: Outgoing['body'] = null;
      let outBody = result.body;
      if (problemBase && isProblemBody(outBody) && outBody.type.startsWith('/'))
        outBody = { ...outBody, type: problemBase + outBody.type };
      if (outBody !== undefined && method !== 'HEAD') {
        const kind = bodyKind(mediaType ?? 'application/json');
        if (kind === 'json' || kind === 'form') {
          try {
            payload = JSON.stringify(outBody);
          } catch (error) {
            report(error, c?.op.key, incoming);
            return problem(500);
          }
          if (payload === undefined) payload = null;
        } else payload = binaryPayload(outBody) ?? String(outBody);
      }
      if (result.body !== undefined) headers['content-type'] = mediaType ?? 'application/json';
      if (result.headers) {
        for (const name of Object.keys(result.headers)) {
          const value = result.headers[name];
          const lower = name.toLowerCase();
          if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(lower)) continue;
          const values = (Array.isArray(value) ? value : [value])
            .map((v: unknown) => String(v))
            .filter((v: string) => !/[\r\n\0]/.test(v));
          if (values.length === 0) continue;
          headers[lower] = lower === 'set-cookie' ? values : values.join(', ');
        }
      }
      return { status: result.status, headers, body: payload };
    }
  }

  function collect(
    errors: ParameterError[],
    location: ParameterLocation,
    result: ValidationResult,
    parsed: ParsedLocation,
  ): void {
    if (!result.valid) errors.push(...parameterErrors(location, result.errors, parsed));
  }

  return { handle };
}

/** What a handler receives; `request` is made on first use (hosts without one build it then). */
class Context {
  readonly #incoming: Incoming;
  constructor(
    readonly params: Record<string, unknown>,
    readonly query: Record<string, unknown>,
    readonly headers: Record<string, unknown>,
    readonly cookies: Record<string, unknown>,
    readonly body: unknown,
    readonly principal: Principal | undefined,
    incoming: Incoming,
  ) {
    this.#incoming = incoming;
  }
  get request(): Request {
    return this.#incoming.request();
  }
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** Joins entries about the same single parameter, so each bad parameter appears once. */
function mergeErrors(errors: ParameterError[]): ParameterError[] {
  const out: ParameterError[] = [];
  const byName = new Map<string, ParameterError>();
  for (const e of errors) {
    const names = Object.keys(e.parameters);
    if (names.length !== 1) {
      out.push(e);
      continue;
    }
    const prev = byName.get(names[0]);
    if (!prev) {
      const copy = { message: e.message, parameters: { ...e.parameters } };
      byName.set(names[0], copy);
      out.push(copy);
    } else if (!prev.message.split('; ').includes(e.message)) {
      prev.message += '; ' + e.message;
    }
  }
  return out;
}

/** The declared response for a status: exact, then `4XX`-style ranges, then `default`. */
export function findResponse(op: TableOperation, status: number): TableOperation['responses'][number] | undefined {
  const exact = String(status);
  const range = `${exact[0]}XX`;
  let ranged: TableOperation['responses'][number] | undefined;
  let fallback: TableOperation['responses'][number] | undefined;
  for (const r of op.responses) {
    if (r.status === exact) return r;
    if (r.status.toUpperCase() === range) ranged = r;
    else if (r.status === 'default') fallback = r;
  }
  return ranged ?? (status >= 400 ? fallback : undefined);
}

function pickMediaType(declared: string[], body: unknown): string | undefined {
  if (declared.length <= 1) return declared[0];
  const problem = declared.find((m) => m.toLowerCase() === PROBLEM_MEDIA_TYPE);
  if (problem && isProblemBody(body)) return problem;
  return declared.find((m) => m.toLowerCase() !== PROBLEM_MEDIA_TYPE) ?? declared[0];
}

function httpDate(value: string): string | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toUTCString();
}

// ---------------------------------------------------------------------------------------------------
// Web-standard host
// ---------------------------------------------------------------------------------------------------

async function readStream(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array | 'too-large' | 'aborted'> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      return 'aborted';
    }
    const { done, value } = step;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** Origin-form target of an absolute URL (`http://h/p?q` → `/p?q`). */
export function originForm(url: string): string {
  const scheme = url.indexOf('://');
  if (scheme === -1) return url.startsWith('/') ? url : '/' + url;
  const slash = url.indexOf('/', scheme + 3);
  const hash = url.indexOf('#');
  const end = hash === -1 ? url.length : hash;
  if (slash === -1 || slash > end) {
    const q = url.indexOf('?', scheme + 3);
    return q === -1 || q > end ? '/' : '/' + url.slice(q, end);
  }
  return url.slice(slash, end);
}

export function fromRequest(request: Request): Incoming {
  return {
    method: request.method,
    target: originForm(request.url),
    header: (name) => request.headers.get(name),
    hasBody: () => request.body !== null,
    readBody: (limit) => (request.body ? readStream(request.body, limit) : Promise.resolve(null)),
    request: () => request,
  };
}

export function toResponse(out: Outgoing): Response {
  const headers = new Headers();
  for (const name of Object.keys(out.headers)) {
    const value = out.headers[name];
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const nullBody = out.status === 204 || out.status === 205 || out.status === 304;
  return new Response(nullBody ? null : (out.body as BodyInit | null), { status: out.status, headers });
}

/** `(request: Request) => Promise<Response>`, marked so the Node adapter can use the pipeline directly. */
export function createWebHandler(pipeline: Pipeline): WebHandler {
  const handler = async (request: Request): Promise<Response> =>
    toResponse(await pipeline.handle(fromRequest(request)));
  Object.defineProperty(handler, PIPELINE, { value: pipeline });
  return handler as WebHandler;
}

/**
 * The `Deprecation` header of a deprecated operation: RFC 9745's structured date `@<epoch seconds>` when
 * the spec gives the date (`x-deprecated-at`), else `true` (the header's earlier draft form).
 */
function deprecationValue(deprecatedAt: string | undefined): string {
  const ms = deprecatedAt ? Date.parse(deprecatedAt) : NaN;
  return Number.isNaN(ms) ? 'true' : `@${Math.floor(ms / 1000)}`;
}
