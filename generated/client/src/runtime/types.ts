/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * Types shared by the client runtime. This file is copied verbatim into the generated package
 * (`src/runtime/types.ts`). It holds no spec content: everything spec-specific arrives as `OperationSpec`
 * values (generated `src/operations.ts`) and as the generated types and validators packages.
 */

// ---------------------------------------------------------------------------------------------------
// The operation table (generated from the model, see emit/client/operations.ts)
// ---------------------------------------------------------------------------------------------------

import type { Feature } from './core.js';
import type { DateCodec } from './dates.js';
import type { ExtraAuth } from './auth-extra.js';
import type { BodyEncoder } from './form.js';
import type { QueryWriter } from './extra-query.js';
import type { ParamWriter } from './serialize.js';

/** OpenAPI's styles; `cookie` is OAS 3.2's (cookie pairs, values sent as they are). */
export type ParamStyle =
  'matrix' | 'label' | 'form' | 'simple' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject' | 'cookie';

/**
 * One parameter. Omitted `style`/`explode` mean OpenAPI's default for the location; a style other than
 * `simple` and `form` needs the entry's `styles`.
 */
export interface ParamSpec {
  /** The name on the wire, as in the spec. */
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  style?: ParamStyle;
  explode?: boolean;
  /** Key in the call's argument when it differs from `name` (two locations share a name). */
  key?: string;
  /** `allowReserved: true`: RFC 3986 reserved characters are sent unencoded. */
  reserved?: true;
  /** Described with `content: application/json`: the value is sent as JSON text. */
  json?: true;
  /** `format: date`: a `Date` is sent as `YYYY-MM-DD` instead of a full RFC 3339 date-time. */
  date?: true;
  /**
   * OAS 3.2 `in: querystring` (its `in` is `query`): the value is the whole query string, `form`
   * (application/x-www-form-urlencoded pairs of its members) or `json` (JSON text, percent-encoded).
   */
  querystring?: 'form' | 'json';
}

/** A credential kind an operation's security requirement names (resolved from the security schemes). */
export type AuthKind =
  | 'bearer' // http bearer: a token of its own
  | 'oauth2' // oauth2 / openIdConnect: an OAuth 2.0 access token
  | 'oauth1' // http `oauth`: OAuth 1.0a (request signing)
  | 'basic' // http basic
  | { apiKey: string; in: 'header' | 'query' | 'cookie'; name: string };

/**
 * How one member of a form body (`application/x-www-form-urlencoded`, `multipart/form-data`) is written,
 * from the Encoding Object with OpenAPI's defaults applied. Members without an entry are sent by their
 * value: a `Blob` as a file part, an object as JSON, an array as one field per item, anything else as text.
 */
export interface FormFieldSpec {
  /** The member's name in the body (the part or field name). */
  name: string;
  /** By content type (no `style`): the media type of each value (`application/json`, `image/png, image/jpeg`...). */
  type?: string;
  /** Styled like a `query` parameter (RFC 6570): `style`, `explode` and `allowReserved` written in the spec. */
  style?: ParamStyle;
  explode?: boolean;
  /** `allowReserved: true`. */
  reserved?: true;
  /** Part headers whose values the spec fixes (multipart), `[name, value]`. */
  headers?: readonly (readonly [string, string])[];
}

/** One position of a positional multipart body (OAS 3.2 `prefixEncoding` / `itemEncoding`). */
export interface PartSpec {
  /** The part's media type (the first concrete one of a list is sent). */
  type: string;
  /** Part headers whose values the spec fixes, `[name, value]`. */
  headers?: readonly (readonly [string, string])[];
}

/**
 * How an operation pages (docs/pagination.md): a body token (`token` + `next`), the last item (`token` +
 * `last` + `more`), the `Link` header (`link`), a next URL in the body (`url`), a token in a response
 * header (`token` + `header`), a token in the request body (`member` + `next`), an offset (`offset` +
 * `size`) or a page number (`page` + `first`).
 */
/** The type of a token parameter that is not a string (`bigint`: an int64 integer read with `int64: 'bigint'`). */
export type TokenType = 'integer' | 'number' | 'boolean' | 'bigint';

