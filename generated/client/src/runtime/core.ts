/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * The request engine: one attempt of one call — the request from the operation's entry and the call's
 * argument, credentials by the operation's security, `fetch`, the body read, the answer as data or as the
 * error the call rejects with (one forced OAuth 2.0 token refresh after a 401).
 *
 * Everything else wraps that attempt instead of being consulted inside it, so the core has no slot per
 * feature and a bundle carries only the features it uses: client features (`Features`: error details,
 * results without exceptions, the `query` option, validation, retries, rate limits, timeouts, middleware),
 * passed by `createClient` (all) or `createCore` (those it is given), and operation features
 * (`OperationSpec.hooks`: deprecation notices, dates), on the table entries of the operations that need
 * them. Each is a `Feature`: it takes the send inside it and returns a send (`results` and `extraQuery` are
 * functions the core calls).
 *
 * Headers travel as null-prototype records with lower-case names until `fetch`: cheaper than `Headers`
 * objects on the hot path, and a header named `__proto__` stays an ordinary entry.
 */
import { AbortError, ApiError, CredentialsError, NetworkError } from './errors.js';
import { decodeJson } from './body.js';
import { buildRequest, headerRecord, type HeaderRecord } from './serialize.js';
import type { ErrorDetails } from './error-details.js';
import type { QueryWriter } from './extra-query.js';
import type { Results } from './results.js';
import type {
  ApiPromise,
  ApiResponse,
  AuthKind,
  AuthOptions,
  CallOptions,
  OperationSpec,
  ResultPromise,
  RuntimeOptions,
  Throws,
  TokenSource,
} from './types.js';

/** A call's argument: parameters by key, `body`. */
export type Args = Record<string, unknown>;

/** A call as the features pass it down: the caller's options, and what an outer feature sets for the inner ones. */
export interface Call extends CallOptions {
  /** The attempt's number, from 0 (set by `retries`; middleware sees it). */
  attempt?: number;
  /** The fetch of this attempt (`middleware` sends through its hooks). */
  fetch?: typeof fetch;
  /** Safe to send again whatever the method: the request carries an idempotency key (set by `idempotency`). */
  idempotent?: boolean;
}

export type Sent = ApiResponse<unknown>;

/**
 * Sends a call: resolves with the answer, rejects with the error the caller gets. With `parseAs` `stream`
 * or `response`, a success resolves as soon as the headers arrive, the body unread.
 */
export type Send = (op: OperationSpec, args: Args | undefined, call: Call) => Promise<Sent>;

/** What a feature is: given the send inside it (and the client), the send that does more. */
export type Feature = (next: Send, rt: Runtime) => Send;

/**
 * What a client adds to the core, each only when its caller needs it: the core references none of their
 * modules, so a bundle that does not pass one does not carry its code. Composed around the core's attempt
 * in this order, outermost first: error details, validation, retries, rate limits, timeouts, middleware (so
 * a timeout is per attempt, a retry sees a `RateLimitError`, validation runs once per call, and the details
 * go on the error the caller gets). `results` and `extraQuery` wrap no send: `call` hands the first the send's
 * outcome, the attempt gives the second the call's `query`.
 */
export interface Features {
  /** Messages with details: an `ApiError`'s listed details, a `CredentialsError`'s credentials (error-details.ts). */
  errorDetails?: ErrorDetails | undefined;
  /** `throwOnError: false`: a call resolves to `{ data, error, response }` instead of rejecting (results.ts). */
  results?: Results | undefined;
  /** A call's `query` option: parameters sent after the operation's own (extra-query.ts). */
  extraQuery?: QueryWriter | undefined;
  /** Request and response checks (validation.ts `validating`), the validators loaded on first use. */
  validation?: Validation | undefined;
  /** The `retry` option: network failures, 503s and 429 waits tried again (`retries`, retry.ts). */
  retries?: Feature | undefined;
  /** `rateLimit` on responses and errors, a 429 as a `RateLimitError` (`rateLimits`, rate-limit.ts). */
  rateLimits?: Feature | undefined;
  /** The `timeoutMs` option, default 30 s: an attempt aborted as a `TimeoutError` (`timeouts`, timeout.ts). */
  timeouts?: Feature | undefined;
  /** `options.middleware` and a call's `middleware` around each attempt's fetch (`mediating`, mediate.ts). */
  middleware?: Feature | undefined;
}

/** The validation feature also checks the items of streamed bodies. */
export interface Validation extends Feature {
  /** Validates one item of a streamed success body (throws `ResponseValidationError`). */
  item(op: OperationSpec, status: number, mediaType: string, item: unknown): Promise<void>;
}

