/**
 * The request engine: one `send` for every operation, a loop over stage functions — `prepare` (the request
 * from the operation's spec and the call's argument, the credentials plan), `sendOnce` (one attempt with
 * credentials applied, timeout and abort, the body read), the `retries` feature's delay (429 waits, retries
 * of idempotent requests with backoff and jitter) and `decodeFailure` (failures as the error classes); plus
 * one OAuth 2.0 refresh after a 401.
 *
 * Retries, rate-limit reading and timeouts are features (retry.ts, rate-limit.ts, timeout.ts) like
 * validation and middleware: `createClient` passes them all, `createCore` only those it is given, and this
 * file references none of their modules, so a bundle that does not pass one does not carry its code.
 *
 * Headers travel as null-prototype records with lower-case names until `fetch`: cheaper than `Headers`
 * objects on the hot path, and a header named `__proto__` stays an ordinary entry.
 */
import { AbortError, ApiError, CredentialsError, NetworkError } from './errors.js';
import type { ExtraAuth } from './auth-extra.js';
import { decodeBody, isStreamBody, leavesBodyUnread } from './body.js';
import type { RateLimits } from './rate-limit.js';
import type { Retries } from './retry.js';
import { buildRequest, headerRecord, type HeaderRecord } from './serialize.js';
import type {
  ApiPromise,
  ApiResponse,
  AuthKind,
  AuthOptions,
  CallOptions,
  Middleware,
  OperationSpec,
  RateLimit,
  RetryOptions,
  RuntimeOptions,
  TokenSource,
} from './types.js';
import type { runMiddleware } from './middleware.js';
import type { Timeouts } from './timeout.js';
import type { Checker } from './validate.js';

/** Loads the middleware runner (middleware.ts), the `middleware` feature. */
export type MiddlewareLoader = () => Promise<typeof runMiddleware>;

/**
 * What a client adds to the core, each only when its spec (or its caller) needs it: the core references none
 * of their modules, so a bundle that does not pass one does not carry its code.
 */
export interface Features {
  /** Request and response checks (validate.ts `checker`), loaded on first use when `options.validate` asks. */
  validation?: (() => Promise<Checker>) | undefined;
  /** `apiKey` and http `basic` credentials (`extraAuth`), when the spec has such schemes. */
  extraAuth?: ExtraAuth | undefined;
  /** The middleware runner, loaded on first use when `options.middleware` or a call's `middleware` has hooks. */
  middleware?: MiddlewareLoader | undefined;
  /** The `retry` option: network failures, 503s and 429 waits tried again (`retries`, retry.ts). */
  retries?: Retries | undefined;
  /** `rateLimit` on responses and errors, a 429 as a `RateLimitError` (`rateLimits`, rate-limit.ts). */
  rateLimits?: RateLimits | undefined;
  /** The `timeoutMs` option, default 30 s: an attempt aborted as a `TimeoutError` (`timeouts`, timeout.ts). */
  timeouts?: Timeouts | undefined;
}

/** The features `createCore` takes (the others come with the operations that need them). */
export type CoreFeatures = Pick<Features, 'validation' | 'middleware' | 'retries' | 'rateLimits' | 'timeouts'>;

export interface Sent extends ApiResponse<unknown> {
  /** A body left unread (`parseAs` `stream` or `response`, the streaming method's connection): closes it. */
  close?: (() => void) | undefined;
}

export interface Runtime {
  readonly options: RuntimeOptions;
  /**
   * Sends one call; `args` is the call's argument (parameters by key, `body`). With `parseAs` `stream` or
   * `response` (the streaming method's), a success resolves as soon as the headers arrive, body unread.
   */
  send(op: OperationSpec, args: object | undefined, call?: CallOptions): Promise<Sent>;
  /** Validates one item of a streamed success body (throws `ResponseValidationError`); loads the validators. */
  check(op: OperationSpec, status: number, mediaType: string, item: unknown): Promise<void>;
}

/**
 * Throws when the client's or a call's options use a feature the core was not given (`createCore` without
 * it), rather than leaving the option without effect.
 */
