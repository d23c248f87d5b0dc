/**
 * The public part of every generated validators runtime (`src/runtime.ts`): result types, options and
 * their bits, the depth guard. Copied whole; the helpers the compiled code uses follow it (./helpers).
 */

export interface ValidationError {
  /** JSON pointer to the offending value ("" for the value itself). */
  instancePath: string;
  /** "#" followed by a JSON pointer to the failing keyword in the schema document. */
  schemaPath: string;
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

export type ValidationResult<T> = { valid: true; value: T } | { valid: false; errors: ValidationError[] };

export interface ValidateOptions {
  /** Collect every error (default) or stop at the first one. */
  allErrors?: boolean;
  /**
   * "response" (default for schema validators and responses): writeOnly properties are not required.
   * "request" (default for parameters and request bodies): readOnly properties are not required.
   * Present readOnly/writeOnly properties are validated normally in both directions.
   */
  direction?: 'request' | 'response';
  /** Assert formats (default) or treat them as annotations. */
  formats?: boolean;
}

/**
 * The validators of one operation: the contract the generated server and client consume (docs/contracts.md).
 * Every operation has all six; the typed `validate<Op>...` functions behind them narrow `value`.
 */
export interface OperationValidator {
  pathParams(value: unknown, options?: ValidateOptions): ValidationResult<unknown>;
  query(value: unknown, options?: ValidateOptions): ValidationResult<unknown>;
  headers(value: unknown, options?: ValidateOptions): ValidationResult<unknown>;
  cookies(value: unknown, options?: ValidateOptions): ValidationResult<unknown>;
  requestBody(body: unknown, mediaType?: string, options?: ValidateOptions): ValidationResult<unknown>;
  response(
    status: number | string,
    mediaType: string,
    body: unknown,
    options?: ValidateOptions,
  ): ValidationResult<unknown>;
}

/** Every operation's validators, keyed by its client method / server handler name (`op.names.method`). */
export type OperationValidators = { readonly [method: string]: OperationValidator };

/**
 * The bits of the options number the compiled functions take (`o`). The generator writes them as number
 * literals into the compiled code (from this same table), so the names cost nothing at run time.
 */
export const _O = {
  /** Collect every error rather than stop at the first. */
  allErrors: 1,
  /** Assert formats. */
  formats: 2,
  /** Request direction (readOnly properties are not required); else response (writeOnly are not). */
  request: 4,
  /** Object.prototype has enumerable properties: the caller validates a copy without prototypes (`_input`). */
  inheritedKeys: 8,
  /**
   * Inside the errors walk of a value whose check failed: the values below are walked for their errors
   * without their check function first (it would fail again on the failing path and re-walk its prefix).
   */
  skipCheck: 16,
} as const;

/** Options as the bit set the compiled functions take (see `_O`). */
export function _opts(options: ValidateOptions | undefined, request: boolean): number {
  let o = request ? _O.allErrors | _O.formats | _O.request : _O.allErrors | _O.formats;
  if (options !== undefined) {
    if (options.allErrors === false) o &= ~_O.allErrors;
    if (options.formats === false) o &= ~_O.formats;
    if (options.direction === 'request') o |= _O.request;
    else if (options.direction === 'response') o &= ~_O.request;
  }
  for (const _k in Object.prototype) return o | _O.inheritedKeys;
  return o;
}

/** A stack overflow on absurdly deep input becomes a validation error; anything else propagates. */
export function _deep(e: unknown): { valid: false; errors: ValidationError[] } {
  if (e instanceof RangeError) {
    return {
      valid: false,
      errors: [
        {
          instancePath: '',
          schemaPath: '#',
          keyword: 'depth',
          message: 'value is nested too deeply to validate',
          params: {},
        },
      ],
    };
  }
  throw e;
}
