/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * The errors a call can reject with, all `ClientError`s carrying `operation` (the method that failed).
 * Every class sets `name` to a literal (class names do not survive minification).
 *
 * - `ApiError`: the server answered with a non-success status; `body` is typed as the spec declares it.
 * - `RateLimitError` (an `ApiError`): a 429 whose reset was too far away, or the retries ran out.
 * - `NetworkError`, `TimeoutError`, `AbortError`: no usable response.
 * - `CredentialsError`: the operation's security requirement cannot be met; thrown before any request.
 * - `RequestValidationError`, `ResponseValidationError`: opt-in validation failed.
 */
import type { ProblemLike, RateLimit, ValidationErrorLike } from './types.js';

/** The problem members of a body type: the union members that have a string `type` (any problem when unknown). */
export type ProblemOf<B> = unknown extends B ? ProblemLike : Extract<B, { type: string }>;

/** Base of every error the client throws. The message starts with the operation. */
export class ClientError extends Error {
  declare readonly operation: string;
  constructor(operation: string, message: string, cause?: unknown) {
    super(`${operation}: ${message}`, { cause });
    this.operation = operation;
  }
}

export class ApiError<B = unknown> extends ClientError {
  override name = 'ApiError';
  declare readonly status: number;
  declare readonly headers: Headers;
  /** The parsed body (JSON), the text, or `undefined` when empty. */
  declare readonly body: B;
  /** RFC 7807 problem, when the body is one (its `type` selects the variant; see `isProblem`). */
  declare readonly problem: ProblemOf<B> | undefined;
  declare readonly rateLimit: RateLimit | undefined;
  /** The response the error was read from (its body consumed), when a call received one. */
  declare readonly response: Response | undefined;
  constructor(
    operation: string,
    status: number,
    headers: Headers,
    body: B,
    rateLimit?: RateLimit,
    response?: Response,
  ) {
    const problem = asProblem(body);
    const text = problem
      ? [problem.title, problem.detail].filter(Boolean).join(': ')
      : ((body as { message?: unknown })?.message ?? body);
    super(operation, status + (typeof text === 'string' && text ? ' ' + text.slice(0, 200) : ''));
    Object.assign(this, { status, headers, body, problem, rateLimit, response });
  }
}

export class RateLimitError<B = unknown> extends ApiError<B> {
  override name = 'RateLimitError';
  /** When the limit resets (the spec's reset header), if the server said. */
  declare readonly reset: Date | undefined;
  constructor(operation: string, headers: Headers, body: B, rateLimit: RateLimit | undefined, response?: Response) {
    super(operation, 429, headers, body, rateLimit, response);
    const reset = rateLimit?.reset;
    Object.assign(this, { reset, message: this.message + (reset ? ` (resets at ${reset.toISOString()})` : '') });
  }
}

/** The request failed below HTTP (DNS, connection refused or reset, TLS, unreadable body); `cause` says why. */
export class NetworkError extends ClientError {
  override name = 'NetworkError';
}

/** An attempt took longer than `timeoutMs` (or a stream was idle that long). */
export class TimeoutError extends ClientError {
  override name = 'TimeoutError';
  declare readonly timeoutMs: number;
  constructor(operation: string, timeoutMs: number) {
    super(operation, `timed out after ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's `AbortSignal` fired (during the request or a wait); `cause` is the signal's reason. */
export class AbortError extends ClientError {
  override name = 'AbortError';
}

/** The client has no credentials that satisfy the operation's security requirement. */
export class CredentialsError extends ClientError {
  override name = 'CredentialsError';
}

/** A parameter or the body failed the validators' check; nothing was sent. */
export class RequestValidationError extends ClientError {
  override name = 'RequestValidationError';
  /** `path`, `query`, `header`, `cookie` or `body`. */
  declare readonly location: string;
  declare readonly errors: ValidationErrorLike[];
  constructor(operation: string, location: string, errors: ValidationErrorLike[]) {
    super(operation, `invalid ${location}: ${formatErrors(location, errors)}`);
    Object.assign(this, { location, errors });
  }
}

/** A success body failed the validators' check. */
export class ResponseValidationError extends ClientError {
  override name = 'ResponseValidationError';
  declare readonly status: number;
  declare readonly body: unknown;
  declare readonly errors: ValidationErrorLike[];
  constructor(operation: string, status: number, body: unknown, errors: ValidationErrorLike[]) {
    super(operation, `invalid ${status} response: ${formatErrors('body', errors)}`);
    Object.assign(this, { status, body, errors });
  }
}

const formatErrors = (location: string, errors: ValidationErrorLike[]) =>
  errors.map((e) => `${location}${e.instancePath} ${e.message}`).join('; ');

/** The body as a problem when it looks like one: a string `type` and a string `title`. */
export function asProblem(body: unknown): ProblemLike | undefined {
  const b = body as ProblemLike | null;
  return b && typeof b === 'object' && typeof b.type === 'string' && typeof b.title === 'string' ? b : undefined;
}
