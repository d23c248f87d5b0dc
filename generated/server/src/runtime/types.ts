/* Copied by socialgen 0.1.0: the server runtime, identical for every spec. */
/**
 * Types shared by the server runtime. This file is copied verbatim into the generated package
 * (`src/runtime/types.ts`); it holds no spec content: everything spec-specific arrives as an `ApiTable`
 * value (generated `src/api.ts`) and as the generated types and validators packages.
 */
import type { ValidationResult as Result } from './contract.js';
import type { Int64Plan } from './json64.js';

/** A JSON value as the table holds it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// ---------------------------------------------------------------------------------------------------
// The operation table (generated from the model, see emit/server/table.ts)
// ---------------------------------------------------------------------------------------------------

/** How a parameter's wire string becomes the value the validators check. */
export type Coercion =
  | { type: 'string' }
  | { type: 'number' }
  /** Generated with `int64: 'bigint'`: integer digits as a `bigint` (exactly), other numeric text as a number. */
  | { type: 'int64' }
  | { type: 'boolean' }
  /** Integers or strings (e.g. `oneOf`), numbers only when the text is numeric. */
  | { type: 'number-or-string' }
  | { type: 'boolean-or-string' }
  /** A parameter described with `content: application/json`. */
  | { type: 'json' }
  | { type: 'array'; items: Coercion }
  | { type: 'object'; properties: Record<string, Coercion> };

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface TableParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  /** `cookie`: OAS 3.2's cookie style (values as sent: never percent-decoded). */
  style: 'matrix' | 'label' | 'form' | 'simple' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject' | 'cookie';
  explode: boolean;
  allowEmptyValue?: boolean;
  /**
   * OAS 3.2 `in: querystring` (its `in` is `query`): the whole query string is this parameter's value,
   * `form` (application/x-www-form-urlencoded: an object of its pairs) or `json` (JSON text).
   */
  querystring?: 'form' | 'json';
  coerce: Coercion;
  /** The schema's `default`, applied after validation when the parameter is absent. */
  default?: Json;
}

/** One member of a form body, read back as the Encoding Object wrote it (see runtime/form.ts). */
export interface TableFormField {
  name: string;
  /** How its text becomes the value the validator expects (numbers, booleans, arrays, objects). */
  coerce: Coercion;
  /** By content type: each value is JSON text (`application/json` and `+json` types). */
  json?: boolean;
  /** Styled like a `query` parameter (the spec wrote `style`, `explode` or `allowReserved`). */
  style?: TableParameter['style'];
  explode?: boolean;
  /** Raw bytes (files): parts arrive as `File`s, text fields become `Blob`s of their UTF-8 bytes. */
  file?: boolean;
  /** Files: the media types the encoding's `contentType` allows (`image/*` wildcards too), when written. */
  accept?: string[];
}

export interface TableForm {
  /** The media type as declared. */
  mediaType: string;
  multipart: boolean;
  fields: TableFormField[];
  /** A multipart body whose schema is an array (OAS 3.2): its parts by position instead of `fields`. */
  parts?: TableParts;
}

/** How a part of a positional multipart body is read: JSON text, a file, else text. */
export interface TablePart {
  json?: true;
  file?: true;
}

/** The parts of a positional multipart body: `prefixEncoding`'s, then `itemEncoding`'s for the rest. */
export interface TableParts {
  prefix: TablePart[];
  items?: TablePart;
}