export interface PaginationSpec {
  /** Query parameter (argument key) that takes the token. */
  token?: string;
  /** JSON pointer of the next token in the success body. */
  next?: string;
  /** JSON pointer, into the last item, of the token (e.g. `/id`); pages continue while `more` is true. */
  last?: string;
  /** JSON pointer of the "more pages" flag in the success body. */
  more?: string;
  /** The next page is the `Link: <…>; rel="next"` response header. */
  link?: true;
  /** JSON pointer of the next page's URL in the success body (its query is sent on the operation's path). */
  url?: string;
  /** Response header that carries the next token (sent in `token`). */
  header?: string;
  /** The `token` parameter's type when not a string: the header's text is sent back as that value (`headerToken`). */
  tokenType?: TokenType;
  /** JSON pointer of the member of the JSON request body that takes the token (read at `next`): `/start_cursor`, `/page/cursor`. */
  member?: string;
  /** Query parameter (argument key) of the offset: the next page starts after this one's items. */
  offset?: string;
  /** Query parameter (argument key) of the page number, counted up from `first`. */
  page?: string;
  first?: number;
  /** Query parameter (argument key) of the page size, and the size the API uses when none is sent. */
  size?: string;
  sizeDefault?: number;
  /** JSON pointer of the number of items of the whole listing. */
  total?: string;
  /** JSON pointer of the items array in the success body (default `/data`; `''` is the body itself). */
  items?: string;
}

export interface OperationSpec {
  /** The client method name (`op.names.method`), also the key of `operationValidators`. */
  id: string;
  /** The HTTP method token, as sent. */
  method: string;
  /**
   * The method is idempotent though the runtime does not know it as such (an OAS 3.2 additional method from
   * the IANA registry, such as `LINK`): retried after network failures like GET.
   */
  idempotent?: boolean;
  /** Path template, `{name}` placeholders. */
  path: string;
  params?: readonly ParamSpec[];
  /** Media type of the request body, when the operation takes one. */
  body?: string;
  /** Form bodies: the members whose encoding is not the default one (see `FormFieldSpec`). */
  form?: readonly FormFieldSpec[];
  /** A multipart body whose schema is an array (OAS 3.2): its parts by position (`encodeParts`). */
  parts?: { prefix: readonly PartSpec[]; items?: PartSpec };
  /**
   * Encoder of the request body: `encodeBody` (JSON, or as given) or `encodeForm` (forms), on the entries of
   * the operations that take a body, so only their bundles carry it. Without it a `body` argument is not sent.
   */
  encode?: BodyEncoder;
  /** Applies http `basic`, `apiKey` and OAuth 1.0a credentials (`extraAuth`): on the entries of the operations whose security has them. */
  extraAuth?: ExtraAuth;
  /**
   * Writer of the parameters (`writeParam` of styles.ts): on the entries of the operations with a header or
   * cookie parameter, a style other than `simple` and `form`, `allowReserved`, JSON content or a `format:
   * date` parameter; the core writes the others itself (path and query parameters in the default styles).
   */
  styles?: ParamWriter;
  /**
   * Security alternatives, each a list of kinds that must all be satisfied. Absent or `[]`: no
   * authentication. An empty alternative (`[]`) makes authentication optional.
   */
  security?: readonly (readonly AuthKind[])[];
  /**
   * How `client.paginate` follows the pages (`paginate(rt, op, ...)` reads it). Generated entries leave it
   * out: `createClient` passes the generated `paginations` table, so a standalone call does not carry it.
   */
  paginate?: PaginationSpec;
  /** The success body is a stream of items (or, with `stream.when`, is one when the call asks for it). */
  stream?: StreamSpec;
  /** Success media types (lower-case essences, `type/*` wildcards) whose bodies are bytes: read as a `Blob`. */
  binary?: readonly string[];
  /** Reads the answer's body instead of the default (`decodeBinary`, body.ts: on the entries that have `binary`). */
  decode?: (op: OperationSpec, res: Response, parseAs: ParseAs | undefined) => Promise<unknown>;
  /** The spec does not list every parameter (`x-open-parameters`): writes the `extraQuery` argument. */
  openQuery?: QueryWriter;
  /** The operation is deprecated: since this RFC 3339 date or date-time, or `true` when the date is not given. */
  deprecated?: string | true;
  /** Lower-cased names of the response headers carrying rate-limit values (the spec's `x-ratelimit-field`). */
  rateLimit?: RateLimitHeaders;
  /**
   * Features of this operation only (see `Feature`), around the client's: `deprecation` on deprecated
   * operations, the dates codec on operations that send or receive dates. Only the bundles calling them
   * carry their code.
   */
  hooks?: readonly Feature[];
  /** The header of the operation's idempotency key (with the `idempotency` hook): a key per call, retried like a `PUT`. */
  idempotencyKey?: string;
  /** Generated with `int64: 'bigint'`: reads one streamed item's JSON text, its int64 integers as `bigint`s (int64.ts). */
  readItem?: (text: string) => unknown;
  /** Generated with `dates: 'Date'`: where the dates are in the request body, success and error bodies, and the converter. */
  dates?: { body?: DatePlan; ok?: DatePlan; error?: DatePlan; items?: DatePlan; codec: DateCodec };
}