/** The features `createCore` takes (all of them: operation-driven code comes with the table entries). */
export type CoreFeatures = Features;

/** `Off` (the option's values that ask for nothing) unless the features `Fs` include `K`. */
type Gate<Fs, K extends keyof Features, Off> = Fs extends { [P in K]: NonNullable<Features[P]> } ? unknown : Off;

/**
 * The options `createCore(options, features)` takes: the client's options, those that need a feature
 * narrowed to what asks for nothing unless the feature is given: without `retries` only `retry: false`,
 * without `timeouts` only `timeoutMs: 0`, without `middleware` no hooks, without `validation` no checks,
 * without `results` no `throwOnError: false`. A compile-time check: at run time an option without its
 * feature has no effect, except `throwOnError: false`, which throws a `TypeError`.
 */
export type CoreOptions<Fs> = RuntimeOptions &
  Gate<Fs, 'retries', { retry?: false | undefined }> &
  Gate<Fs, 'timeouts', { timeoutMs?: 0 | undefined }> &
  Gate<Fs, 'middleware', { middleware?: readonly [] | undefined }> &
  Gate<Fs, 'validation', { validate?: { request?: false | undefined; response?: false | undefined } | undefined }> &
  Gate<Fs, 'results', { throwOnError?: true | undefined }>;

/** The features a core needs for a call's options `O` (the standalone functions' `core` is checked against it). */
export type CoreFor<O> = {
  readonly features: (O extends { retry: object } ? { retries: Feature } : unknown) &
    (O extends { timeoutMs: number } ? { timeouts: Feature } : unknown) &
    (O extends { middleware: readonly object[] } ? { middleware: Feature } : unknown) &
    (O extends { throwOnError: false } ? { results: Results } : unknown) &
    (O extends { query: object } ? { extraQuery: QueryWriter } : unknown);
};

/**
 * A client's core; `F`: its `throwOnError` as its type knows it (what the standalone functions' results
 * follow); `Fs`: its features as `createCore` was given them.
 */
export interface Runtime<F extends boolean = boolean, Fs extends Features = Features> {
  readonly options: RuntimeOptions & { readonly throwOnError?: F | undefined };
  readonly features: Fs;
  /** Sends one call through the client's and the operation's features (`args`: parameters by key, `body`). */
  send(op: OperationSpec, args: object | undefined, call?: CallOptions): Promise<Sent>;
}

export function createRuntime<O extends RuntimeOptions, Fs extends Features = {}>(
  options: O,
  features: Fs = {} as Fs,
): Runtime<Throws<O, true>, Fs> {
  if (typeof options?.baseUrl !== 'string') throw new TypeError('createClient: baseUrl is required');
  const headers = headerRecord(options.headers);
  let inner: Send = (op, args, call) => attempt(rt, headers, op, args, call);
  const rt: Runtime<Throws<O, true>, Fs> = {
    options: options as Runtime<Throws<O, true>>['options'],
    features,
    async send(op, args, call = {}) {
      let send = inner;
      for (const h of op.hooks ?? []) send = h(send, rt);
      return send(op, args as Args | undefined, call);
    },
  };
  const { errorDetails, validation, retries, rateLimits, timeouts, middleware } = features;
  for (const f of [middleware, timeouts, rateLimits, retries, validation, errorDetails]) if (f) inner = f(inner, rt);
  return rt;
}