export interface TableOperation {
  /** Handler key (`op.names.method`). */
  key: string;
  operationId: string;
  /** Upper-case HTTP method. */
  method: string;
  /** Path template as written, e.g. `/users/{id}/items`. */
  path: string;
  parameters: TableParameter[];
  /**
   * `binary`: the media types whose bodies are bytes (streamed to the handler, not parsed); `forms`: the
   * form media types (urlencoded, multipart/form-data) with how each member is read back.
   */
  requestBody?: { required: boolean; mediaTypes: string[]; binary?: string[]; forms?: TableForm[] };
  /**
   * Declared responses in document order: status as written (`200`, `4XX`, `default`), media types, binary
   * ones, and streamed ones with their framing (`json`: event data is JSON text).
   */
  responses: {
    status: string;
    mediaTypes: string[];
    binary?: string[];
    stream?: { type: string; format: 'sse' | 'ndjson' | 'json-seq'; json?: true }[];
    /** An error response with a JSON schema: its index in `ApiTable.problemShapes` (runtime/shape.ts). */
    problem?: number;
  }[];
  /** Effective security (see model): `[]` none, an empty alternative makes authentication optional. */
  security: Record<string, string[]>[];
  /** Path parameter that must equal the authenticated user's id (from a spec extension). */
  ownerParameter?: string;
  deprecated?: boolean;
  sunset?: string;
  /** When the deprecation took effect (RFC 3339 date or date-time), sent as the RFC 9745 `Deprecation` header. */
  deprecatedAt?: string;
  /** The spec does not list every parameter: unknown query parameters are not rejected. */
  openParameters?: boolean;
  /** The request header carrying the operation's idempotency key (the spec's or the config's name), when it takes one. */
  idempotencyKey?: string;
  pagination?: TablePagination;
  /** Generated with `dates: 'Date'`: where the dates are in the parameters, the body and the answers (dates.ts). */
  dates?: OperationDates;
  /** Generated with `int64: 'bigint'`: where the int64 integers are in the JSON body and answers (json64.ts). */
  int64?: { body?: Int64Plan; ok?: Int64Plan; error?: Int64Plan };
}

/** How a listing pages (the model's plan, docs/pagination.md): what the mock serves its pages by. */
export interface TablePagination {
  kind: 'token' | 'item' | 'link' | 'url' | 'header' | 'body' | 'offset' | 'page';
  tokenParameter?: string;
  nextTokenPointer?: string;
  itemTokenPointer?: string;
  hasMorePointer?: string;
  nextUrlPointer?: string;
  nextTokenHeader?: string;
  tokenMemberPointer?: string;
  offsetParameter?: string;
  pageParameter?: string;
  firstPage?: number;
  pageSizeParameter?: string;
  defaultPageSize?: number;
  totalPointer?: string;
  itemsPointer?: string;
}

/**
 * Where the dates are in a value: a date (`date-time`, `date`), members of an object (`p`), every item
 * (`i`), every additional member (`m`), a named schema's plan (`r`, in `ApiTable.datePlans`), plans that all apply (`u`).
 */
export type DatePlan =
  | 'date-time'
  | 'date'
  | { p: Record<string, DatePlan> }
  | { i: DatePlan }
  | { m: DatePlan }
  | { r: string }
  | { u: DatePlan[] };

export interface OperationDates {
  body?: DatePlan;
  /** Success (2XX) bodies. */
  ok?: DatePlan;
  /** Error bodies. */
  error?: DatePlan;
  path?: DatePlan;
  query?: DatePlan;
  header?: DatePlan;
  cookie?: DatePlan;
}

/** One event a handler yields for a `text/event-stream` answer. */
export interface ServerSentEventInit<T = unknown> {
  data?: T;
  /** Data text written as it is, not validated (e.g. an end sentinel such as `[DONE]`). */
  text?: string;
  /** The event type (the client's default is `message`). */
  event?: string;
  /** The event id the client sends back as `Last-Event-ID` when it reconnects. */
  id?: string;
  /** The client's reconnection time in ms. */
  retry?: number;
  /** A comment line (ignored by clients; a keep-alive). */
  comment?: string;
}

export interface TableSecurityScheme {
  type: 'http' | 'apiKey' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  /** http: lower-cased scheme (`bearer`, `basic`, `oauth` for OAuth 1.0a). */
  scheme?: string;
  in?: 'query' | 'header' | 'cookie';
  parameterName?: string;
  /** Human-readable name for messages: the scheme's `x-auth-label`, or one from its type. */
  label: string;
}

export interface TableProblem {
  /** `x-problem-slug`, or `about:blank`. */
  slug: string;
  /** The `type` value without the configurable base (e.g. `/problems/<slug>`) or `about:blank`. */
  typePath: string;
  title: string;
  status: number;
}

/**
 * The shape a declared error response gives problem documents (model/facts/problem-shape.ts): the server's
 * own problems are answered in it (runtime/shape.ts).
 */
