/**
 * Public wrappers around a compiled entry point: `validate<Name>` (errors) and `is<Name>` (type guard),
 * each a top-level statement laid out by the one printer: the wrapper functions built as nodes
 * (codegen/ts-print.ts), the factories' one-line constants, thousands to a module, on the statement tree
 * (codegen/statement-printer.ts), which prints them as text without building nodes.
 */
import { ident, raw, type Code } from '../../../codegen/index.ts';
import * as n from '../../../codegen/ts-nodes.ts';
import { printStatement } from '../../../codegen/ts-print.ts';
import { printStatement as printTreeStatement } from '../../../codegen/statement-printer.ts';
import * as t from '../../../codegen/statements.ts';

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

/** A statement printed, its doc comment (already written) before it. */
export interface EntryStatement {
  text: string;
  /** The text is what prettier prints. */
  formatted: boolean;
}

/** A reference to a name of our own, maybe namespaced (`C._eX`). */
export function valueOf(name: Code): n.Expression {
  const [first, ...rest] = name.text.split('.');
  return rest.reduce((object, member) => n.propertyAccess(object, member), n.valueRef(first!));
}

/** A type of our own by name: a keyword (`unknown`), a name (with arguments), or a namespaced name (`T.Post`). */
export function typeOf(name: Code, args: readonly n.TypeNode[] = []): n.TypeNode {
  const [first, second, ...rest] = name.text.split('.');
  if (rest.length || (second !== undefined && args.length)) throw new Error(`internal: type name ${name.text}`);
  if (second !== undefined) return n.qualifiedTypeRef(first!, second);
  return first === 'unknown' ? n.keywordType('unknown') : n.typeRef(first!, args);
}

function printed(doc: Code | undefined, statement: n.Statement): EntryStatement {
  const { text, formatted } = printStatement(statement);
  return { text: (doc?.text ?? '') + text, formatted };
}

/** The wrappers' statements, doc comment included. */
export function entryWrappers(w: EntryWrapper): EntryStatement[] {
  const ref = (name: string) => valueOf(w.ref(name));
  const type = typeOf(w.type);
  const value = n.valueRef('value');
  const o = n.valueRef('o');
  const opts = (options: n.Expression) => n.variable('const', 'o', n.callExpression(ref('_opts'), [options, n.literalExpression(w.request)]));
  // The compiled functions get the value or, under prototype pollution, its copy (runtime `_input`).
  const input = n.callExpression(ref('_input'), [value, o]);
  const valid = n.objectLiteral([n.property('valid', n.literalExpression(true)), n.property('value', n.asType(value, type))]);
  const validate = n.functionDeclaration(
    ident(`validate${w.name}`).text,
    {
      parameters: [{ name: 'value', type: n.keywordType('unknown') }, { name: 'options', type: typeOf(w.ref('ValidateOptions')), optional: true }],
      returns: typeOf(w.ref('ValidationResult'), [type]),
    },
    [
      opts(n.valueRef('options')),
      n.variable('const', 'E', n.arrayLiteral([]), { type: n.arrayType(typeOf(w.ref('ValidationError'))) }),
      n.tryStatement(
        [n.ifStatement(n.callExpression(valueOf(w.ref(w.errors.text)), [input, o, n.literalExpression(''), n.valueRef('E')]), n.returnStatement(valid))],
        'e',
        [n.returnStatement(n.callExpression(ref('_deep'), [n.valueRef('e')]))],
      ),
      n.returnStatement(n.objectLiteral([n.property('valid', n.literalExpression(false)), n.property('errors', n.valueRef('E'))])),
    ],
  );
  if (w.guard === false) return [printed(w.doc, validate)];
  const guard = n.functionDeclaration(
    ident(`is${w.name}`).text,
    { parameters: [{ name: 'value', type: n.keywordType('unknown') }], returns: n.typePredicate('value', type) },
    [
      opts(n.literalExpression(undefined)),
      n.tryStatement(
        [n.returnStatement(n.callExpression(valueOf(w.ref(w.check.text)), [input, o]))],
        'e',
        [n.expressionStatement(n.callExpression(ref('_deep'), [n.valueRef('e')])), n.returnStatement(n.literalExpression(false))],
      ),
    ],
  );
  return [printed(w.doc, validate), printed(w.doc, guard)];
}

/**
 * The same two validators as one-line constants built by the runtime's factories (runtime/helpers/
 * validator-factories.ts): `export const validate<Name> = /* @__PURE__ *\/ _make(() => _validator<Type>(C._e<Name>));`
 * and `export const is<Name> = /* @__PURE__ *\/ _make(() => _guard<Type>(C._v<Name>));` — the same call
 * signatures as `entryWrappers`' functions (a type guard included) in a third of the text, with one place
 * that calls the compiled functions. Default direction `response` (the factories know no other: schemas
 * only). The factory is called in an arrow given to `_make` (`MAKE`), so that the imports it names are
 * looked up by strict tsc's flow analysis inside that arrow only.
 */
export function entryFactories(w: Omit<EntryWrapper, 'request' | 'guard'>): EntryStatement[] {
  const made = (name: string, factory: string, fn: Code) => {
    const call = t.typedCall(treeRef(w.ref(factory)), [w.type], treeRef(w.ref(fn.text)));
    const { text, formatted } = printTreeStatement(t.exportedConst(ident(name), t.pure(t.call(raw('_make'), t.arrow(call)))));
    return { text: (w.doc?.text ?? '') + text, formatted };
  };
  return [made(`validate${w.name}`, '_validator', w.errors), made(`is${w.name}`, '_guard', w.check)];
}

/** `_make`, which the constants of `entryFactories` call (why: its doc comment; docs/directory-sweep.md "Type-check cost"). */
export function makeFunction(): EntryStatement {
  const F = n.typeRef('F');
  const declaration = n.functionDeclaration(
    '_make',
    { typeParameters: [{ name: 'F' }], parameters: [{ name: 'make', type: n.functionType([], F) }], returns: F },
    [n.returnStatement(n.callExpression(n.valueRef('make'), []))],
    [
      'The value `make` returns. Each constant below makes its validator in an arrow given here: strict tsc checks',
      'a reference to an import in a top-level statement by walking back through every constant before it, one',
      'inside a function by walking that function only.',
    ],
    { exported: false },
  );
  return printStatement(declaration);
}

/** A reference to a name of our own on the statement tree, maybe namespaced (`C._eX`: a member access, as `valueOf` builds it). */
export function treeRef(name: Code): t.Expr {
  const [first, ...rest] = name.text.split('.');
  return rest.reduce<t.Expr>((object, member) => t.member(object, member), raw(first!));
}
