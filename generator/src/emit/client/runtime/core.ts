/**
 * The request engine: one `send` for every operation. It builds the request from the operation's spec
 * and the call's argument, applies the credentials the operation's security requirement asks for, runs
 * the attempt loop (timeouts, 429 waits, retries of idempotent requests with backoff and jitter, one
 * OAuth 2.0 refresh after a 401), parses the body and maps failures to the error classes.
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
import { buildRequest, encode, scalar } from './serialize.js';
import type {
  ApiPromise,
  ApiResponse,
  AuthKind,
  AuthOptions,
  CallOptions,
  OperationSpec,
  OperationValidatorsLike,
  RateLimit,
  RuntimeOptions,
  TokenSource,
  ValidationResultLike,
  ValidatorsLoader,
} from './types.js';

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

export function createRuntime(options: RuntimeOptions, loadValidators?: ValidatorsLoader): Runtime {
  let validators: ReturnType<ValidatorsLoader> | undefined;
  const validatorsFor = async (op: OperationSpec): Promise<OperationValidatorsLike | undefined> => {
    if (!loadValidators) throw new Error('validation needs the validators package');
    return (await (validators ??= loadValidators()))[op.id];
  };

  async function send(op: OperationSpec, args: Record<string, unknown> | undefined, call: CallOptions = {}, stream?: boolean): Promise<Sent> {
    const { signal } = call;
    const id = op.id;
    if (signal?.aborted) throw new AbortError(id, signal.reason);
    const built = buildRequest(options.baseUrl, op, args);
    const headers = new Headers(options.headers);
    built.headers.forEach((v, k) => headers.set(k, v));
    new Headers(call.headers).forEach((v, k) => headers.set(k, v));

    // Body
    const body = args?.body;
    let payload: BodyInit | undefined;
    let form: URLSearchParams | undefined;
    const type = op.body;
    if (type && body !== undefined) {
      if (/json/i.test(type)) payload = JSON.stringify(body);
      else if (/x-www-form-urlencoded/i.test(type)) payload = form = toForm(body, new URLSearchParams()) as URLSearchParams;
      else if (/multipart\/form-data/i.test(type)) payload = body instanceof FormData ? body : (toForm(body, new FormData()) as FormData);
      else payload = body as BodyInit;
      if (!form && !(payload instanceof FormData) && !headers.has('content-type')) headers.set('content-type', type);
    }

    const check = options.validate;
    if (check?.request) {
      const vs = await validatorsFor(op);
      const v = built.values;
      const run = (location: string, r: ValidationResultLike | undefined) => {
        if (r && !r.valid) throw new RequestValidationError(id, location, r.errors);
      };
      run('path', vs?.pathParams?.(v.path));
      run('query', vs?.query?.(v.query));
      run('header', vs?.headers?.(v.header));
      run('cookie', vs?.cookies?.(v.cookie));
      if (type && body !== undefined) {
        const sent = typeof payload === 'string' && /json/i.test(type) ? JSON.parse(payload) : body;
        run('body', vs?.requestBody?.(sent, type, { direction: 'request' }));
      }
    }

    // Credentials: decided before the first attempt, so a missing one fails without a request.
    const auth = options.auth ?? {};
    const plan = headers.has('authorization') ? undefined : pickAuth(op, auth);
    const retry = call.retry ?? options.retry;
    const r = retry === false ? { retries: 0 } : retry ?? {};
    const retries = r.retries ?? 2;
    const timeoutMs = call.timeoutMs ?? options.timeoutMs ?? 30_000;
    const idempotent = IDEMPOTENT.test(op.method);
    const fetchImpl = options.fetch ?? globalThis.fetch;
    let refresh = false;

    for (let attempt = 0; ; attempt++) {
      const h = new Headers(headers);
      let url = built.url;
      if (plan) url = await applyAuth(plan, auth, h, url, op.method, form, refresh);

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
        res = await fetchImpl(url, { method: op.method, headers: h, body: payload, signal: ctl.signal });
        if (stream && res.ok) {
          clearTimeout(timer);
          timer = undefined;
          const close = () => (release(), ctl.abort());
          return { data: undefined, status: res.status, headers: res.headers, rateLimit: rateLimitOf(res.headers), response: res, close };
        }
        data = await readBody(res);
      } catch (e) {
        release();
        if (signal?.aborted) throw new AbortError(id, signal.reason);
        const failure = timedOut ? new TimeoutError(id, timeoutMs) : new NetworkError(id, e);
        if (!idempotent || attempt >= retries) throw failure;
        await sleep(backoff(r, attempt), signal, id);
        continue;
      }
      release();
      const rateLimit = rateLimitOf(res.headers);
      if (res.ok) {
        if (check?.response && data !== undefined) {
          const v = (await validatorsFor(op))?.response?.(res.status, mediaType(res), data, { direction: 'response' });
          if (v && !v.valid) throw new ResponseValidationError(id, res.status, data, v.errors);
        }
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
      throw res.status === 429 ? new RateLimitError(id, res.headers, data, rateLimit) : new ApiError(id, res.status, res.headers, data, rateLimit);
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
  bearer: 'an app-only bearer token (auth.bearer)',
  oauth2: 'an OAuth 2.0 user-context token (auth.oauth2)',
  oauth1: 'OAuth 1.0a user-context credentials (auth.oauth1)',
  basic: 'HTTP basic credentials (auth.basic)',
};

const label = (k: AuthKind) => (typeof k === 'object' ? `the API key ${k.apiKey} (auth.apiKeys)` : LABELS[k]);

/** The first security alternative the configured credentials satisfy (an empty one as the last resort). */
function pickAuth(op: OperationSpec, auth: AuthOptions): readonly AuthKind[] | undefined {
  const alternatives = op.security;
  if (!alternatives?.length) return undefined;
  const has = (k: AuthKind) => (typeof k === 'object' ? auth.apiKeys?.[k.apiKey] != null : auth[k] != null);
  const found = alternatives.find((alt) => alt.length && alt.every(has)) ?? alternatives.find((alt) => !alt.length);
  if (found) return found;
  const user = alternatives.every((alt) => alt.some((k) => k === 'oauth2' || k === 'oauth1'));
  const configured = (['bearer', 'oauth2', 'oauth1', 'basic'] as const).filter((k) => auth[k] != null).map(label);
  throw new CredentialsError(
    op.id,
    `${op.id} needs ${user ? 'user-context authentication: ' : ''}${alternatives.map((alt) => alt.map(label).join(' and ')).join(' or ')}; ` +
      (configured.length ? `the client has only ${configured.join(' and ')}` : 'the client has no credentials (createClient({ auth }))'),
  );
}