export interface TableProblemShape {
  mediaType: string;
  variants: {
    /** Members the schema fixes, written as they are. */
    fixed: Record<string, Json>;
    /** The runtime problem's members (`type`, `title`, `status`, `detail`, `instance`, `errors`) it carries. */
    carries: string[];
    /** Of those, the ones the schema requires. */
    requires: string[];
    /** The fixed `type` and the schema's name, lower-cased: matched against the problem's purpose. */
    hint: string;
    status?: number;
  }[];
}

export interface ApiTable {
  operations: TableOperation[];
  securitySchemes: Record<string, TableSecurityScheme>;
  /** Problem types of the spec, by slug. */
  problems: Record<string, TableProblem>;
  /** Path between the base and the slug for problem types the spec does not define (e.g. `/problems/`). */
  problemPath: string;
  /** Slugs of the problems the runtime answers with itself (`x-problem-role`); `about:blank` when absent. */
  problemRoles: { invalidRequest?: string; unsupportedAuthentication?: string };
  /** Error response shapes, shared by the operations' `responses[].problem`. */
  problemShapes?: TableProblemShape[];
  /** Names of the rate-limit headers (`x-ratelimit-field`); `retry-after` stands in for an absent `reset`. */
  rateLimitHeaders: RateLimitHeaders;
  /** Generated with `dates: 'Date'`: the named schemas' date plans, by key. */
  datePlans?: Record<string, DatePlan>;
  /** Generated with `int64: 'bigint'`: the named schemas' int64 plans, by key. */
  int64Plans?: Record<string, Int64Plan>;
}

/** Lower-cased header names carrying rate-limit values. */
export interface RateLimitHeaders {
  /** UNIX epoch seconds at which the window resets. */
  reset?: string;
  limit?: string;
  remaining?: string;
}

// ---------------------------------------------------------------------------------------------------
// Validators (the shape of `operationValidators[key]`, docs/contracts.md)
// ---------------------------------------------------------------------------------------------------

// The validators package's own declarations (contract.ts), not a copy of them.
export type { OperationValidator, OperationValidators, ValidateOptions, ValidationError } from './contract.js';
export type ValidationResult<T = unknown> = Result<T>;

// ---------------------------------------------------------------------------------------------------
// Authentication
// ---------------------------------------------------------------------------------------------------

/** What the request carried, as handed to `options.authenticate`. */
export type Credentials =
  | { scheme: 'bearer'; token: string }
  /** OAuth 1.0a: the `Authorization: OAuth ...` parameters, percent-decoded (`oauth_token`, `oauth_signature`, ...). */
  | { scheme: 'oauth1'; params: Record<string, string> }
  | { scheme: 'basic'; username: string; password: string }
  | { scheme: 'apiKey'; name: string; in: 'query' | 'header' | 'cookie'; value: string };

export interface AppPrincipal {
  kind: 'app';
  appId?: string;
}

export interface UserPrincipal {
  kind: 'user';
  userId: string;
  /** Granted OAuth 2.0 scopes (or OAuth 1.0a permissions mapped to scopes). */
  scopes: readonly string[];
}

export type Principal = AppPrincipal | UserPrincipal;

// ---------------------------------------------------------------------------------------------------
// Handler results and options
// ---------------------------------------------------------------------------------------------------

export type HeaderValues = Record<string, string | number | readonly string[]>;

/** What a handler returns; the generated `<Op>Result` types narrow it to the declared responses. */
export interface HandlerResult {
  status: number;
  body?: unknown;
  /** Which declared media type the body is; defaults to the one declared (problem bodies pick `+json` problems). */
  contentType?: string;
  headers?: HeaderValues;
}

/** The context every handler receives (generated `<Op>Context` types narrow it). */
export interface HandlerContext {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  cookies: Record<string, unknown>;
  body: unknown;
  principal: Principal | undefined;
  request: Request;
}

export type AnyHandler = (context: any) => HandlerResult | Promise<HandlerResult>;

export interface RateLimitDecision {
  /** False when the request must be refused with 429. */
  allowed: boolean;
  /** When the window resets: epoch seconds (sent in the spec's reset header, else as `Retry-After`). */
  reset: number;
  limit?: number;
  remaining?: number;
}

export interface RequestInfo {
  /** The handler key (`op.names.method`) of the matched operation. */
  operation: string;
  principal: Principal | undefined;
  request: Request;
}

