/**
 * Opt-in validation through the generated validators package (`operationValidators[method]`). Nothing in
 * the core imports this module: a client passes it as the `validation` feature, imported on first use, so
 * a bundle that never validates does not carry it. It has no run-time imports (the error classes are passed
 * in): a module both imported lazily and statically would make bundlers wrap the shared one in lazy
 * initializers (esbuild without splitting) or split it into a shared chunk.
 */
import type { RequestValidationError, ResponseValidationError } from './errors.js';
import type { BuiltRequest } from './serialize.js';
import type { OperationSpec, ValidationResultLike, ValidatorsLoader } from './types.js';

export interface Checker {
  /**
   * Throws `RequestValidationError` for the first location that fails (path, query, header, cookie, body).
   * The body is checked as sent (dates as strings: the JSON text parsed back); bytes are not checked.
   */
  request(op: OperationSpec, values: BuiltRequest['values'], payload: BodyInit | undefined, body: unknown): void;
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
    request(op, values, payload, sent) {
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
