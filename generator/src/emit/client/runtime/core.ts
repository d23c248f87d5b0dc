/**
 * The request engine: one `send` for every operation — `prepare` (the request from the operation's spec and
 * the call's argument, the credentials plan), then attempts (`sendOnce`: credentials applied, the body read)
 * until one answers, then the answer as data or as the error the call rejects with.
 *
 * Everything else is a feature or a hook the core calls without importing its module, so a bundle carries
 * only what it uses: client features (`Features`: validation, middleware, retries, rate limits, timeouts),
 * passed by `createClient` (all) or `createCore` (those it is given), and operation hooks
 * (`OperationSpec.hooks`: deprecation notices, dates), on the table entries of the operations that need them.
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
  OperationSpec,
  RateLimit,
  RuntimeOptions,
  TokenSource,
} from './types.js';
import type { runMiddleware } from './middleware.js';
import type { Timeouts } from './timeout.js';

/** A call's argument: parameters by key, `body`. */
export type Args = Record<string, unknown>;

/**
 * Steps the core runs at fixed points of every call, for one operation (`OperationSpec.hooks`) or every
 * call (the `validation` feature). Each is optional; they run in order: the feature's, then the operation's.
 */
export interface Hook {
  /** The call's argument before the request is built; returns the argument to send (dates: `Date`s as text). */
  args?(rt: Runtime, op: OperationSpec, args: Args | undefined): Args | undefined;
  /** The request, built, before its first attempt (request validation). */
  ready?(rt: Runtime, p: Prepared): void | Promise<void>;
  /** The final answer's parsed body (success or failure); returns the body the caller gets (dates revived). */
  body?(rt: Runtime, p: Prepared, res: Response, data: unknown): unknown;
  /** Checks one item of a streamed success body (the `validation` feature). */
  item?(op: OperationSpec, status: number, mediaType: string, item: unknown): Promise<void>;
}

/** Loads the middleware runner (middleware.ts), the `middleware` feature. */
export type MiddlewareLoader = () => Promise<typeof runMiddleware>;

/**
 * What a client adds to the core, each only when its caller needs it: the core references none of their
 * modules, so a bundle that does not pass one does not carry its code.
 */