export interface ServerOptions {
  /**
   * Turns the credentials a request carried into a principal, or nothing when they are not valid (401).
   * Operations whose security allows no credentials never call it without credentials.
   */
  authenticate?: (
    credentials: Credentials,
    request: Request,
  ) => Principal | null | undefined | Promise<Principal | null | undefined>;
  /**
   * Path parameters that must equal the authenticated user's id, by operation (`{ getUserItems: 'id' }`);
   * merged over what the spec declares with its owner extension. Mismatch → 403.
   */
  ownerParameters?: Record<string, string>;
  /** Extra authorization after parameters are validated; return a result (e.g. a problem) to refuse. */
  authorize?: (
    info: RequestInfo & { params: Record<string, unknown> },
  ) => HandlerResult | undefined | void | Promise<HandlerResult | undefined | void>;
  /** Called after authentication; `{ allowed: false }` answers 429 with the rate-limit headers. */
  rateLimit?: (
    info: RequestInfo,
  ) => RateLimitDecision | undefined | void | Promise<RateLimitDecision | undefined | void>;
  /** Receives every error a handler or hook threw (the client sees a bare 500) and development-mode mismatches. */
  onError?: (error: unknown, info: { operation?: string; request: Request }) => void;
  /**
   * Development mode: handler results are validated against the declared responses; a mismatch is reported
   * to `onError` and answered with a 500 problem whose `detail` names it. Default false.
   */
  development?: boolean;
  /**
   * Largest request body accepted, in bytes. Default 1 MiB. Above it (from `content-length`, or once a
   * body passes it) the answer is a 413 problem with `connection: close`, sent at once; on Node the rest
   * of the upload is then read and dropped (up to 8 MiB, for at most 30 s) before the connection closes,
   * so a client still sending reads the 413 rather than a reset.
   */
  maxBodySize?: number;
  /** Deepest JSON nesting accepted in a request body (400 above). Default 64. */
  maxDepth?: number;
  /**
   * Prefix of problem `type` URIs: the spec fixes only their path (e.g. `/problems/<slug>`), so the default
   * `''` gives relative references (valid URI references that resolve against the API's own origin). Set e.g. `https://api.example.com` for absolute ones.
   */
  problemBase?: string;
  /** Query parameters the operation does not declare: `reject` (400, the default) or `ignore`. */
  unknownQueryParameters?: 'reject' | 'ignore';
  /** A prefix removed from the path before routing (e.g. `/api`). */
  basePath?: string;
  /** Hooks around every handler, in this order (see `ServerMiddleware`). */
  middleware?: readonly ServerMiddleware[];
}

/** What every server hook sees: the operation and the handler's context (validated values, principal, request). */
export interface ServerHookContext {
  /** The handler key (`op.names.method`). */
  operation: string;
  context: HandlerContext;
  /** The header of the operation's idempotency key as the spec or config names it, when it takes one (`idempotency()` reads it). */
  idempotencyKey?: string;
}

/**
 * Hooks around a handler, run after the request is routed, authenticated and validated. `onRequest` may
 * answer instead of the handler (its result goes on to the `onResponse` hooks of the middleware before
 * it); `onResponse` may replace the result; `onError` receives what the handler or a hook threw and may
 * map it to a result. Results from hooks are checked against the declared responses like a handler's;
 * an error nobody maps is a 500 problem.
 */
export interface ServerMiddleware {
  onRequest?(info: ServerHookContext): HandlerResult | undefined | void | Promise<HandlerResult | undefined | void>;
  onResponse?(
    info: ServerHookContext & { result: HandlerResult },
  ): HandlerResult | undefined | void | Promise<HandlerResult | undefined | void>;
  onError?(
    info: ServerHookContext & { error: unknown },
  ): HandlerResult | undefined | void | Promise<HandlerResult | undefined | void>;
}

// ---------------------------------------------------------------------------------------------------
// Status code unions for the generated result types
// ---------------------------------------------------------------------------------------------------

type D = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type Digits<P extends number> = `${P}${D}${D}` extends `${infer N extends number}` ? N : never;
export type Status1XX = Digits<1>;
export type Status2XX = Digits<2>;
export type Status3XX = Digits<3>;
export type Status4XX = Digits<4>;
export type Status5XX = Digits<5>;
/** What a `default` response may be answered with: any error status not declared on its own. */
export type StatusDefault = Status4XX | Status5XX;
