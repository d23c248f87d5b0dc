/**
 * The errors a call can reject with. Every class sets `name` to a literal (class names do not survive
 * minification) and carries `operation`, the method that failed.
 *
 * - `ApiError`: the server answered with a non-success status; `body` is typed as the spec declares it.
 * - `RateLimitError`: a 429 whose reset was too far away (or the retries ran out); `reset` says when.
 * - `NetworkError`, `TimeoutError`, `AbortError`: no usable response.
 * - `CredentialsError`: the operation's security requirement cannot be met; thrown before any request.
 * - `RequestValidationError`, `ResponseValidationError`: opt-in validation failed.
 */
import type { ProblemLike, RateLimit, ValidationErrorLike } from './types.js';

/** The problem members of a body type: the union members that have a string `type` (any problem when unknown). */
export type ProblemOf<B> = unknown extends B ? ProblemLike : Extract<B, { type: string }>;

export class ApiError<B = unknown> extends Error {
  override name = 'ApiError';
  /** RFC 7807 problem, when the body is one (its `type` selects the variant; see `isProblem`). */
  readonly problem: ProblemOf<B> | undefined;
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly headers: Headers,
    /** The parsed body (JSON), the text, or `undefined` when empty. */
    readonly body: B,
    readonly rateLimit?: RateLimit,
    message?: string,
  ) {
    const p = asProblem(body);
    super(message ?? `${operation}: ${status}${describe(body, p)}`);
    this.problem = p as ProblemOf<B> | undefined;
  }
}

export class RateLimitError<B = unknown> extends ApiError<B> {
  override name = 'RateLimitError';
  /** When the limit resets (`x-rate-limit-reset`), if the server said. */
  readonly reset: Date | undefined;
  constructor(operation: string, headers: Headers, body: B, rateLimit: RateLimit | undefined) {
    super(operation, 429, headers, body, rateLimit);
    this.reset = rateLimit?.reset;
    this.message += this.reset ? ` (resets at ${this.reset.toISOString()})` : '';
  }
}

/** The request failed below HTTP (DNS, connection refused or reset, TLS, unreadable body). */
export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(readonly operation: string, cause: unknown) {
    super(`${operation}: network error: ${(cause as Error)?.message ?? cause}`, { cause });
  }
}

/** An attempt took longer than `timeoutMs`. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
  constructor(readonly operation: string, readonly timeoutMs: number) {
    super(`${operation}: timed out after ${timeoutMs} ms`);
  }
}

/** The caller's `AbortSignal` fired (during the request or a wait); `cause` is the signal's reason. */
export class AbortError extends Error {
  override name = 'AbortError';
  constructor(readonly operation: string, cause?: unknown) {
    super(`${operation}: aborted`, { cause });
  }
}

/** The client has no credentials that satisfy the operation's security requirement. */
export class CredentialsError extends Error {
  override name = 'CredentialsError';
  constructor(readonly operation: string, message: string) {
    super(message);
  }
}

export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  constructor(
    readonly operation: string,
    /** `path`, `query`, `header`, `cookie` or `body`. */
    readonly location: string,
    readonly errors: ValidationErrorLike[],
  ) {
    super(`${operation}: invalid ${location}: ${formatErrors(location, errors)}`);
  }
}

export class ResponseValidationError extends Error {
  override name = 'ResponseValidationError';
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly body: unknown,
    readonly errors: ValidationErrorLike[],
  ) {
    super(`${operation}: invalid ${status} response: ${formatErrors('body', errors)}`);
  }
}

function formatErrors(location: string, errors: ValidationErrorLike[]): string {
  return errors.map((e) => `${location}${e.instancePath} ${e.message}`).join('; ');
}

/** The body as a problem when it looks like one (a string `type` and, unless told by the media type, a `title`). */
export function asProblem(body: unknown): ProblemLike | undefined {
  const b = body as ProblemLike | null;
  return b && typeof b === 'object' && typeof b.type === 'string' && typeof b.title === 'string' ? b : undefined;
}

function describe(body: unknown, problem: ProblemLike | undefined): string {
  const b = body as { message?: unknown; title?: unknown; detail?: unknown } | undefined;
  const text = problem ? [problem.title, problem.detail].filter(Boolean).join(': ') : b && typeof b === 'object' ? b.message : b;
  return typeof text === 'string' && text ? ` ${text.slice(0, 300)}` : '';
}