/**
 * Where the dates are in a value (see model/dates.ts): a date (`date-time`, `date`), members of an object
 * (`p`), every item (`i`), every additional member (`m`), a named schema's plan (`r`), plans that all apply (`u`).
 */
export type DatePlan =
  | 'date-time'
  | 'date'
  | { p: Record<string, DatePlan> }
  | { i: DatePlan }
  | { m: DatePlan }
  | { r: string }
  | { u: DatePlan[] };

/** How items of a streamed body are framed: event stream, one JSON text per line, RFC 7464 JSON text sequence. */
export type StreamFormat = 'sse' | 'ndjson' | 'json-seq';

/** A problem matcher: problem member → regular expression its value (as text) must match. */
export type ProblemMatcher = Readonly<Record<string, string>>;

export interface StreamSpec {
  /** The streamed success media types (lower-case essences) and their framing; the first serves unlisted content types. */
  media: readonly { type: string; format: StreamFormat; json?: true }[];
  /** Dual-mode operations: the request-body member that asks for the stream when it is `true`. */
  when?: string;
  /** In-stream values that are problems ending the connection (the spec's `x-streaming.problems`). */
  problems?: readonly ProblemMatcher[];
  /** Problems after which the stream is not reconnected (the spec's `x-streaming.reconnect.unless`). */
  reconnectUnless?: readonly ProblemMatcher[];
}

/** One event of a `text/event-stream` body: its type, `data` (parsed JSON when the spec's schema is an object or array), id and retry. */
export interface ServerSentEvent<T = string> {
  /** The event type (`message` unless an `event` field named another). */
  event: string;
  data: T;
  /** The last event id at dispatch (`''` when none was set). */
  id: string;
  /** The reconnection time in ms the server last set with `retry`, if it did. */
  retry?: number;
}

/** Query parameters the spec does not list, for operations open to them. `undefined` members are left out. */
export type ExtraQuery = Record<string, string | number | boolean | readonly (string | number | boolean)[] | undefined>;

/** What `onDeprecated` receives, once per deprecated operation per client. */
export interface DeprecationNotice {
  /** The client method (`OperationSpec.id`). */
  operation: string;
  /** When the deprecation took effect, when the spec says. */
  deprecatedAt?: string;
}

export interface RateLimitHeaders {
  /** UNIX epoch seconds at which the window resets. */
  reset?: string;
  limit?: string;
  remaining?: string;
}

// ---------------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------------

/**
 * A token: the token itself, a function returning it, or a provider with refresh (`oauth2Session`).
 * `getAccessToken(true)` is called once after a 401 to force a refresh.
 */
export type TokenSource =
  string | (() => string | Promise<string>) | { getAccessToken(forceRefresh?: boolean): string | Promise<string> };

/** What a request signer sees: the final URL (with query) and, for form bodies, the form parameters. */
export interface SignableRequest {
  method: string;
  url: string;
  body?: URLSearchParams | undefined;
}

/** Returns the `Authorization` header value for a request (OAuth 1.0a: see `oauth1`). */
export type RequestSigner = (request: SignableRequest) => string | Promise<string>;