function needs(o: RuntimeOptions | CallOptions, features: Features): void {
  const missing = (
    [
      ['retry', 'retries', o.retry],
      ['timeoutMs', 'timeouts', o.timeoutMs],
      ['middleware', 'middleware', o.middleware?.length],
      ['validate', 'validation', 'validate' in o && (o.validate?.request || o.validate?.response)],
    ] as const
  ).find(([, name, used]) => used && !features[name]);
  if (missing)
    throw new TypeError(
      `${missing[0]} needs the ${missing[1]} feature: pass \`{ ${missing[1]} }\` (exported by the client package) to createCore`,
    );
}

const IDEMPOTENT = /^(GET|HEAD|OPTIONS|PUT|DELETE|TRACE)$/;

export function createRuntime(options: RuntimeOptions, features: Features = {}): Runtime {
  if (!options || typeof options.baseUrl !== 'string') throw new TypeError('createClient: baseUrl is required');
  const { validation, retries, rateLimits } = features;
  needs(options, features);
  // 429 waits read the reset header too.
  const readRateLimit = (rateLimits ?? retries)?.read;
  const clientHeaders = headerRecord(options.headers);
  // Deprecated operations already announced to `onDeprecated` by this client.
  const announced = new Set<string>();
  // Loaded on first use only: bundles split validation (and the validators package) off the initial chunk.
  let checks: Promise<Checker> | undefined;
  const checker = () => (checks ??= validation!());

  async function send(op: OperationSpec, argument: object | undefined, call: CallOptions = {}): Promise<Sent> {
    let args = argument as Record<string, unknown> | undefined;
    const { signal } = call;
    if (signal?.aborted) throw new AbortError(op.id, 'aborted', signal.reason);
    needs(call, features);
    if (op.deprecated && options.onDeprecated && !announced.has(op.id)) {
      announced.add(op.id);
      options.onDeprecated(
        typeof op.deprecated === 'string' ? { operation: op.id, deprecatedAt: op.deprecated } : { operation: op.id },
      );
    }
    // Dates (`dates: 'Date'` clients): sent as strings, received as Dates, by the operation's plans.
    const dated = op.dates;
    if (dated?.body && args?.body !== undefined) args = { ...args, body: dated.codec.toWire(dated.body, args.body) };
    const p = prepare(options, clientHeaders, op, args, call);
    if (options.validate?.request) (await checker()).request(op, args, p.payload, call.query);
    let refresh = false;
    for (let attempt = 0; ; attempt++) {
      const sent = await sendOnce(options, p, refresh, features, attempt);
      if ('hookError' in sent) throw sent.hookError;
      if ('failure' in sent) {
        const wait = retries?.delay(p, attempt);
        if (wait === undefined) throw sent.failure;
        await retries!.sleep(wait, call.signal, op.id);
        continue;
      }
      const { res, close } = sent;
      let { data } = sent;
      const rateLimit = readRateLimit?.(res.headers, op.rateLimit);
      if (res.ok) {
        if (options.validate?.response && data !== undefined && call.parseAs === undefined && !(data instanceof Blob))
          (await checker()).response(op, res.status, res.headers.get('content-type'), data);
        if (dated?.ok && call.parseAs === undefined) data = dated.codec.revive(dated.ok, data);
        return { data, status: res.status, headers: res.headers, rateLimit, response: res, close };
      }
      // One forced token refresh after a 401, when the OAuth 2.0 token comes from a refreshing provider.
      if (res.status === 401 && !refresh && p.plan?.includes('oauth2') && typeof p.auth.oauth2 === 'object') {
        refresh = true;
        attempt--;
        continue;
      }
      const wait = retries?.delay(p, attempt, res, rateLimit);
      if (wait === undefined)
        throw decodeFailure(
          op.id,
          res,
          dated?.error ? dated.codec.revive(dated.error, data) : data,
          rateLimit,
          rateLimits,
        );
      await retries!.sleep(wait, call.signal, op.id);
    }
  }

  const check = async (op: OperationSpec, status: number, mediaType: string, item: unknown) =>
    (await checker()).response(op, status, mediaType, item);
  return { options, send, check };
}

