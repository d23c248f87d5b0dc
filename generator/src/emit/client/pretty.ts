/**
 * The client's modules printed as prettier prints them, so the write stage has nothing to format: the
 * shapes the client emitters build (method and function signatures, interfaces of methods, standalone
 * functions, the operation table's object literals, import and export lists) become the layout documents
 * prettier's own printer builds for them, and prettier's document printer (`prettier/doc`) fits them to
 * the print width. Types are printed by codegen/ts-pretty.ts.
 *
 * A shape this module does not reproduce throws `NotPrinted`; the emitter then writes that statement as
 * before and leaves it to prettier (`assemble` records its range for `EmittedFile.formatted`).
 * test/print/prettier-clean.test.ts holds the result to account on every fixture and corpus spec.
 */
import { ts } from '../../codegen/typescript.mjs';
import { builders, utils } from 'prettier/doc';
import { blockComment, breakAfterOperator, callArguments, fitting, fluidAssignment, huggedCallArguments, moduleLine, NotPrinted, printDoc, prettyString } from '../../codegen/pretty-doc.ts';
import { ModulePrinter, printedOr, type PrintedModule } from '../../codegen/pretty-module.ts';
import { comments as commentsDoc, prettyStatement, type as typeDoc } from '../../codegen/ts-pretty.ts';
import type { SignatureSpec, Statement } from '../../codegen/ts-nodes.ts';
import { PRETTIER_OPTIONS } from '../../write/format.ts';
import { quoteKey } from '../../codegen/quote.ts';

export { blockComment };

type D = builders.Doc;
const { group, indent, line, softline, hardline, ifBreak, join, fill, breakParent } = builders;
const K = ts.SyntaxKind;

function unhandled(what: string): never {
  throw new NotPrinted(what);
}


// ---------------------------------------------------------------------------------------------- the module

/** A statement's text (no trailing newline), and whether it is printed formatted. */
export interface Part {
  text: string;
  formatted: boolean;
}

/** Why statements of the client were left for prettier, with how often (read by tests and benchmarks). */
export const fallbacks = new Map<string, number>();

/** `print()`'s text, or (when it throws `NotPrinted`) `fallback()`'s, the emitter's unformatted text, for prettier. */
export function part(print: () => string, fallback: () => string): Part {
  return printedOr(print, fallback, fallbacks);
}

export type PrintedFile = PrintedModule;

/**
 * A module (codegen/pretty-module.ts): the header comment (ending in a newline, may be empty), the import
 * lines, a blank line, then the statements separated by blank lines.
 */
export function assemble(header: string, imports: readonly Part[], statements: readonly Part[]): PrintedFile {
  const module = new ModulePrinter();
  if (header) module.line(header);
  for (const p of imports) module.line(p.text, p.formatted);
  statements.forEach((p, i) => module.statement(p.text, p.formatted, i || imports.length ? 'blank' : 'line'));
  return module.module();
}

// ---------------------------------------------------------------------------------------------- literals


/** An object key as prettier writes it (`quoteProps: as-needed`, quote.ts `quoteKey`): identifiers bare, others quoted. */
export function keyDoc(name: string): string {
  // prettier unquotes Unicode identifier names too, and numbers only outside TypeScript: not worth matching.
  return quoteKey(name) ?? unhandled('non-ASCII key');
}

/** An identifier in an expression (`encode: encodeForm`), or a shorthand member (`{ extraAuth }`). */
export class Ident {
  constructor(
    readonly name: string,
    readonly shorthand = false,
  ) {}
}

/** `...value` in an object literal. */
export class Spread {
  constructor(readonly value: unknown) {}
}

/** An object literal with members that are not plain data (spreads, shorthands). */
export class ObjectExpr {
  constructor(readonly members: ReadonlyArray<readonly [string, unknown] | Spread | Ident>) {}
}

/** `new Name(args)` with literal arguments. */
export class NewCall {
  constructor(
    readonly callee: string,
    readonly args: readonly unknown[],
  ) {}
}

/** A JSON-compatible value (plus `Ident`, `Spread`, `ObjectExpr`) as prettier prints its `lit` spelling. */
export function valueDoc(value: unknown): D {
  if (value instanceof Ident) return value.name;
  if (value instanceof ObjectExpr) return objectDoc(value.members);
  if (value instanceof NewCall) return ['new ', callDoc(value.callee, value.args.map(valueDoc))];
  if (typeof value === 'string') return prettyString(value);
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0) ? String(value).replace('e+', 'e') : unhandled('number');
  if (typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return arrayDoc(value);
  if (typeof value === 'object' && !Object.prototype.hasOwnProperty.call(value, '__proto__')) {
    return objectDoc(Object.entries(value).filter(([, v]) => v !== undefined));
  }
  return unhandled(typeof value);
}

