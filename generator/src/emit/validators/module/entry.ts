/**
 * Public wrappers around a compiled entry point: `validate<Name>` (errors) and `is<Name>` (type guard),
 * printed in prettier's layout (module/pretty.ts), each a top-level statement of its own.
 */
import { ident, prettyLit as lit, type Code } from '../../../codegen/index.ts';
import { block, call, functionDeclaration, ifStatement, objectLiteral, typeReference } from './pretty.ts';
import { printDoc } from '../../../codegen/pretty-doc.ts';

export interface EntryWrapper {
  /** Identifier suffix: `validate<name>`, `is<name>`. */
  name: string;
  /** TypeScript type of a valid value: a plain name (`T.Post`, `unknown`). */
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

/** The wrappers' statements (text in prettier's layout, doc comment included). */
export function entryWrappers(w: EntryWrapper): string[] {
  const validate = ident(`validate${w.name}`).text;
  const is = ident(`is${w.name}`).text;
  const request = lit(w.request).text;
  const type = w.type.text;
  const [ValidateOptions, ValidationResult, ValidationError, _opts, _deep] = ['ValidateOptions', 'ValidationResult', 'ValidationError', '_opts', '_deep'].map((n) => w.ref(n).text);
  const doc = w.doc?.text ?? '';
  const validateFn = printDoc(
    functionDeclaration(`export function ${validate}`, ['value: unknown', `options?: ${ValidateOptions}`], typeReference(ValidationResult, [type], true), [
      `const o = ${_opts}(options, ${request});`,
      `const E: ${ValidationError}[] = [];`,
      [
        'try ',
        block([ifStatement(call(w.ref(w.errors.text).text, ['value', 'o', "''", 'E']), ['return ', objectLiteral(['valid: true', `value: value as ${type}`]), ';'])]),
        ' catch (e) ',
        block([['return ', call(_deep, ['e']), ';']]),
      ],
      `return { valid: false, errors: E };`,
    ]),
  );
  if (w.guard === false) return [doc + validateFn];
  const guard = printDoc(
    functionDeclaration(`export function ${is}`, ['value: unknown'], `value is ${type}`, [
      ['try ', block([['return ', call(w.ref(w.check.text).text, ['value', call(_opts, ['undefined', request])]), ';']]), ' catch (e) ', block([`${_deep}(e);`, 'return false;'])],
    ]),
  );
  return [doc + validateFn, doc + guard];
}
