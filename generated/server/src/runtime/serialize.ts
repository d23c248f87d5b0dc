/* Copied by socialgen 0.1.0: the server runtime, identical for every spec. */
/**
 * The last stage: a handler's (or a stage's) result as status, headers and bytes, checked against the
 * operation's declared responses — an undeclared status, or in development mode a body that does not match
 * its schema, is reported and answered with a 500 problem.
 */
import { bodyKind } from './body.js';
import { isProblemBody, PROBLEM_MEDIA_TYPE } from './problems.js';
import { framedStream, isItemStream } from './framing.js';
import { binaryPayload } from './stream.js';
import { writeJson } from './json64.js';
import type { CompiledOperation, Incoming, Outgoing, Setup } from './stages.js';
import type { HandlerResult, TableOperation } from './types.js';

const VALIDATE_RESPONSE = { direction: 'response' as const };

export class ResponseMismatchError extends Error {
  constructor(
    message: string,
    readonly operation: string,
    readonly details: unknown,
  ) {
    super(message);
    this.name = 'ResponseMismatchError';
  }
}

/** The declared response for a status: exact, then `4XX`-style ranges, then `default`. */
export function findResponse(op: TableOperation, status: number): TableOperation['responses'][number] | undefined {
  const exact = String(status);
  const range = `${exact[0]}XX`;
  let ranged: TableOperation['responses'][number] | undefined;
  let fallback: TableOperation['responses'][number] | undefined;
  for (const r of op.responses) {
    if (r.status === exact) return r;
    if (r.status.toUpperCase() === range) ranged = r;
    else if (r.status === 'default') fallback = r;
  }
  return ranged ?? (status >= 400 ? fallback : undefined);
}

function pickMediaType(declared: string[], body: unknown): string | undefined {
  if (declared.length <= 1) return declared[0];
  const problem = declared.find((m) => m.toLowerCase() === PROBLEM_MEDIA_TYPE);
  if (problem && isProblemBody(body)) return problem;
  return declared.find((m) => m.toLowerCase() !== PROBLEM_MEDIA_TYPE) ?? declared[0];
}

/** A result as status, headers and bytes, checked against the operation's declared responses (when `c` is given). */
export function serialize(
  s: Setup,
  result: HandlerResult,
  incoming: Incoming,
  c?: CompiledOperation,
  method?: string,
): Outgoing {
  const problem = (status: number, detail?: string): Outgoing =>
    serialize(s, s.problems.aboutBlank(status, detail), incoming);
  if (
    typeof result !== 'object' ||
    result === null ||
    typeof result.status !== 'number' ||
    !Number.isInteger(result.status) ||
    result.status < 200 ||
    result.status > 599
  ) {
    if (c)
      s.report(
        new ResponseMismatchError(`The handler of ${c.op.key} returned no valid status`, c.op.key, result),
        c.op.key,
        incoming,
      );
    return problem(500);
  }
  const headers: Record<string, string | string[]> = {};
  let mediaType = result.contentType;
  if (c) {
    let declared = c.responseCache.get(result.status);
    if (declared === undefined) {
      declared = findResponse(c.op, result.status) ?? null;
      if (c.responseCache.size < 1000) c.responseCache.set(result.status, declared);
    }
    if (!declared) {
      s.report(
        new ResponseMismatchError(
          `The handler of ${c.op.key} answered the undeclared status ${result.status}`,
          c.op.key,
          result,
        ),
        c.op.key,
        incoming,
      );
      return problem(500, s.development ? `The handler answered the undeclared status ${result.status}` : undefined);
    }
    if (mediaType === undefined || !declared.mediaTypes.includes(mediaType)) {
      if (mediaType !== undefined && s.development) {
        s.report(
          new ResponseMismatchError(
            `The handler of ${c.op.key} answered ${result.status} as ${mediaType}, which is not declared`,
            c.op.key,
            result,
          ),
          c.op.key,
          incoming,
        );
        return problem(500, `The handler answered ${result.status} as ${mediaType}, which is not declared`);
      }
      mediaType =
        (isItemStream(result.body) ? declared.stream?.[0]?.type : undefined) ??
        pickMediaType(declared.mediaTypes, result.body);
    }
    // A streamed answer (an async iterable for a stream media type): framed as it is pulled, items checked one by one.
    const framing = isItemStream(result.body) ? declared.stream?.find((m) => m.type === mediaType) : undefined;
    if (framing && method !== 'HEAD') return streamed(s, c, result, incoming, framing, headers, mediaType!);
    if (
      s.development &&
      c.validator &&
      result.body !== undefined &&
      mediaType &&
      !declared.binary?.includes(mediaType)
    ) {
      const check = c.validator.response(result.status, mediaType, result.body, VALIDATE_RESPONSE);
      if (!check.valid) {
        const summary = check.errors
          .slice(0, 5)
          .map((e) => `${e.instancePath || '/'} ${e.message}`)
          .join('; ');
        s.report(
          new ResponseMismatchError(
            `The ${result.status} response of ${c.op.key} does not match its schema: ${summary}`,
            c.op.key,
            check.errors,
          ),
          c.op.key,
          incoming,
        );
        return problem(500, `The ${result.status} ${mediaType} response does not match its schema: ${summary}`);
      }
    }
    if (c.deprecationHeader) headers['deprecation'] = c.deprecationHeader;
    if (c.sunsetHeader) headers['sunset'] = c.sunsetHeader;
  }
  let payload: Outgoing['body'] = null;
  let outBody = result.body;
  if (s.problemBase && isProblemBody(outBody) && outBody.type.startsWith('/'))
    outBody = { ...outBody, type: s.problemBase + outBody.type };
  if (outBody !== undefined && method !== 'HEAD') {
    const kind = bodyKind(mediaType ?? 'application/json');
    if (kind === 'json' || kind === 'form') {
      try {
        // `int64: 'bigint'`: `bigint`s are written as their digits (JSON.stringify throws on them).
        payload = c?.op.int64 ? (writeJson(outBody) ?? null) : JSON.stringify(outBody);
      } catch (error) {
        s.report(error, c?.op.key, incoming);
        return problem(500);
      }
      if (payload === undefined) payload = null;
    } else payload = binaryPayload(outBody) ?? String(outBody);
  }
  if (result.body !== undefined) headers['content-type'] = mediaType ?? 'application/json';
  Object.assign(headers, extraHeaders(result));
  return { status: result.status, headers, body: payload };
}

