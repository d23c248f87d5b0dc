/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * Opt-in validation through the generated validators package (`operationValidators[method]`). Nothing in
 * the core imports this module: a client passes it as the `validation` feature, imported on first use, so
 * a bundle that never validates does not carry it. It has no run-time imports (the error classes are passed
 * in): a module both imported lazily and statically would make bundlers wrap the shared one in lazy
 * initializers (esbuild without splitting) or split it into a shared chunk.
 */
import type { RequestValidationError, ResponseValidationError } from './errors.js';
import type { ExtraQuery, OperationSpec, ValidationResultLike, ValidatorsLoader } from './types.js';

export interface Checker {
  /**
   * Throws `RequestValidationError` for the first location that fails (path, query, header, cookie, body).
   * The body is checked as sent (dates as strings: the JSON text parsed back); bytes are not checked.
   */
  request(
    op: OperationSpec,
    args: Record<string, unknown> | undefined,
    payload: BodyInit | undefined,
    callQuery?: ExtraQuery,
  ): void;
  /** Throws `ResponseValidationError` when a success body fails. `contentType` is the header, parameters and all. */
  response(op: OperationSpec, status: number, contentType: string | null, body: unknown): void;
}

export interface ValidationErrors {
  RequestValidationError: typeof RequestValidationError;
  ResponseValidationError: typeof ResponseValidationError;
}

export async function checker(
  load: ValidatorsLoader,
  { RequestValidationError, ResponseValidationError }: ValidationErrors,
): Promise<Checker> {
  const validators = await load();
  const fail = (op: OperationSpec, location: string, r: ValidationResultLike | undefined) => {
    if (r && !r.valid) throw new RequestValidationError(op.id, location, r.errors);
  };
  return {
    request(op, args, payload, callQuery) {
      const values = paramValues(op, args, callQuery);
      const sent = args?.body;
      const body =
        typeof payload === 'string' && /json/i.test(op.body ?? '')
          ? JSON.parse(payload)
          : isBytes(sent)
            ? undefined
            : sent;
      const vs = validators[op.id];
      fail(op, 'path', vs?.pathParams?.(values.path));
      fail(op, 'query', vs?.query?.(values.query));
      fail(op, 'header', vs?.headers?.(values.header));
      fail(op, 'cookie', vs?.cookies?.(values.cookie));
      if (op.body && body !== undefined) fail(op, 'body', vs?.requestBody?.(body, op.body, { direction: 'request' }));
    },
    response(op, status, contentType, body) {
      const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
      const r = validators[op.id]?.response?.(status, mediaType, body, { direction: 'response' });
      if (r && !r.valid) throw new ResponseValidationError(op.id, status, body, r.errors);
    },
  };
}

/** Binary bodies are not JSON values: request validation checks the parameters only. */
function isBytes(body: unknown): boolean {
  const stream = typeof ReadableStream !== 'undefined' && body instanceof ReadableStream;
  return (
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    stream
  );
}

/** Parameter values by location and spec name, as the validators expect them (dates as strings). */
export type ParamValues = Record<'path' | 'query' | 'header' | 'cookie', Record<string, unknown>>;

/**
 * The parameters a call sends, as the validators see them after parsing from the wire: the ones the call's
 * `query` option names are left to it (as `buildRequest` does). Here, not in serialize.ts: see the top of
 * this file.
 */
export function paramValues(
  op: OperationSpec,
  args: Record<string, unknown> | undefined,
  callQuery?: ExtraQuery,
): ParamValues {
  // Null-prototype objects: a parameter named `__proto__` stays an ordinary entry.
  const values: ParamValues = {
    path: Object.create(null),
    query: Object.create(null),
    header: Object.create(null),
    cookie: Object.create(null),
  };
  const own = (o: object | undefined, k: string) => !!o && Object.prototype.hasOwnProperty.call(o, k);
  for (const p of op.params ?? []) {
    const key = p.key ?? p.name;
    const v = own(args, key) ? args![key] : undefined;
    if (v === undefined || (p.in === 'query' && own(callQuery, p.name))) continue;
    values[p.in][p.name] = toWire(v, p.date);
  }
  return values;
}

/** Dates become the strings they are sent as. */
function toWire(v: unknown, dateOnly?: boolean): unknown {
  if (v instanceof Date) return dateOnly ? v.toISOString().slice(0, 10) : v.toISOString();
  return Array.isArray(v) ? v.map((x) => toWire(x, dateOnly)) : v;
}
