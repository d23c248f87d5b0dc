/** Public wrappers around a compiled entry point: `validate<Name>` (errors) and `is<Name>` (type guard). */
import { code, ident, prettyLit as lit, type Code } from '../../../codegen/index.ts';

export interface EntryWrapper {
  /** Identifier suffix: `validate<name>`, `is<name>`. */
  name: string;
  /** TypeScript type of a valid value. */
  type: Code;
  check: Code;
  errors: Code;
  /** Default direction is `request` (parameters, request bodies) instead of `response`. */
  request: boolean;
  doc?: Code;
  /** Also emit the `is<Name>` type guard (default true). */
  guard?: boolean;
  /** References a symbol of another module of the package by name (records the import). */
  ref: (name: string) => Code;
}

export function entryWrappers(w: EntryWrapper): Code {
  const validate = ident(`validate${w.name}`);
  const is = ident(`is${w.name}`);
  const request = lit(w.request);
  const [ValidateOptions, ValidationResult, ValidationError, _opts, _deep] = ['ValidateOptions', 'ValidationResult', 'ValidationError', '_opts', '_deep'].map(w.ref);
  const validateFn = code`${w.doc ?? code``}export function ${validate}(value: unknown, options?: ${ValidateOptions}): ${ValidationResult}<${w.type}> {
  const o = ${_opts}(options, ${request});
  const E: ${ValidationError}[] = [];
  try {
    if (${w.ref(w.errors.text)}(value, o, "", E)) return { valid: true, value: value as ${w.type} };
  } catch (e) {
    return ${_deep}(e);
  }
  return { valid: false, errors: E };
}`;
  if (w.guard === false) return validateFn;
  return code`${validateFn}

${w.doc ?? code``}export function ${is}(value: unknown): value is ${w.type} {
  try {
    return ${w.ref(w.check.text)}(value, ${_opts}(undefined, ${request}));
  } catch (e) {
    ${_deep}(e);
    return false;
  }
}`;
}