/** A call made ready to send: URL, headers, body, credentials plan and retry policy. */
export interface Prepared {
  op: OperationSpec;
  url: string;
  headers: HeaderRecord;
  payload: BodyInit | undefined;
  /** OAuth 1.0a signs the parameters of a form body. */
  form: URLSearchParams | undefined;
  auth: AuthOptions;
  plan: readonly AuthKind[] | undefined;
  retry: RetryOptions;
  /** Retries after the first attempt (with the `retries` feature). */
  retries: number;
  /** The attempt's timeout (with the `timeouts` feature). */
  timeoutMs: number;
  idempotent: boolean;
  signal: AbortSignal | undefined;
  /** How the caller reads a successful body (see `CallOptions.parseAs`). */
  parseAs: CallOptions['parseAs'];
  /** The client's middleware, then the call's. */
  middleware: readonly Middleware[];
}

/** prepare: the request from the operation's spec and the call's argument; credentials decided before any attempt. */
export function prepare(
  options: RuntimeOptions,
  clientHeaders: HeaderRecord | undefined,
  op: OperationSpec,
  args: Record<string, unknown> | undefined,
  call: CallOptions,
): Prepared {
  const { signal } = call;
  if (signal?.aborted) throw new AbortError(op.id, 'aborted', signal.reason);
  const built = buildRequest(options.baseUrl, op, args, call.query);
  const headers: HeaderRecord = Object.assign(
    Object.create(null),
    clientHeaders,
    built.headers,
    call.headers && headerRecord(call.headers),
  );
  // Body: JSON, a form (when the client has the form encoder), or passed through as given.
  const body = args?.body;
  let payload: BodyInit | undefined;
  let form: URLSearchParams | undefined;
  const type = op.body;
  const encoded = type && body !== undefined && !/json/i.test(type) ? op.encode?.(op, body, call) : undefined;
  if (encoded) {
    ({ body: payload, form } = encoded);
    // A form's type names its multipart boundary; empty: fetch writes it (a caller's FormData).
    if (encoded.contentType) headers['content-type'] = encoded.contentType;
  } else if (type && body !== undefined) {
    payload = /json/i.test(type) ? JSON.stringify(body) : (body as BodyInit);
    headers['content-type'] ??= type;
  }
  // Credentials: decided before the first attempt, so a missing one fails without a request.
  const auth = options.auth ?? {};
  const plan = headers.authorization === undefined ? pickAuth(op, auth) : undefined;
  // Per-call retry options refine the client's; `false` at either level (the call's winning) turns retries off.
  const off = call.retry === false || (call.retry === undefined && options.retry === false);
  // A streamed request body is read once: it cannot be sent again.
  const retry: RetryOptions = off || isStreamBody(payload) ? { retries: 0 } : { ...options.retry, ...call.retry };
  return {
    op,
    url: built.url,
    headers,
    payload,
    form,
    auth,
    plan,
    retry,
    retries: retry.retries ?? 2,
    timeoutMs: call.timeoutMs ?? options.timeoutMs ?? 30_000,
    idempotent: IDEMPOTENT.test(op.method),
    signal,
    parseAs: call.parseAs,
    middleware: [...(options.middleware ?? []), ...(call.middleware ?? [])],
  };
}

type Attempt = { res: Response; data: unknown; close?: () => void } | { failure: Error } | { hookError: unknown };

/**
 * send: one attempt with credentials applied, under the timeout (the `timeouts` feature) and the caller's
 * signal; the body read (decode).
 */