async function applyAuth(
  plan: readonly AuthKind[],
  auth: AuthOptions,
  h: Headers,
  url: string,
  method: string,
  form: URLSearchParams | undefined,
  refresh: boolean,
): Promise<string> {
  for (const k of plan) {
    if (typeof k !== 'object') continue;
    const value = auth.apiKeys![k.apiKey]!;
    if (k.in === 'header') h.set(k.name, value);
    else if (k.in === 'query') url += (url.includes('?') ? '&' : '?') + encode(k.name) + '=' + encode(value);
    else h.set('cookie', (h.get('cookie') ? h.get('cookie') + '; ' : '') + k.name + '=' + encode(value));
  }
  for (const k of plan) {
    if (k === 'oauth1') h.set('authorization', await auth.oauth1!({ method, url, body: form }));
    else if (k === 'basic') h.set('authorization', 'Basic ' + base64(`${auth.basic!.username}:${auth.basic!.password}`));
    else if (k === 'bearer' || k === 'oauth2') h.set('authorization', 'Bearer ' + (await token(auth[k]!, refresh && k === 'oauth2')));
  }
  return url;
}

function token(source: TokenSource, force: boolean): string | Promise<string> {
  return typeof source === 'string' ? source : typeof source === 'function' ? source() : source.getAccessToken(force);
}

/** UTF-8 text as base64, in any runtime. */
export function base64(text: string | Uint8Array): string {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

function toForm(body: unknown, form: URLSearchParams | FormData): URLSearchParams | FormData {
  for (const [k, v] of Object.entries(body as object)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      if (item === undefined) continue;
      if (typeof Blob !== 'undefined' && item instanceof Blob) (form as FormData).append(k, item);
      else form.append(k, item && typeof item === 'object' && !(item instanceof Date) ? JSON.stringify(item) : scalar(item));
    }
  }
  return form;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  if (!/[/+]json\b/i.test(res.headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch (e) {
    if (res.ok) throw e;
    return text;
  }
}

function mediaType(res: Response): string {
  return (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

const num = (h: Headers, name: string) => {
  const v = h.get(name);
  return v === null || v.trim() === '' || isNaN(+v) ? undefined : +v;
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
  if (!v) return undefined;
  const ms = isNaN(+v) ? Date.parse(v) - Date.now() : +v * 1000;
  return isNaN(ms) ? undefined : Math.max(ms, 0);
}

/** Exponential backoff with equal jitter: half the delay fixed, half random. */
export function backoff(r: { baseDelayMs?: number; maxDelayMs?: number }, attempt: number): number {
  const d = Math.min(r.maxDelayMs ?? 10_000, (r.baseDelayMs ?? 500) * 2 ** attempt);
  return d / 2 + (Math.random() * d) / 2;
}

/** Resolves after `ms`, or rejects with `AbortError` as soon as the signal fires. */
export function sleep(ms: number, signal: AbortSignal | undefined, id: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(t);
      reject(new AbortError(id, signal!.reason));
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}