/** The result's own headers: valid names lower-cased, values without line breaks. */
function extraHeaders(result: HandlerResult): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  if (result.headers) {
    for (const name of Object.keys(result.headers)) {
      const value = result.headers[name];
      const lower = name.toLowerCase();
      if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(lower)) continue;
      const values = (Array.isArray(value) ? value : [value])
        .map((v: unknown) => String(v))
        .filter((v: string) => !/[\r\n\0]/.test(v));
      if (values.length === 0) continue;
      headers[lower] = lower === 'set-cookie' ? values : values.join(', ');
    }
  }
  return headers;
}

/** A handler's async iterable as a framed byte stream (development mode: each item checked against its schema). */
function streamed(
  s: Setup,
  c: CompiledOperation,
  result: HandlerResult,
  incoming: Incoming,
  framing: { format: 'sse' | 'ndjson' | 'json-seq'; json?: true },
  headers: Record<string, string | string[]>,
  mediaType: string,
): Outgoing {
  const validator = s.development ? c.validator : undefined;
  const check = validator
    ? (value: unknown) => {
        const r = validator.response(result.status, mediaType, value, VALIDATE_RESPONSE);
        if (r.valid) return;
        const summary = r.errors
          .slice(0, 5)
          .map((e) => `${e.instancePath || '/'} ${e.message}`)
          .join('; ');
        const error = new ResponseMismatchError(
          `An item of the ${result.status} stream of ${c.op.key} does not match its schema: ${summary}`,
          c.op.key,
          r.errors,
        );
        s.report(error, c.op.key, incoming);
        throw error;
      }
    : undefined;
  if (c.deprecationHeader) headers['deprecation'] = c.deprecationHeader;
  if (c.sunsetHeader) headers['sunset'] = c.sunsetHeader;
  Object.assign(headers, extraHeaders(result));
  headers['content-type'] = mediaType;
  // Proxies and caches must pass the items on as they come.
  headers['cache-control'] ??= 'no-cache';
  return {
    status: result.status,
    headers,
    body: framedStream(framing.format, result.body as AsyncIterable<unknown>, framing.json === true, check),
  };
}