export interface AuthOptions {
  /** Bearer token (operations secured by an http `bearer` scheme). */
  bearer?: TokenSource | undefined;
  /** OAuth 2.0 access token: a string, a function, or `oauth2Session(...)` for refresh. */
  oauth2?: TokenSource | undefined;
  /** OAuth 1.0a request signing: `oauth1({ consumerKey, consumerSecret, token, tokenSecret })`. */
  oauth1?: RequestSigner | undefined;
  /** HTTP basic credentials. */
  basic?: { username: string; password: string } | undefined;
  /** Values of `apiKey` schemes, by security scheme name. */
  apiKeys?: Record<string, string> | undefined;
}

export interface RetryOptions {
  /** Retries after the first attempt (429 waits, 503s and network failures together). Default 2. */
  retries?: number | undefined;
  /** First backoff delay; doubles per retry, with jitter. Default 500 ms. */
  baseDelayMs?: number | undefined;
  /** Cap of one backoff delay. Default 10 s. */
  maxDelayMs?: number | undefined;
  /**
   * Longest wait for the rate-limit reset (or `Retry-After`) after a 429. A reset further away rejects at once with a
   * `RateLimitError`. Default 60 s.
   */
  maxRateLimitWaitMs?: number | undefined;
}

export interface StreamOptions {
  /**
   * Reconnection after a dropped connection (clean end, network failure, idle timeout, or a disconnect
   * problem that allows it), sending `Last-Event-ID` when an event stream set an id. `false` disables it.
   * Default: on for `GET` operations, off for others (re-sending a `POST` could repeat its effect) unless
   * given here. Delays double from `initialDelayMs` to `maxDelayMs` with jitter (an event stream's `retry`
   * replaces them); after `maxAttempts` consecutive failed reconnections the iteration throws.
   */
  reconnect?: false | { maxAttempts?: number; initialDelayMs?: number; maxDelayMs?: number } | undefined;
  /** Reconnect when nothing (not even a keep-alive line) arrived for this long. Default 30 s; 0 disables. */
  idleTimeoutMs?: number | undefined;
  /** Decides whether a disconnect problem received on the stream allows reconnecting (default: the spec's rule). */
  shouldReconnect?: ((problem: ProblemLike) => boolean) | undefined;
  /** Event streams: the `data` that ends the stream (not yielded, no reconnection). Default `[DONE]`; `false`: none. */
  sentinel?: string | false | undefined;
}

export interface ValidateOptions {
  /** Validate path, query, header parameters and the body before sending (throws `RequestValidationError`). */
  request?: boolean | undefined;
  /** Validate success bodies (throws `ResponseValidationError`). */
  response?: boolean | undefined;
}

export interface RuntimeOptions {
  /** Base URL the operation paths are appended to, e.g. `https://api.example.com`. */
  baseUrl: string;
  auth?: AuthOptions | undefined;
  /** The fetch to use; default `globalThis.fetch` at call time. */
  fetch?: typeof fetch | undefined;
  /** Headers sent with every request. An `Authorization` header here is sent as is. */
  headers?: HeadersInit | undefined;
  /**
   * Per-attempt timeout in ms (for streams: until the response headers). Default 30 s; 0 disables.
   * `createCore`: needs the `timeouts` feature (without it, no timeout).
   */
  timeoutMs?: number | undefined;
  /**
   * `false` disables retries and rate-limit waits. `createCore`: options need the `retries` feature (without
   * it, one attempt).
   */
  retry?: RetryOptions | false | undefined;
  validate?: ValidateOptions | undefined;
  stream?: StreamOptions | undefined;
  /** Called once per client for each deprecated operation, on its first call (e.g. to log a warning). */
  onDeprecated?: ((notice: DeprecationNotice) => void) | undefined;
  /** Hooks around every attempt's `fetch`, in this order (see `Middleware`); a call's own run inside them. */
  middleware?: readonly Middleware[] | undefined;
  /**
   * `false`: every call resolves to `{ data, error, response }` (see `ApiResult`) instead of rejecting with
   * `ApiError`; a call's own `throwOnError` wins. Pass it as a literal so the client's type follows it.
   * Failures without a response (network, timeout, abort, credentials, validation), pages and streams
   * still throw. Default `true`. `createCore`: needs the `results` feature.
   */
  throwOnError?: boolean | undefined;
}