export interface Features {
  /** Request and response checks (validation.ts `validating`), the validators loaded on first use. */
  validation?: Hook | undefined;
  /** `apiKey`, http `basic` and OAuth 1.0a credentials for every operation (entries carry their own `extraAuth`). */
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

/** Option → the feature it needs (with `createCore`). */
const NEEDS = { retry: 'retries', timeoutMs: 'timeouts', middleware: 'middleware', validate: 'validation' } as const;

/**
 * Throws when the client's or a call's options use a feature the core was not given (`createCore` without
 * it), rather than leaving the option without effect. Used: a truthy option, a non-empty middleware list, a
 * `validate` that asks for something.
 */
function needs(o: RuntimeOptions | CallOptions, features: Features): void {
  for (const [option, feature] of Object.entries(NEEDS)) {
    const v = (o as Record<string, { length?: number; request?: unknown; response?: unknown }>)[option];
    if (v && (v.length ?? (option !== 'validate' || v.request || v.response)) && !features[feature as keyof Features])
      throw new TypeError(
        `${option} needs the ${feature} feature: createCore(options, { ${feature} }), exported by the client package`,
      );
  }
}

export function createRuntime(options: RuntimeOptions, features: Features = {}): Runtime {
  if (typeof options?.baseUrl !== 'string') throw new TypeError('createClient: baseUrl is required');
  const { validation, retries, rateLimits } = features;
  needs(options, features);
  // 429 waits read the reset header too.
  const readRateLimit = (rateLimits ?? retries)?.read;
  const clientHeaders = headerRecord(options.headers);

  async function send(op: OperationSpec, argument: object | undefined, call: CallOptions = {}): Promise<Sent> {
    needs(call, features);
    const hooks = [validation, ...(op.hooks ?? [])];
    let args = argument as Args | undefined;
    for (const h of hooks) if (h?.args) args = h.args(rt, op, args);
    const p = prepare(options, clientHeaders, op, args, call);
    for (const h of hooks) await h?.ready?.(rt, p);
    let refresh = false;
    for (let attempt = 0; ; attempt++) {
      const sent = await sendOnce(options, p, refresh, features, attempt);
      if ('hookError' in sent) throw sent.hookError;
      const res = 'res' in sent ? sent.res : undefined;
      const rateLimit = res && readRateLimit?.(res.headers, op.rateLimit);
      // One forced token refresh after a 401, when the OAuth 2.0 token comes from a refreshing provider.
      if (res?.status === 401 && !refresh && p.plan?.includes('oauth2') && typeof p.auth.oauth2 === 'object') {
        refresh = true;
        attempt--;
        continue;
      }
      if (!res?.ok && (await retries?.wait(p, attempt, res, rateLimit))) continue;
      if (!res) throw (sent as { failure: Error }).failure;
      let data = (sent as { data: unknown }).data;
      for (const h of hooks) if (h?.body) data = await h.body(rt, p, res, data);
      const { close } = sent as { close?: () => void };
      if (res.ok) return { data, status: res.status, headers: res.headers, rateLimit, response: res, close };
      throw decodeFailure(op.id, res, data, rateLimit, rateLimits);
    }
  }

  const check: Runtime['check'] = (op, status, mediaType, item) => validation!.item!(op, status, mediaType, item);
  const rt: Runtime = { options, send, check };
  return rt;
}

/** A call made ready to send: URL, headers, body, credentials plan, and the call's options. */
export interface Prepared {
  op: OperationSpec;
  /** The argument as sent (after the hooks' `args`). */
  args: Args | undefined;
  url: string;
  headers: HeaderRecord;
  payload: BodyInit | undefined;
  /** OAuth 1.0a signs the parameters of a form body. */
  form: URLSearchParams | undefined;
  auth: AuthOptions;
  plan: readonly AuthKind[] | undefined;
  signal: AbortSignal | undefined;
  /** How the caller reads a successful body (see `CallOptions.parseAs`). */
  parseAs: CallOptions['parseAs'];
  /** The client's options and the call's: what the features read (retry, timeoutMs, middleware). */
  options: RuntimeOptions;
  call: CallOptions;
}

/** prepare: the request from the operation's spec and the call's argument; credentials decided before any attempt. */
export function prepare(
  options: RuntimeOptions,
  clientHeaders: HeaderRecord | undefined,
  op: OperationSpec,
  args: Args | undefined,
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
  // Body: by the entry's encoder (JSON, a form, or passed through as given); entries without a body have none.
  const body = args?.body;
  const encoded = body !== undefined ? op.encode?.(op, body, call) : undefined;
  if (encoded?.contentType) headers['content-type'] = encoded.contentType;
  else if (encoded?.type) headers['content-type'] ??= encoded.type;
  // Credentials: decided before the first attempt, so a missing one fails without a request.
  const auth = options.auth ?? {};
  const plan = headers.authorization === undefined ? pickAuth(op, auth) : undefined;
  const { body: payload, form } = encoded ?? {};
  return { op, args, url: built.url, headers, payload, form, auth, plan, signal, parseAs: call.parseAs, options, call };
}

type Attempt = { res: Response; data: unknown; close?: () => void } | { failure: Error } | { hookError: unknown };

/**
 * send: one attempt with credentials applied, under the timeout (the `timeouts` feature) and the caller's
 * signal, through the middleware (the `middleware` feature) when there is any; the body read (decode).
 */
export async function sendOnce(
  options: RuntimeOptions,
  p: Prepared,
  refresh: boolean,
  features: Features = {},
  attempt = 0,
): Promise<Attempt> {
  const { op, signal } = p;
  const { middleware: loadMiddleware } = features;
  let h = p.headers;
  let url = p.url;
  if (p.plan?.length) {
    h = Object.assign(Object.create(null), h);
    url = await applyAuth(p.plan, p.auth, h, url, op.method, p.form, refresh, op.extraAuth ?? features.extraAuth);
  }
  const ctl = new AbortController();
  const onAbort = () => ctl.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort);
  const timer = features.timeouts?.(p, () => ctl.abort());
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
    // The client's middleware, then the call's (the runner is loaded on first use).
    const list = loadMiddleware ? [...(options.middleware ?? []), ...(p.call.middleware ?? [])] : [];
    let res: Response;
    if (list.length) {
      const mediated = await (await loadMiddleware!())(list, url, init, { operation: op.id, attempt, fetch: fetchFn });
      if ('hookError' in mediated) return (release(), mediated);
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

/** The option a credential kind is configured by (the `AuthOptions` member; its documentation says what it holds). */
const option = (k: AuthKind) => (typeof k === 'object' ? `auth.apiKeys.${k.apiKey}` : `auth.${k}`);

/** The first security alternative the configured credentials satisfy (an empty one as the last resort). */
function pickAuth(op: OperationSpec, auth: AuthOptions): readonly AuthKind[] | undefined {
  const alternatives = op.security;
  if (!alternatives?.length) return undefined;
  const has = (k: AuthKind) => (typeof k === 'object' ? auth.apiKeys?.[k.apiKey] : auth[k]) != null;
  const found = alternatives.find((alt) => alt.length && alt.every(has)) ?? alternatives.find((alt) => !alt.length);
  if (found) return found;
  const configured = Object.keys(auth).filter((k) => auth[k as keyof AuthOptions] != null);
  throw new CredentialsError(
    op.id,
    `needs ${alternatives.map((alt) => alt.map(option).join(' and ')).join(' or ')}; the client has ${
      configured.length ? configured.map((k) => 'auth.' + k).join(', ') : 'none (createClient({ auth }))'
    }`,
  );
}

/** Applies a plan: basic, API keys and OAuth 1.0a by the entry's `extraAuth`, then bearer and OAuth 2.0 tokens. */
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
  if (plan.some((k) => k !== 'bearer' && k !== 'oauth2')) {
    if (!extra) throw new TypeError('this client has no apiKey/basic/OAuth 1.0a support');
    url = await extra(plan, auth, h, url, method, form);
  }
  for (const k of plan) {
    if (k === 'bearer' || k === 'oauth2')
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