export async function sendOnce(
  options: RuntimeOptions,
  p: Prepared,
  refresh: boolean,
  features: Features = {},
  attempt = 0,
): Promise<Attempt> {
  const { op, signal } = p;
  const { extraAuth, middleware: loadMiddleware, timeouts } = features;
  let h = p.headers;
  let url = p.url;
  if (p.plan?.length) {
    h = Object.assign(Object.create(null), p.headers);
    url = await applyAuth(p.plan, p.auth, h, url, op.method, p.form, refresh, op.extraAuth ?? extraAuth);
  }
  const ctl = new AbortController();
  const onAbort = () => ctl.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort);
  const timer = timeouts && p.timeoutMs > 0 ? timeouts(op.id, p.timeoutMs, () => ctl.abort()) : undefined;
  const release = () => {
    timer?.stop();
    signal?.removeEventListener('abort', onAbort);
  };
  try {
    const init: RequestInit & { duplex?: 'half' } = {
      method: op.method,
      headers: h,
      body: p.payload ?? null,
      signal: ctl.signal,
    };
    if (isStreamBody(p.payload)) init.duplex = 'half';
    const fetchFn = options.fetch ?? globalThis.fetch;
    let res: Response;
    if (p.middleware.length) {
      // The runner is a feature passed in (createClient loads it on first use, createCore takes
      // `{ middleware }`): the core does not import it, so bundles without middleware do not carry it.
      const run = await loadMiddleware!();
      const mediated = await run(p.middleware, url, init, { operation: op.id, attempt, fetch: fetchFn });
      if ('hookError' in mediated) return (release(), { hookError: mediated.hookError });
      res = mediated.response;
    } else res = await fetchFn(url, init);
    const data = await decodeBody(op, res, p.parseAs);
    if (res.ok && leavesBodyUnread(p.parseAs)) {
      // The caller reads the body: no timeout on it; the call's signal (or `close`) still aborts it.
      timer?.stop();
      return { res, data, close: () => (release(), ctl.abort()) };
    }
    release();
    return { res, data };
  } catch (e) {
    release();
    if (signal?.aborted) throw new AbortError(op.id, 'aborted', signal.reason);
    return { failure: timer?.error() ?? new NetworkError(op.id, `network error: ${(e as Error)?.message ?? e}`, e) };
  }
}

/** decode: a failed response as the error the call rejects with (a 429 as the `rateLimits` feature's). */
export function decodeFailure(
  id: string,
  res: Response,
  data: unknown,
  rateLimit: RateLimit | undefined,
  rateLimits?: RateLimits,
): ApiError {
  return res.status === 429 && rateLimits
    ? rateLimits.error(id, res.headers, data, rateLimit)
    : new ApiError(id, res.status, res.headers, data, rateLimit);
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
 * bundle carries the operations it calls and nothing else.
 */
export function call<T, S extends number = number>(
  rt: Runtime,
  op: OperationSpec,
  args: object | undefined,
  options?: CallOptions,
): ApiPromise<T, S> {
  return apiPromise(rt.send(op, args, options));
}

// ---------------------------------------------------------------------------------------------------

const LABELS: Record<string, string> = {
  bearer: 'a bearer token',
  oauth2: 'an OAuth 2.0 access token',
  oauth1: 'OAuth 1.0a credentials',
  basic: 'HTTP basic credentials',
};

const label = (k: AuthKind) =>
  typeof k === 'object' ? `the API key ${k.apiKey} (auth.apiKeys)` : `${LABELS[k]} (auth.${k})`;

/** The first security alternative the configured credentials satisfy (an empty one as the last resort). */
function pickAuth(op: OperationSpec, auth: AuthOptions): readonly AuthKind[] | undefined {
  const alternatives = op.security;
  if (!alternatives?.length) return undefined;
  const has = (k: AuthKind) => (typeof k === 'object' ? auth.apiKeys?.[k.apiKey] != null : auth[k] != null);
  const found = alternatives.find((alt) => alt.length && alt.every(has)) ?? alternatives.find((alt) => !alt.length);
  if (found) return found;
  const configured = (['bearer', 'oauth2', 'oauth1', 'basic'] as const).filter((k) => auth[k] != null).map(label);
  throw new CredentialsError(
    op.id,
    `needs ${alternatives.map((alt) => alt.map(label).join(' and ')).join(' or ')}; ` +
      (configured.length
        ? `the client has only ${configured.join(' and ')}`
        : 'the client has no credentials (createClient({ auth }))'),
  );
}

async function applyAuth(
  plan: readonly AuthKind[],
  auth: AuthOptions,
  h: HeaderRecord,
  url: string,
  method: string,
  form: URLSearchParams | undefined,
  refresh: boolean,
  extra: ExtraAuth | undefined,
): Promise<string> {
  // API keys and basic first: an API key in the query is part of what OAuth 1.0a signs.
  for (const k of plan) {
    if (k === 'basic' || typeof k === 'object') {
      if (!extra) throw new TypeError('this client has no apiKey/basic support');
      url = extra(k, auth, h, url);
    }
  }
  for (const k of plan) {
    if (k === 'oauth1') h.authorization = await auth.oauth1!({ method, url, body: form });
    else if (k === 'bearer' || k === 'oauth2')
      h.authorization = 'Bearer ' + (await token(auth[k]!, refresh && k === 'oauth2'));
  }
  return url;
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