/** One attempt: the request built, credentials applied, sent, the body read. */
async function attempt(
  rt: Runtime,
  clientHeaders: HeaderRecord,
  op: OperationSpec,
  args: Args | undefined,
  call: Call,
  force?: boolean,
): Promise<Sent> {
  const { options } = rt;
  const { signal } = call;
  const aborted = () => new AbortError(op.id, 'aborted', signal!.reason);
  if (signal?.aborted) throw aborted();
  let { url, headers: paramHeaders } = buildRequest(options.baseUrl, op, args, call.query, rt.features.extraQuery);
  const headers: HeaderRecord = Object.assign(
    Object.create(null),
    clientHeaders,
    paramHeaders,
    call.headers && headerRecord(call.headers),
  );
  // Body: by the entry's encoder (JSON, a form, or passed through as given; it sets the Content-Type); entries
  // without a body have none.
  const encoded = args?.body !== undefined ? op.encode?.(op, args.body, call, headers) : undefined;
  // Credentials: decided before the request, so a missing one fails without any.
  let refreshable = false;
  if (headers.authorization === undefined && op.security) {
    const auth = options.auth ?? {};
    const plan = pickAuth(op, auth);
    // basic, API keys and OAuth 1.0a come with the entries whose security names them (`extraAuth`).
    if (op.extraAuth) url = await op.extraAuth(plan, auth, headers, url, op.method, encoded?.form);
    for (const k of plan)
      if (k === 'bearer' || k === 'oauth2') {
        refreshable = k === 'oauth2' && typeof auth.oauth2 === 'object';
        headers.authorization = 'Bearer ' + (await token(auth[k]!, !!force && refreshable));
      }
  }
  let res: Response;
  let data: unknown;
  try {
    res = await (call.fetch ?? options.fetch ?? fetch)(url, {
      method: op.method,
      headers,
      body: encoded?.body,
      signal,
      // Needed by fetch for a stream body, harmless for the others.
      duplex: 'half',
    } as RequestInit);
    data = await (op.decode ?? decodeJson)(op, res, call.parseAs);
  } catch (e) {
    throw signal?.aborted ? aborted() : new NetworkError(op.id, `network error: ${(e as Error)?.message ?? e}`, e);
  }
  const { status } = res;
  // One forced token refresh after a 401, when the OAuth 2.0 token comes from a refreshing provider.
  if (status === 401 && refreshable && !force) return attempt(rt, clientHeaders, op, args, call, true);
  if (!res.ok) throw new ApiError(op.id, status, res.headers, data, undefined, res);
  return { data, status, headers: res.headers, response: res } as Sent;
}

/** Wraps a send into what the methods return: awaitable for the body, `withResponse()` for the rest. */
export function apiPromise<T, S extends number = number>(sent: Promise<ApiResponse<unknown>>): ApiPromise<T, S> {
  const p = sent as Promise<ApiResponse<T, S>>;
  const data = () => p.then((r) => r.data);
  return {
    then: (ok, fail) => data().then(ok, fail),
    catch: (fail) => data().catch(fail),
    finally: (f) => data().finally(f),
    withResponse: () => p,
  } as ApiPromise<T, S>;
}

/**
 * One call of one operation: what every method of the whole client and every standalone operation function
 * (`getX(core, args)`) does. A standalone function references only its own operation's table entry, so a
 * bundle carries the operations it calls and nothing else. The call's `throwOnError` (else the client's)
 * picks how it ends: `false` resolves to a result, anything else rejects with the error.
 */
export function call<R extends ApiPromise<unknown> | ResultPromise<unknown> = ApiPromise<unknown>>(
  rt: Runtime,
  op: OperationSpec,
  args: object | undefined,
  options?: CallOptions,
): R {
  // Operations that can answer with a stream always throw (their signatures say so); for the others `R`
  // (the generated signature's `Outcome`) says at the type level what this test does. A core without the
  // `results` feature refuses before sending (`createCore`'s and the functions' types refuse it already).
  const results = !op.stream && (options?.throwOnError ?? rt.options.throwOnError) === false;
  if (results && !rt.features.results)
    throw new TypeError('throwOnError: false needs createCore(options, { results })');
  const sent = rt.send(op, args, options);
  return (results ? rt.features.results!(sent) : apiPromise(sent)) as R;
}

// ---------------------------------------------------------------------------------------------------

/** The option a credential kind is configured by (the `AuthOptions` member; its documentation says what it holds). */
const option = (k: AuthKind) => 'auth.' + (typeof k === 'object' ? 'apiKeys.' + k.apiKey : k);

/**
 * The first security alternative the configured credentials satisfy (an empty one as the last resort);
 * a `CredentialsError` naming the options when none does.
 */
function pickAuth(op: OperationSpec, auth: AuthOptions): readonly AuthKind[] {
  const alternatives = op.security!;
  const has = (k: AuthKind) => (typeof k === 'object' ? auth.apiKeys?.[k.apiKey] : auth[k]) != null;
  const found = alternatives.find((alt) => alt.length && alt.every(has)) ?? alternatives.find((alt) => !alt.length);
  if (found) return found;
  // What the client has is added by the `errorDetails` feature.
  throw new CredentialsError(op.id, `needs ${alternatives.map((alt) => alt.map(option).join(' and ')).join(' or ')}`);
}

function token(source: TokenSource, force: boolean): string | Promise<string> {
  return typeof source === 'string' ? source : typeof source === 'function' ? source() : source.getAccessToken(force);
}

/** UTF-8 text (or bytes) as base64, in any runtime. */
export function base64(text: string | Uint8Array): string {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}
