/**
 * The request engine: one `send` for every operation. It builds the request from the operation's spec
 * and the call's argument, applies the credentials the operation's security requirement asks for, runs
 * the attempt loop (timeouts, 429 waits, retries of idempotent requests with backoff and jitter, one
 * OAuth 2.0 refresh after a 401), parses the body and maps failures to the error classes.
 *
 * Headers travel as null-prototype records with lower-case names until `fetch`: cheaper than `Headers`
 * objects on the hot path, and a header named `__proto__` stays an ordinary entry.
 */
import {
  AbortError,
  ApiError,
  CredentialsError,
  NetworkError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
} from './errors.js';
import type { ExtraAuth } from './auth-extra.js';
import { decodeBody, isStreamBody, leavesBodyUnread } from './body.js';
import type { BodyEncoder } from './form.js';
import { buildRequest, headerRecord, type HeaderRecord } from './serialize.js';
import type {
  ApiPromise,
  ApiResponse,
  AuthKind,
  AuthOptions,
  CallOptions,
  OperationSpec,
  RateLimit,
  RetryOptions,
  RuntimeOptions,
  TokenSource,
  ValidatorsLoader,
} from './types.js';
import type { Checker } from './validate.js';

export interface Sent extends ApiResponse<unknown> {
  /** Streams only: closes the connection (and releases the caller's signal). */
  close?: () => void;
}

export interface Runtime {
  readonly options: RuntimeOptions;
  /** Sends one call. With `stream`, a success resolves as soon as the headers arrive, body unread. */
  send(op: OperationSpec, args: Record<string, unknown> | undefined, call?: CallOptions, stream?: boolean): Promise<Sent>;
}

const IDEMPOTENT = /^(GET|HEAD|OPTIONS|PUT|DELETE|TRACE)$/;