// ---------------------------------------------------------------------------------------------------
// Middleware (runtime/middleware.ts)
// ---------------------------------------------------------------------------------------------------

/** What every hook sees besides its own arguments. */
export interface MiddlewareContext {
  /** The client method (`OperationSpec.id`). */
  operation: string;
  /** 0 for the first attempt, counting retries (each attempt runs the hooks again). */
  attempt: number;
  /** The client's fetch, for sending a request again (e.g. after refreshing a token); it skips the hooks. */
  fetch: typeof fetch;
}

/**
 * Hooks around one attempt of a call, credentials already applied. `onRequest` runs in registration order
 * and may return a replacement `Request`, or a `Response` to answer without fetching; `onResponse` and
 * `onError` run in reverse order (the first middleware sees the request first and the response last).
 * `onResponse` may return a replacement `Response` (any status: a 401 answered by a replay after a token
 * refresh). `onError` receives a failed fetch or an error a hook threw: a returned `Response` recovers, a
 * returned `Error` replaces the error. A hook returning nothing leaves things as they are.
 */
export interface Middleware {
  onRequest?(
    context: MiddlewareContext & { request: Request },
  ): Request | Response | undefined | void | Promise<Request | Response | undefined | void>;
  onResponse?(
    context: MiddlewareContext & { request: Request; response: Response },
  ): Response | undefined | void | Promise<Response | undefined | void>;
  onError?(
    context: MiddlewareContext & { request: Request; error: unknown },
  ): Response | Error | undefined | void | Promise<Response | Error | undefined | void>;
}

/** The second argument of every method. */
/** How a success body is read: `blob`, `arrayBuffer`, the unread byte `stream`, or the raw `response`. */
export type ParseAs = 'blob' | 'arrayBuffer' | 'stream' | 'response';

export interface CallOptions {
  signal?: AbortSignal | undefined;
  /** Read the success body as this instead of the default (JSON parsed, binary as `Blob`, else text). */
  parseAs?: ParseAs | undefined;
  /** Headers for this call; they override the client's. An `Authorization` header is sent as is. */
  headers?: HeadersInit | undefined;
  /**
   * Query parameters for this call, sent after the operation's own (`form`, exploded). A name the operation
   * declares replaces that argument's value. `createCore`: needs the `extraQuery` feature.
   */
  query?: ExtraQuery | undefined;
  /** Middleware for this call only, run inside the client's. */
  middleware?: readonly Middleware[] | undefined;
  timeoutMs?: number | undefined;
  retry?: RetryOptions | false | undefined;
  /** Multipart bodies: extra headers of the parts of a member, by member name (the spec's encoding `headers`). */
  partHeaders?: Record<string, HeadersInit> | undefined;
  /**
   * `false`: this call resolves to `{ data, error, response }` instead of rejecting with `ApiError` (overrides
   * the client's). `createCore`: needs the `results` feature.
   */
  throwOnError?: boolean | undefined;
}

/** Pages and streams throw whatever the client's `throwOnError`: an iteration has no place for an error result. */
export interface PaginateOptions extends Omit<CallOptions, 'throwOnError'> {
  /** Stop after this many pages. */
  maxPages?: number | undefined;
  /** Stop once this many items were seen (`items()` yields exactly this many at most). */
  maxItems?: number | undefined;
}

export interface StreamCallOptions extends Omit<CallOptions, 'throwOnError'>, StreamOptions {}

// ---------------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------------

/** The parsed rate-limit headers the spec names; members absent when the header was absent or not a number. */
export interface RateLimit {
  limit?: number | undefined;
  remaining?: number | undefined;
  /** The reset header (epoch seconds) as a Date. */
  reset?: Date | undefined;
}

/** A successful call with its response metadata. The body has been read; `data` is its parsed value. */
export interface ApiResponse<T, S extends number = number> {
  data: T;
  status: S;
  headers: Headers;
  rateLimit: RateLimit | undefined;
  /** The final `Response` (after retries); its body is already consumed. */
  response: Response;
}

