/**
 * The public validators of a schema built from its compiled functions (`src/schemas.ts`): one call per
 * export instead of a function body per schema, and the one place that knows how the compiled functions
 * are called from there.
 */
import { _deep, _opts, type ValidateOptions, type ValidationError, type ValidationResult } from '../public.ts';
import { _input } from './core.ts';
import { _run } from './operations.ts';

/** `validate<X>`: the schema's errors function (`_e<X>`), run with the caller's options (default direction `response`). */
export function _validator<T>(
  errors: (v: any, o: number, p: string, E: ValidationError[]) => boolean,
): (value: unknown, options?: ValidateOptions) => ValidationResult<T> {
  return (value, options) => _run<T>(errors, value, _opts(options, false));
}

/**
 * `is<X>`: the schema's check function (`_v<X>`) as a type guard (a value too deep to check is not one),
 * run on the value or its copy under prototype pollution (`_input`).
 */
export function _guard<T>(check: (v: any, o: number) => boolean): (value: unknown) => value is T {
  return (value): value is T => {
    try {
      const o = _opts(undefined, false);
      return check(_input(value, o), o);
    } catch (e) {
      _deep(e);
      return false;
    }
  };
}