function objectDoc(members: ReadonlyArray<readonly [string, unknown] | Spread | Ident>): D {
  if (!members.length) return '{}';
  const props = members.map((m): D => {
    if (m instanceof Spread) return ['...', valueDoc(m.value)];
    if (m instanceof Ident) return m.shorthand ? m.name : unhandled('identifier member');
    const [key, value] = m;
    const k = keyDoc(key);
    return group(assignment(k, ':', value, k.length < PRETTIER_OPTIONS.tabWidth! + 3));
  });
  return group(['{', indent([line, join([',', line], props)]), ifBreak(','), line, '}']);
}

function arrayDoc(items: readonly unknown[]): D {
  if (!items.length) return '[]';
  const numeric = (v: unknown) => typeof v === 'number';
  if (items.length > 1 && items.every(numeric)) {
    // Numbers are filled like prose, as many to a line as fit (prettier's printArrayItemsConcisely).
    const id = Symbol('array');
    const parts = items.flatMap((v, i): D[] => (i === items.length - 1 ? [[valueDoc(v), ifBreak(',', '', { groupId: id })]] : [[valueDoc(v), ','], line]));
    return group(['[', indent([softline, fill(parts)]), softline, ']'], { id });
  }
  const kind = (v: unknown) => (Array.isArray(v) ? (v.length > 1 ? 'array' : 'short') : isPlainObject(v) ? (memberCount(v) > 1 ? 'object' : 'short') : 'other');
  const first = kind(items[0]);
  const shouldBreak = items.length > 1 && first !== 'short' && first !== 'other' && items.every((v) => kind(v) === first);
  return group(['[', indent([softline, join([',', line], items.map(valueDoc))]), ifBreak(','), softline, ']'], { shouldBreak });
}

function isPlainObject(v: unknown): boolean {
  return v instanceof ObjectExpr || (typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Ident) && !(v instanceof Spread) && !(v instanceof NewCall));
}

function memberCount(v: unknown): number {
  return v instanceof ObjectExpr ? v.members.length : Object.values(v as object).filter((x) => x !== undefined).length;
}

/**
 * `left = right` / `key: value` with prettier's choice of layout (as codegen/ts-pretty.ts `assignment`):
 * a string breaks after the operator unless the key is short, a number or boolean never does, everything
 * else is "fluid".
 */
function assignment(left: D, operator: string, value: unknown, shortKey = false): D {
  const right = valueDoc(value);
  if (!shortKey && typeof value === 'string') return breakAfterOperator([left, operator], right);
  if (shortKey || typeof value === 'number' || typeof value === 'boolean') return group([group(left), operator, ' ', right]);
  return fluidAssignment([left, operator], right);
}

/** `export const <left> = <value>;` where `left` is the name with its annotation. */
export function constStatement(left: string, value: unknown, doc: string = '', exported = true): string {
  return doc + printDoc([exported ? 'export const ' : 'const ', assignment(left, ' =', value), ';']);
}

// ---------------------------------------------------------------------------------------------- signatures

function isObjectType(node: ts.TypeNode | undefined): boolean {
  return node !== undefined && (ts.isTypeLiteralNode(node) || ts.isMappedTypeNode(node));
}

/** `<O extends A = B>`: never hugged (a type parameter is no "simple" type to prettier). */
function typeParametersDoc(sig: SignatureSpec): D {
  const params = sig.typeParameters ?? [];
  if (!params.length) return '';
  const items = params.map((p): D => [p.name, p.constraint ? [' extends ', typeDoc(p.constraint)] : '', p.default ? [' = ', typeDoc(p.default)] : '']);
  return group(['<', indent([softline, join([',', line], items)]), ifBreak(','), softline, '>']);
}

/** The parameter list and return type (prettier's printFunctionParameters + shouldGroupFunctionParameters). */
function parametersAndReturn(sig: SignatureSpec): { params: D; returns: D; grouped: boolean } {
  const printed = sig.parameters.map((p): D => [p.name as string, p.optional ? "?" : "", ": ", typeDoc(p.type!, "annotation")]);
  const returns: D = [': ', typeDoc(sig.returns!, 'annotation')];
  let params: D;
  if (!printed.length) params = '()';
  else if (printed.length === 1 && isObjectType(sig.parameters[0].type)) params = ['(', printed[0], ')'];
  else params = ['(', indent([softline, join([',', line], printed)]), ifBreak(','), softline, ')'];
  const typeParams = sig.typeParameters ?? [];
  const simpleTypeParams = typeParams.length === 0 || (typeParams.length === 1 && !typeParams[0].constraint && !typeParams[0].default);
  const grouped = simpleTypeParams && printed.length === 1 && (isObjectType(sig.returns) || utils.willBreak(returns));
  return { params, returns, grouped };
}