/** What the operation methods return: awaiting it gives the body; `withResponse()` gives status and headers too. */
export interface ApiPromise<T, S extends number = number> extends PromiseLike<T> {
  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R>;
  finally(onfinally?: (() => void) | null): Promise<T>;
  withResponse(): Promise<ApiResponse<T, S>>;
}

/**
 * What a call with `throwOnError: false` resolves to: the success body in `data` (and `error` undefined), or
 * the declared error body of a failed status in `error` (and `data` undefined); check `error` to narrow.
 */
export type ApiResult<T, S extends number = number, E = unknown> =
  | (ApiResponse<T, S> & { error: undefined })
  | {
      data: undefined;
      error: E;
      status: number;
      headers: Headers;
      rateLimit: RateLimit | undefined;
      response: Response;
    };

/** What a method returns with `throwOnError: false`: a promise of the result; `withResponse()` is the same result. */
export interface ResultPromise<T, S extends number = number, E = unknown> extends Promise<ApiResult<T, S, E>> {
  withResponse(): Promise<ApiResult<T, S, E>>;
}

/** Whether a call throws: the call's options' `throwOnError` when they set it to a literal, else the client's `F`. */
export type Throws<O, F extends boolean> = O extends { throwOnError: infer X extends boolean } ? X : F;

/**
 * What a method returns: `ApiPromise` when the call throws, `ResultPromise` when it resolves to a result
 * (`T` success body, `S` success statuses, `E` error body, `O` the call's options, `F` the client's `throwOnError`).
 */
export type Outcome<T, S extends number, E, O, F extends boolean> = [Throws<O, F>] extends [false]
  ? ResultPromise<T, S, E>
  : [Throws<O, F>] extends [true]
    ? ApiPromise<T, S>
    : ApiPromise<T, S> | ResultPromise<T, S, E>;

/** An RFC 7807 problem as the runtime sees it. */
export interface ProblemLike {
  type: string;
  title?: string;
  detail?: string;
  status?: number;
  [member: string]: unknown;
}

/** The validators of one operation, as `operationValidators[method]` of the validators package. */
export interface OperationValidatorsLike {
  pathParams?: (value: unknown, options?: object) => ValidationResultLike;
  query?: (value: unknown, options?: object) => ValidationResultLike;
  headers?: (value: unknown, options?: object) => ValidationResultLike;
  cookies?: (value: unknown, options?: object) => ValidationResultLike;
  requestBody?: (body: unknown, mediaType?: string, options?: object) => ValidationResultLike;
  response?: (status: number, mediaType: string, body: unknown, options?: object) => ValidationResultLike;
}

export interface ValidationErrorLike {
  instancePath: string;
  message: string;
  keyword?: string;
  schemaPath?: string;
  params?: Record<string, unknown>;
}

export type ValidationResultLike = { valid: true } | { valid: false; errors: ValidationErrorLike[] };

/** Loads `operationValidators` (lazily, so bundles without validation do not carry the validators). */
export type ValidatorsLoader = () => Promise<Record<string, OperationValidatorsLike | undefined>>;

// ---------------------------------------------------------------------------------------------------
// Type helpers used by the generated client
// ---------------------------------------------------------------------------------------------------

/** The value at a path of keys, through unions and optional members. */
export type At<T, P extends readonly string[]> = P extends readonly [
  infer H extends string,
  ...infer R extends string[],
]
  ? At<T extends { readonly [K in H]?: infer V } ? V : never, R>
  : T;

/** The success body a call gets with `parseAs` in its options (`T`, the declared body, without). */
export type Parsed<T, O> = O extends { parseAs: 'arrayBuffer' }
  ? ArrayBuffer
  : O extends { parseAs: 'stream' }
    ? ReadableStream<Uint8Array>
    : O extends { parseAs: 'response' }
      ? Response
      : O extends { parseAs: 'blob' }
        ? Blob
        : T;

/** What a streaming method returns: an async iterable of items; leaving the loop or aborting closes the connection. */
export type EventStream<T> = AsyncGenerator<T, void, undefined>;

/** The element type of an (optional) array type. */
export type ItemOf<T> = NonNullable<T> extends readonly (infer I)[] ? I : never;