export function createRuntime(
  options: RuntimeOptions,
  loadValidators?: ValidatorsLoader,
  encodeBody?: BodyEncoder,
  extraAuth?: ExtraAuth,
): Runtime {
  const clientHeaders = headerRecord(options.headers);
  // Deprecated operations already announced to `onDeprecated` by this client.
  const announced = new Set<string>();
  // Loaded on first use only: bundles split validation (and the validators package) off the initial chunk.
  let checks: Promise<Checker> | undefined;
  const checker = () =>
    (checks ??= import('./validate.js').then((m) => m.checker(loadValidators, { RequestValidationError, ResponseValidationError })));

  async function send(
    op: OperationSpec,
    args: Record<string, unknown> | undefined,
    call: CallOptions = {},
    stream?: boolean,
  ): Promise<Sent> {
    const { signal } = call;
    const id = op.id;
    if (signal?.aborted) throw new AbortError(id, 'aborted', signal.reason);
    if (op.deprecated && options.onDeprecated && !announced.has(id)) {
      announced.add(id);
      options.onDeprecated(typeof op.deprecated === 'string' ? { operation: id, deprecatedAt: op.deprecated } : { operation: id });
    }
    const built = buildRequest(options.baseUrl, op, args);
    const headers: HeaderRecord = Object.assign(
      Object.create(null),
      clientHeaders,
      built.headers,
      call.headers && headerRecord(call.headers),
    );

    // Body: JSON, a form (when the client has the form encoder), or passed through as given.
    const body = args?.body;
    let payload: BodyInit | undefined;
    const type = op.body;
    if (type && body !== undefined) {
      payload = /json/i.test(type) ? JSON.stringify(body) : (encodeBody?.(type, body) ?? (body as BodyInit));
      // fetch sets the type of forms itself (with the multipart boundary).
      if (!(payload instanceof URLSearchParams || payload instanceof FormData)) headers['content-type'] ??= type;
    }
    // OAuth 1.0a signs the parameters of a form body.
    const form = payload instanceof URLSearchParams ? payload : undefined;

    const check = options.validate;
    // The body is checked as sent (dates as strings): the JSON text parsed back.
    if (check?.request) (await checker()).request(op, built.values, typeof payload === 'string' ? JSON.parse(payload) : isBytes(body) ? undefined : body);

    // Credentials: decided before the first attempt, so a missing one fails without a request.
    const auth = options.auth ?? {};
    const plan = headers.authorization === undefined ? pickAuth(op, auth) : undefined;
    // Per-call retry options refine the client's; `false` at either level (the call's winning) turns retries off.
    const off = call.retry === false || (call.retry === undefined && options.retry === false);
    // A streamed request body is read once: it cannot be sent again.
    const r: RetryOptions = off || isStreamBody(payload) ? { retries: 0 } : { ...options.retry, ...call.retry };
    const retries = r.retries ?? 2;
    const timeoutMs = call.timeoutMs ?? options.timeoutMs ?? 30_000;
    const idempotent = IDEMPOTENT.test(op.method);
    const fetchImpl = options.fetch ?? globalThis.fetch;
    let refresh = false;

    for (let attempt = 0; ; attempt++) {
      let h = headers;
      let url = built.url;
      if (plan?.length) {
        h = Object.assign(Object.create(null), headers);
        url = await applyAuth(plan, auth, h, url, op.method, form, refresh, extraAuth);
      }

      const ctl = new AbortController();
      let timedOut = false;
      const onAbort = () => ctl.abort(signal?.reason);
      signal?.addEventListener('abort', onAbort);
      let timer = timeoutMs > 0 ? setTimeout(() => ((timedOut = true), ctl.abort()), timeoutMs) : undefined;
      const release = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      let res: Response;
      let data: unknown;
      try {
        const init: RequestInit & { duplex?: 'half' } = { method: op.method, headers: h, body: payload ?? null, signal: ctl.signal };
        if (isStreamBody(payload)) init.duplex = 'half';
        res = await fetchImpl(url, init);
        if (stream && res.ok) {
          clearTimeout(timer);
          timer = undefined;
          const close = () => (release(), ctl.abort());
          return { data: undefined, status: res.status, headers: res.headers, rateLimit: rateLimitOf(res.headers), response: res, close };
        }
        if (res.ok && leavesBodyUnread(call.parseAs)) {
          // The caller reads the body: no timeout on it; the call's signal still aborts it.
          clearTimeout(timer);
          timer = undefined;
        }
        data = await decodeBody(op, res, call.parseAs);
      } catch (e) {
        release();
        if (signal?.aborted) throw new AbortError(id, 'aborted', signal.reason);
        const failure = timedOut
          ? new TimeoutError(id, timeoutMs)
          : new NetworkError(id, `network error: ${(e as Error)?.message ?? e}`, e);
        if (!idempotent || attempt >= retries) throw failure;
        await sleep(backoff(r, attempt), signal, id);
        continue;
      }
      if (!(res.ok && leavesBodyUnread(call.parseAs))) release();
      const rateLimit = rateLimitOf(res.headers);
      if (res.ok) {
        if (check?.response && data !== undefined && call.parseAs === undefined && !(data instanceof Blob)) (await checker()).response(op, res.status, res.headers.get('content-type'), data);
        return { data, status: res.status, headers: res.headers, rateLimit, response: res };
      }
      // One forced token refresh after a 401, when the OAuth 2.0 token comes from a refreshing provider.
      if (res.status === 401 && !refresh && plan?.includes('oauth2') && typeof auth.oauth2 === 'object') {
        refresh = true;
        attempt--;
        continue;
      }
      if (attempt < retries) {
        let wait: number | undefined;
        const max = r.maxRateLimitWaitMs ?? 60_000;
        if (res.status === 429) {
          const until = rateLimit?.reset ? rateLimit.reset.getTime() - Date.now() : retryAfter(res.headers);
          if (until !== undefined && until <= max) wait = Math.max(until, 0);
        } else if (res.status === 503 && idempotent) {
          const until = retryAfter(res.headers);
          wait = until === undefined ? backoff(r, attempt) : until <= max ? until : undefined;
        }
        if (wait !== undefined) {
          await sleep(wait, signal, id);
          continue;
        }
      }
      throw res.status === 429
        ? new RateLimitError(id, res.headers, data, rateLimit)
        : new ApiError(id, res.status, res.headers, data, rateLimit);
    }
  }

  return { options, send };
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

// ---------------------------------------------------------------------------------------------------

const LABELS: Record<string, string> = {
  bearer: 'an app-only bearer token',
  oauth2: 'an OAuth 2.0 user-context token',
  oauth1: 'OAuth 1.0a user-context credentials',
  basic: 'HTTP basic credentials',
};

const label = (k: AuthKind) => (typeof k === 'object' ? `the API key ${k.apiKey} (auth.apiKeys)` : `${LABELS[k]} (auth.${k})`);

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
      (configured.length ? `the client has only ${configured.join(' and ')}` : 'the client has no credentials (createClient({ auth }))'),
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
    else if (k === 'bearer' || k === 'oauth2') h.authorization = 'Bearer ' + (await token(auth[k]!, refresh && k === 'oauth2'));
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

const num = (h: Headers, name: string) => {
  const v = h.get(name);
  return v?.trim() && !isNaN(+v) ? +v : undefined;
};

/** The `x-rate-limit-*` headers, or `undefined` when none is present. */
export function rateLimitOf(h: Headers): RateLimit | undefined {
  const limit = num(h, 'x-rate-limit-limit');
  const remaining = num(h, 'x-rate-limit-remaining');
  const reset = num(h, 'x-rate-limit-reset');
  if (limit === undefined && remaining === undefined && reset === undefined) return undefined;
  return { limit, remaining, reset: reset === undefined ? undefined : new Date(reset * 1000) };
}

/** `Retry-After` (seconds or an HTTP date) in ms from now. */
function retryAfter(h: Headers): number | undefined {
  const v = h.get('retry-after');
  const ms = v ? (isNaN(+v) ? Date.parse(v) - Date.now() : +v * 1000) : NaN;
  return isNaN(ms) ? undefined : Math.max(ms, 0);
}

/** Exponential backoff with equal jitter: half the delay fixed, half random. */
export function backoff(r: { baseDelayMs?: number | undefined; maxDelayMs?: number | undefined }, attempt: number): number {
  const d = Math.min(r.maxDelayMs ?? 10_000, (r.baseDelayMs ?? 500) * 2 ** attempt);
  return d / 2 + (Math.random() * d) / 2;
}

/** Resolves after `ms`, or rejects with `AbortError` as soon as the signal fires. */
export function sleep(ms: number, signal: AbortSignal | undefined, id: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(t);
      reject(new AbortError(id, 'aborted', signal!.reason));
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}

/** Binary bodies are not JSON values: request validation checks the parameters only. */
function isBytes(body: unknown): boolean {
  return (typeof Blob !== 'undefined' && body instanceof Blob) || body instanceof ArrayBuffer || ArrayBuffer.isView(body) || isStreamBody(body);
}
