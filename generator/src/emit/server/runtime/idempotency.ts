/**
 * Deduplication by idempotency key (draft-ietf-httpapi-idempotency-key-header), as server middleware:
 * `createHandler(handlers, { middleware: [idempotency()] })`. A request carrying the key header runs its
 * handler once; a repeat of it (same principal, operation and key) is answered with the stored result —
 * status, headers and body, serialized again by the same code, so the same bytes — plus
 * `Idempotent-Replayed: true`, without running the handler again.
 *
 * Choices, after Stripe's API (whose behaviour the draft describes):
 * - a repeat while the first request is still running gets a 409 problem with `Retry-After: 1` at once
 *   (no waiting: a blocked request holds a connection and may outlive the client's timeout; the generated
 *   client retries a 409 of a keyed call);
 * - a repeat whose parameters or body differ gets a 422 problem (the key was reused for another request);
 * - a result is stored once the handler produced it, whatever its status; a handler that threw leaves no
 *   record (the key can be retried); streamed bodies are not stored.
 *
 * Records live in an `IdempotencyStore`: in memory by default (TTL 24 h, at most 10 000 keys, oldest
 * evicted first: one process only), or any store with an atomic add (Redis `SET NX PX`, a unique index).
 */
import { ProblemFactory } from './problems.js';
import type { HandlerContext, HandlerResult, ServerMiddleware } from './types.js';

/** What a key holds: the request it was first used with, and its result once the handler gave one. */
export interface IdempotencyRecord {
  /** The request's operation, parameters and body, to tell a repeat from another request under the same key. */
  fingerprint: string;
  result?: HandlerResult;
}

/** Where records are kept. Every method may be async (a shared store across processes). */
export interface IdempotencyStore {
  /** Adds `record` under `key` unless the key is present, atomically; true when added. */
  add(key: string, record: IdempotencyRecord, ttlMs: number): boolean | Promise<boolean>;
  get(key: string): IdempotencyRecord | undefined | Promise<IdempotencyRecord | undefined>;
  /** Replaces the record of a key this middleware added (its result arrived). */
  set(key: string, record: IdempotencyRecord, ttlMs: number): void | Promise<void>;
  delete(key: string): void | Promise<void>;
}

export interface IdempotencyOptions {
  /**
   * The request header carrying the key, for every operation. Default: the operation's own, as the spec
   * declares it or the config's `idempotencyKey` names it, else `Idempotency-Key`.
   */
  header?: string;
  /** How long a key is remembered. Default 24 h. */
  ttlMs?: number;
  /** Default: `memoryIdempotencyStore({ maxEntries: 10_000 })`. */
  store?: IdempotencyStore;
}

/** Longest key accepted (Stripe's limit); a longer one is a 400 problem. */
const MAX_KEY_LENGTH = 255;
const DAY = 86_400_000;

/** An in-memory store for one process: expired keys dropped on access, the oldest evicted above `maxEntries`. */
export function memoryIdempotencyStore(options: { maxEntries?: number; now?: () => number } = {}): IdempotencyStore {
  const { maxEntries = 10_000, now = Date.now } = options;
  const entries = new Map<string, { record: IdempotencyRecord; expires: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.expires <= now()) entries.delete(key);
    return entries.get(key);
  };
  const put = (key: string, record: IdempotencyRecord, ttlMs: number) => {
    entries.delete(key);
    entries.set(key, { record, expires: now() + ttlMs });
    // Map order is insertion order: the first keys are the oldest.
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break;
      entries.delete(oldest);
    }
  };
  return {
    add(key, record, ttlMs) {
      if (live(key)) return false;
      put(key, record, ttlMs);
      return true;
    },
    get: (key) => live(key)?.record,
    set: put,
    delete(key) {
      entries.delete(key);
    },
  };
}

/** The deduplicating middleware for the generated server (see the top of this file). */
export function idempotency(options: IdempotencyOptions = {}): ServerMiddleware {
  const ttl = options.ttlMs ?? DAY;
  const store = options.store ?? memoryIdempotencyStore();
  // about:blank problems: the runtime's own answers, as for its other refusals (no spec problem types needed).
  const problems = new ProblemFactory({ problems: {}, problemPath: '', problemRoles: {} });
  /** The store key each request this middleware admitted claimed, with its fingerprint. */
  const claimed = new WeakMap<HandlerContext, { id: string; fingerprint: string }>();
  return {
    async onRequest({ operation, context, idempotencyKey }) {
      const header = options.header ?? idempotencyKey ?? 'Idempotency-Key';
      const key = context.request.headers.get(header);
      if (key === null) return undefined;
      if (key.length > MAX_KEY_LENGTH)
        return problems.aboutBlank(400, `the ${header} header is longer than ${MAX_KEY_LENGTH} characters`);
      const id = JSON.stringify([context.principal ?? null, operation, key]);
      const fingerprint = JSON.stringify([context.params, context.query, context.body]);
      if (await store.add(id, { fingerprint }, ttl)) {
        claimed.set(context, { id, fingerprint });
        return undefined;
      }
      const found = await store.get(id);
      if (found && found.fingerprint !== fingerprint)
        return problems.aboutBlank(422, 'this idempotency key was used with a different request');
      if (!found?.result)
        return problems.aboutBlank(409, 'a request with this idempotency key is still in progress', {
          'retry-after': '1',
        });
      const stored = found.result;
      return { ...stored, headers: { ...stored.headers, 'idempotent-replayed': 'true' } };
    },
    async onResponse({ context, result }) {
      const own = claimed.get(context);
      if (!own) return undefined;
      if (typeof ReadableStream !== 'undefined' && result.body instanceof ReadableStream) await store.delete(own.id);
      else await store.set(own.id, { fingerprint: own.fingerprint, result: structuredClone(result) }, ttl);
      return undefined;
    },
    async onError({ context }) {
      const own = claimed.get(context);
      if (own) await store.delete(own.id);
      return undefined;
    },
  };
}
