/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * The client runtime: everything the generated client needs that does not depend on the spec. The
 * OAuth helpers live in `./oauth1.js` and `./oauth2.js` so bundles that do not use them do not carry them.
 */
export { bindOperations } from './bind.js';
export { apiPromise, createRuntime, type CoreFeatures, type Feature, type Runtime } from './core.js';
export { detailed, errorDetails, listDetails, type ErrorDetails } from './error-details.js';
export { results, type Results } from './results.js';
export { extraQuery, type QueryWriter } from './extra-query.js';
export { mediating } from './mediate.js';
export { rateLimitOf, rateLimits } from './rate-limit.js';
export { retries } from './retry.js';
export { timeouts } from './timeout.js';
export {
  AbortError,
  ClientError,
  ApiError,
  CredentialsError,
  NetworkError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
  asProblem,
  type ProblemOf,
} from './errors.js';
export { paginate, type Paginator } from './paginate.js';
export { buildRequest, pointer, serializeDefault, writeDefault } from './serialize.js';
export { serializeParam, writeParam } from './styles.js';
export {
  disconnectProblem,
  matchesProblem,
  shouldReconnect,
  stream,
  streams,
  type Framing,
  type StreamDecoder,
  type StreamItem,
  type StreamState,
} from './stream.js';
export { lineSplitter, ndjsonFraming } from './ndjson.js';
export { jsonSeqFraming } from './json-seq.js';
export { eventStreamParser, sseFraming } from './sse.js';
export type * from './types.js';
export { encodeForm } from './form.js';
export { extraAuth } from './auth-extra.js';
