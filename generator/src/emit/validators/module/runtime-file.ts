/**
 * `src/runtime.ts` of a validators module: the public result types, option decoding, the depth guard, and
 * the helpers the compiled code references.
 */
import { join, raw, type Code } from '../../../codegen/index.ts';
import { closeHelpers, helperCode } from '../runtime/helpers/index.ts';

const PUBLIC = raw(`export interface ValidationError {
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
  direction?: "request" | "response";
  /** Assert formats (default) or treat them as annotations. */
  formats?: boolean;
}

/**
 * Options as the bit set the compiled functions take: 1 allErrors, 2 formats, 4 request direction,
 * 8 Object.prototype has enumerable properties (then every property read checks ownership).
 */
export function _opts(options: ValidateOptions | undefined, request: boolean): number {
  let o = request ? 7 : 3;
  if (options !== undefined) {
    if (options.allErrors === false) o &= ~1;
    if (options.formats === false) o &= ~2;
    if (options.direction === "request") o |= 4;
    else if (options.direction === "response") o &= ~4;
  }
  for (const _k in Object.prototype) return o | 8;
  return o;
}

/** A stack overflow on absurdly deep input becomes a validation error; anything else propagates. */
export function _deep(e: unknown): { valid: false; errors: ValidationError[] } {
  if (e instanceof RangeError) {
    return { valid: false, errors: [{ instancePath: "", schemaPath: "#", keyword: "depth", message: "value is nested too deeply to validate", params: {} }] };
  }
  throw e;
}`);

export const RUNTIME_EXPORTS: readonly string[] = ['ValidationError', 'ValidationResult', 'ValidateOptions'];

export function runtimeFile(helpers: Iterable<string>, header: Code): string {
  const parts: Code[] = [header, PUBLIC, ...closeHelpers(helpers).map(helperCode)];
  return join(parts, '\n\n').text + '\n';
}
