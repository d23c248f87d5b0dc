/**
 * Public wrappers around a compiled entry point: `validate<Name>` (errors) and `is<Name>` (type guard),
 * printed in prettier's layout (module/pretty.ts), each a top-level statement of its own.
 */
import { ident, prettyLit as lit, type Code } from '../../../codegen/index.ts';
import { block, call, functionDeclaration, ifStatement, objectLiteral, typeReference } from './pretty.ts';
import { breakAfterOperator, fluidAssignment, printDoc } from '../../../codegen/pretty-doc.ts';
import { PRETTIER_OPTIONS } from '../../../codegen/layout-options.ts';

const WIDTH = PRETTIER_OPTIONS.printWidth!;

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
  const [ValidateOptions, ValidationResult, ValidationError, _opts, _deep, _input] = ['ValidateOptions', 'ValidationResult', 'ValidationError', '_opts', '_deep', '_input'].map((n) => w.ref(n).text);
  // The compiled functions get the value or, under prototype pollution, its copy (runtime `_input`).
  const input = call(_input, ['value', 'o']);
  const doc = w.doc?.text ?? '';
  const validateFn = printDoc(
    functionDeclaration(`export function ${validate}`, ['value: unknown', `options?: ${ValidateOptions}`], typeReference(ValidationResult, [type], true), [
      `const o = ${_opts}(options, ${request});`,
      `const E: ${ValidationError}[] = [];`,
      [
        'try ',
        block([ifStatement(call(w.ref(w.errors.text).text, [input, 'o', "''", 'E']), ['return ', objectLiteral(['valid: true', `value: value as ${type}`]), ';'])]),
        ' catch (e) ',
        block([['return ', call(_deep, ['e']), ';']]),
      ],
      `return { valid: false, errors: E };`,
    ]),
  );
  if (w.guard === false) return [doc + validateFn];
  const guard = printDoc(
    functionDeclaration(`export function ${is}`, ['value: unknown'], `value is ${type}`, [
      `const o = ${_opts}(undefined, ${request});`,
      ['try ', block([['return ', call(w.ref(w.check.text).text, [input, 'o']), ';']]), ' catch (e) ', block([`${_deep}(e);`, 'return false;'])],
    ]),
  );
  return [doc + validateFn, doc + guard];
}

/**
 * The same two validators as one-line constants built by the runtime's factories (runtime/helpers/
 * validator-factories.ts): `export const validate<Name> = /* @__PURE__ *\/ _validator<Type>(_e<Name>);` and
 * `export const is<Name> = /* @__PURE__ *\/ _guard<Type>(_v<Name>);` — the same call signatures as
 * `entryWrappers`' functions (a type guard included) in a third of the text, with one place that calls the
 * compiled functions. Default direction `response` (the factories know no other: schemas only).
 */
export function entryFactories(w: Omit<EntryWrapper, 'request' | 'guard'>): string[] {
  const doc = w.doc?.text ?? '';
  const made = (name: string, factory: string, fn: Code) => {
    const left = `export const ${ident(name).text} =`;
    const arg = w.ref(fn.text).text;
    const right = call(`/* @__PURE__ */ ${w.ref(factory).text}<${w.type.text}>`, [arg]);
    // prettier breaks after `=` when the call's lone argument is a short name (an identifier of at most a
    // quarter of the print width: a "poorly breakable" call), else lets the call start on the line (a
    // member of the compiled functions' namespace, `C._eX`, is never such a name).
    return doc + printDoc([/^[\w$]+$/.test(arg) && arg.length <= WIDTH / 4 ? breakAfterOperator(left, right) : fluidAssignment(left, right), ';']);
  };
  return [made(`validate${w.name}`, '_validator', w.errors), made(`is${w.name}`, '_guard', w.check)];
}
