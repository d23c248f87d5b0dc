/**
 * Opt-in validation through the generated validators package (`operationValidators[method]`). The
 * runtime imports this module only when `validate.request` or `validate.response` is on, so bundlers
 * split it (and the validators package) out of the initial chunk. It has no run-time imports (the error
 * classes are passed in), so splitting it creates no shared chunk.
 */
import type { RequestValidationError, ResponseValidationError } from './errors.js';
import type { BuiltRequest } from './serialize.js';
import type { OperationSpec, ValidationResultLike, ValidatorsLoader } from './types.js';

export interface Checker {
  /** Throws `RequestValidationError` for the first location that fails (path, query, header, cookie, body). */
  request(op: OperationSpec, values: BuiltRequest['values'], body: unknown): void;
  /** Throws `ResponseValidationError` when a success body fails. `contentType` is the header, parameters and all. */
  response(op: OperationSpec, status: number, contentType: string | null, body: unknown): void;
}

export interface ValidationErrors {
  RequestValidationError: typeof RequestValidationError;
  ResponseValidationError: typeof ResponseValidationError;
}

export async function checker(
  load: ValidatorsLoader | undefined,
  { RequestValidationError, ResponseValidationError }: ValidationErrors,
): Promise<Checker> {
  if (!load) throw new Error('validation needs the validators package');
  const validators = await load();
  const fail = (op: OperationSpec, location: string, r: ValidationResultLike | undefined) => {
    if (r && !r.valid) throw new RequestValidationError(op.id, location, r.errors);
  };
  return {
    request(op, values, body) {
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