/** `name<T>(a: A, b?: B): R` as an interface member (prettier's TSMethodSignature). */
function methodDoc(name: string, sig: SignatureSpec): D {
  const { params, returns, grouped } = parametersAndReturn(sig);
  const withTypes = [typeParametersDoc(sig), params];
  return group([name, grouped ? group(withTypes) : withTypes, group(returns)]);
}

/** `export function name<T>(a: A): R` and, with a body, ` {` + the body (prettier's printFunction). */
export function functionDoc(name: string, sig: SignatureSpec, body?: readonly D[]): D {
  const { params, returns, grouped } = parametersAndReturn(sig);
  const head: D = ['export function ', name, group([typeParametersDoc(sig), group([grouped ? group(params) : params, returns]), body ? ' ' : ''])];
  if (!body) return [head, ';'];
  return [head, '{', indent(body.map((s) => [hardline, s])), hardline, '}'];
}

/** The signature of a method signature node (ts-nodes.ts `methodSignature`). */
function signatureOf(node: ts.MethodSignature): SignatureSpec {
  if (!node.type || node.questionToken) unhandled('method signature');
  return {
    typeParameters: node.typeParameters?.map((p) => ({ name: p.name.text, constraint: p.constraint, default: p.default })),
    parameters: node.parameters.map((p) => {
      if (!ts.isIdentifier(p.name) || !p.type || p.dotDotDotToken || p.initializer || p.modifiers?.length) unhandled('parameter');
      return { name: p.name.text, optional: p.questionToken !== undefined, type: p.type };
    }),
    returns: node.type,
  };
}

function memberName(name: ts.PropertyName): string {
  if (ts.isIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name)) return keyDoc(name.text);
  return unhandled(K[name.kind]);
}

function memberDoc(node: ts.TypeElement): D {
  const docs = commentsDoc(node);
  if (ts.isMethodSignature(node)) return [docs, methodDoc(memberName(node.name), signatureOf(node))];
  if (ts.isPropertySignature(node)) {
    const modifiers = node.modifiers ?? [];
    if (modifiers.some((m) => m.kind !== K.ReadonlyKeyword) || !node.type) unhandled('member modifiers');
    return [docs, modifiers.length ? 'readonly ' : '', memberName(node.name), node.questionToken ? '?' : '', ': ', typeDoc(node.type, 'annotation')];
  }
  return unhandled(K[node.kind]);
}

/**
 * A top-level statement built by ts-nodes.ts as prettier prints it: interfaces with method members here,
 * everything else by codegen/ts-pretty.ts. Throws `NotPrinted`.
 */
export function prettyClientStatement(node: Statement): string {
  if (!ts.isInterfaceDeclaration(node) || !node.members.some(ts.isMethodSignature)) return prettyStatement(node);
  const modifiers = ts.getModifiers(node) ?? [];
  if (node.typeParameters || node.heritageClauses || modifiers.length !== 1 || modifiers[0].kind !== K.ExportKeyword) unhandled('interface');
  const parts = node.members.map((m, i) => [i === 0 ? '' : [';', line], group(memberDoc(m))]);
  const body = group(['{', indent([line, ...parts]), ifBreak(';'), line, '}'], { shouldBreak: true });
  return printDoc([commentsDoc(node), 'export interface ', node.name.text, ' ', body]);
}

// ---------------------------------------------------------------------------------------------- calls

/** `callee(a, b)` with simple arguments (identifiers, member accesses): one line, or one argument a line. */
export function callDoc(callee: string, args: readonly D[]): D {
  return [callee, callArguments(args)];
}

/** `callee(a, b, { ... })`: the last argument an object, hugged when the others fit (prettier's last-argument expansion). */
export function callWithObjectDoc(callee: string, args: readonly D[], last: D): D {
  return [callee, [...args, last].some((a) => utils.willBreak(a)) ? breakParent : '', huggedCallArguments(args, last)];
}

// ---------------------------------------------------------------------------------------------- imports

/** An `import`/`export` line of the symbol registry in prettier's layout (see prettyModuleLine); `fitting` template text. */
export { fitting, moduleLine };
