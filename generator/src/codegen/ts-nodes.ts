/**
 * The safe builder for TypeScript declarations as compiler nodes (ts-morph's `ts.factory`), printed by the
 * compiler's printer (ts-print.ts): parentheses, quoting and escaping come from the compiler, never from re-reading our
 * own output.
 *
 * Spec strings enter a node only here, each through the constructor for its context: `literalType` /
 * `literalExpression` (string literals, escaped by the printer), `propertyName` (identifier, numeric or
 * string-literal key), `templateLiteralType` (raw text escaped by codegen, checked by the factory against
 * the cooked text), the `doc` lines of members and declarations (through comment.ts, which neutralizes
 * `*\/`). Names of declared or referenced types must be checked identifiers (planned by the model). No
 * function here accepts source text.
 *
 * Not re-exported from codegen/index.ts: importing it loads the TypeScript compiler (about 440 ms), which
 * only the emitters that build declarations need, and they are themselves loaded on demand.
 */
import { ts } from './typescript.mjs';
import { escapeTemplateText, isIdentifier, isNumericKey, isPropertyName } from './code.ts';
import { docCommentBody, sanitizeCommentText } from './comment.ts';
import { hasLoneSurrogate } from './quote.ts';

const f = ts.factory;

export type TypeNode = ts.TypeNode;
export type TypeElement = ts.TypeElement;
export type Statement = ts.Statement;
export type Expression = ts.Expression;
/** JSDoc lines; empty, undefined, false and null lines are skipped. */
export type DocLines = readonly (string | undefined | false | null)[];

/**
 * A structural key for a type node: equal keys print equal text. Unions and intersections dedupe their
 * members by it (the printer would parenthesize, so parts cannot be compared by printing them). Computed
 * on demand and cached on the node under a symbol: most nodes are never compared (keys built for every node
 * at construction cost GitHub's types a string copy of each subtree at every level).
 */
const KEY = Symbol('socialgen.typeKey');
/** The members a union or intersection was built from (the node's own list holds parenthesized copies). */
const UNION_MEMBERS = Symbol('socialgen.unionMembers');
const INTERSECTION_MEMBERS = Symbol('socialgen.intersectionMembers');
/** Printed on one line (the printer's own flag cannot be read back through the public API). */
const SINGLE_LINE = Symbol('socialgen.singleLine');

interface Annotated {
  [KEY]?: string;
  [UNION_MEMBERS]?: readonly TypeNode[];
  [INTERSECTION_MEMBERS]?: readonly TypeNode[];
  [SINGLE_LINE]?: true;
}

export function typeKey(node: ts.Node): string {
  const annotated = node as Annotated;
  return (annotated[KEY] ??= computeKey(node));
}

function computeKey(node: ts.Node): string {
  const union = (node as Annotated)[UNION_MEMBERS];
  if (union) return union.map(typeKey).join(' | ');
  const intersection = (node as Annotated)[INTERSECTION_MEMBERS];
  if (intersection) return intersection.map((t) => ((t as Annotated)[UNION_MEMBERS] ? `(${typeKey(t)})` : typeKey(t))).join(' & ');
  const comments = ts.getSyntheticLeadingComments(node)?.map((c) => `/*${c.text}*/`).join('') ?? '';
  const singleLine = (node as Annotated)[SINGLE_LINE] ? '1' : '';
  const children: string[] = [];
  ts.forEachChild(node, (child) => {
    children.push(typeKey(child));
  });
  const own = ts.isIdentifier(node) || ts.isStringLiteral(node) || ts.isNumericLiteral(node) || ts.isTemplateLiteralToken(node) ? JSON.stringify(node.text)
    : ts.isPrefixUnaryExpression(node) || ts.isTypeOperatorNode(node) ? String(node.operator)
    : '';
  return `${comments}${node.kind}${singleLine}${own}(${children.join(',')})`;
}

/** Built to print on one line (`typeLiteral(…, { singleLine })`, tuples). */
export function isSingleLine(node: ts.Node): boolean {
  return (node as Annotated)[SINGLE_LINE] === true;
}

function singleLine<T extends ts.Node>(node: T): T {
  (node as Annotated)[SINGLE_LINE] = true;
  return ts.setEmitFlags(node, ts.EmitFlags.SingleLine);
}

function keyed<T extends ts.Node>(node: T, key: string): T {
  (node as Annotated)[KEY] = key;
  return node;
}

function checkedName(name: string): string {
  if (!isIdentifier(name)) throw new TypeError(`not a safe identifier: ${JSON.stringify(name)}`);
  return name;
}

// ---------------------------------------------------------------------------------------------- literals

/**
 * A string literal. The printer escapes quotes, backslashes, control characters and U+2028/U+2029/U+0085;
 * other non-ASCII text stays readable, except in a string holding a lone surrogate, where every non-ASCII
 * character is escaped so the file stays valid UTF-8.
 */
function stringLiteral(text: string): ts.StringLiteral {
  const node = f.createStringLiteral(text);
  if (!hasLoneSurrogate(text)) ts.setEmitFlags(node, ts.EmitFlags.NoAsciiEscaping);
  return node;
}

const JSON_SPELLED = Symbol('json-spelled');

/**
 * A string literal spelled with JSON's escapes (code.ts `lit`), as the statement tree's strings are
 * (statement-printer.ts): the printer keeps that spelling instead of the compiler's (quote.ts).
 */
export function jsonString(text: string): ts.StringLiteral {
  const node = f.createStringLiteral(text) as ts.StringLiteral & { [JSON_SPELLED]?: true };
  node[JSON_SPELLED] = true;
  return node;
}

/** Whether a string literal was built by `jsonString`. */
export function spelledAsJson(node: ts.StringLiteral): boolean {
  return (node as { [JSON_SPELLED]?: true })[JSON_SPELLED] === true;
}

/** A number as an expression: `-` applied to its magnitude when negative (and for -0); NaN/Infinity by name. */
function numberExpression(value: number): ts.Expression {
  if (Number.isNaN(value)) return f.createIdentifier('NaN');
  const negative = value < 0 || Object.is(value, -0);
  const magnitude = Math.abs(value);
  const positive = magnitude === Infinity ? f.createIdentifier('Infinity') : f.createNumericLiteral(magnitude);
  return negative ? f.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, positive) : positive;
}

function numberKey(value: number): string {
  return Object.is(value, -0) ? '-0' : String(value);
}

// ---------------------------------------------------------------------------------------------- types

const KEYWORDS = {
  string: ts.SyntaxKind.StringKeyword,
  number: ts.SyntaxKind.NumberKeyword,
  bigint: ts.SyntaxKind.BigIntKeyword,
  boolean: ts.SyntaxKind.BooleanKeyword,
  unknown: ts.SyntaxKind.UnknownKeyword,
  never: ts.SyntaxKind.NeverKeyword,
  undefined: ts.SyntaxKind.UndefinedKeyword,
  void: ts.SyntaxKind.VoidKeyword,
} as const;

export type KeywordName = keyof typeof KEYWORDS | 'null';

/**
 * One node per keyword, shared: a synthesized node has no parent and the printer does not change it, so
 * reusing it is safe as long as nothing attaches comments or flags to it (nothing here does to a type).
 */
const keywordNodes = new Map<KeywordName, TypeNode>();

export function keywordType(name: KeywordName): TypeNode {
  let node = keywordNodes.get(name);
  if (!node) {
    node = keyed(name === 'null' ? f.createLiteralTypeNode(f.createNull()) : f.createKeywordTypeNode(KEYWORDS[name]), name);
    keywordNodes.set(name, node);
  }
  return node;
}

/** A reference to a declared type (`Pet`, `Record<string, never>`); the name must be a checked identifier. */
export function typeRef(name: string, args: readonly TypeNode[] = []): TypeNode {
  const node = f.createTypeReferenceNode(checkedName(name), args.length ? args : undefined);
  return args.length ? node : keyed(node, name);
}

/** The type only this value inhabits. Non-finite numbers have none (the caller decides what to say). */
export function literalType(value: string | number | boolean | null): TypeNode {
  if (value === null) return keywordType('null');
  if (typeof value === 'boolean') return keyed(f.createLiteralTypeNode(value ? f.createTrue() : f.createFalse()), String(value));
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`no literal type for ${value}`);
    return keyed(f.createLiteralTypeNode(numberExpression(value) as ts.LiteralExpression), numberKey(value));
  }
  return keyed(f.createLiteralTypeNode(stringLiteral(value)), JSON.stringify(value));
}

export type TemplatePart = { text: string } | { type: TypeNode };

/** A template literal type such as `${string}/2/problems/x`. */
export function templateLiteralType(parts: readonly TemplatePart[]): TypeNode {
  const { texts, holes } = templateHoles(parts.map((p) => ('text' in p ? p : { hole: p.type })));
  if (!holes.length) return f.createLiteralTypeNode(f.createNoSubstitutionTemplateLiteral(texts[0]!, escapeTemplateText(texts[0]!)));
  return f.createTemplateLiteralType(templateHead(texts), holes.map((type, i) => f.createTemplateLiteralTypeSpan(type, templateTail(texts, i))));
}

/** A template's literal texts between its placeholders (adjacent texts merged; `texts[i]` follows `holes[i - 1]`). */
function templateHoles<T>(parts: readonly ({ text: string } | { hole: T })[]): { texts: string[]; holes: T[] } {
  const texts: string[] = [''];
  const holes: T[] = [];
  for (const part of parts) {
    if ('text' in part) texts[texts.length - 1] += part.text;
    else {
      holes.push(part.hole);
      texts.push('');
    }
  }
  return { texts, holes };
}

// The raw text is escaped here; the factory checks that it cooks back to exactly the text.
function templateHead(texts: readonly string[]): ts.TemplateHead {
  return f.createTemplateHead(texts[0]!, escapeTemplateText(texts[0]!));
}

/** The text after placeholder `i`: a middle, or the tail after the last. */
function templateTail(texts: readonly string[], i: number): ts.TemplateMiddle | ts.TemplateTail {
  const text = texts[i + 1]!;
  return i === texts.length - 2 ? f.createTemplateTail(text, escapeTemplateText(text)) : f.createTemplateMiddle(text, escapeTemplateText(text));
}

const NEVER = ts.SyntaxKind.NeverKeyword;
const UNKNOWN = ts.SyntaxKind.UnknownKeyword;

/** `A | B`: nested unions flattened, duplicates and `never` dropped, `unknown` absorbing. */
export function unionType(types: readonly TypeNode[]): TypeNode {
  // One plain member is itself (what the general path returns too): most schemas' types come through here alone.
  if (types.length === 1 && !(types[0] as Annotated)[UNION_MEMBERS] && types[0]!.kind !== NEVER && types[0]!.kind !== UNKNOWN) return types[0]!;
  const members = dedupe(types.flatMap((t) => (t as Annotated)[UNION_MEMBERS] ?? [t]).filter((t) => t.kind !== NEVER));
  if (!members.length) return keywordType('never');
  if (members.some((t) => t.kind === UNKNOWN)) return keywordType('unknown');
  if (members.length === 1) return members[0];
  const node = f.createUnionTypeNode(members);
  (node as Annotated)[UNION_MEMBERS] = members;
  return node;
}

/** `A & B`: nested intersections flattened, duplicates and `unknown` dropped, `never` absorbing. */
export function intersectionType(types: readonly TypeNode[]): TypeNode {
  if (types.length === 1 && !(types[0] as Annotated)[INTERSECTION_MEMBERS] && types[0]!.kind !== NEVER && types[0]!.kind !== UNKNOWN) return types[0]!;
  const members = dedupe(types.flatMap((t) => (t as Annotated)[INTERSECTION_MEMBERS] ?? [t]).filter((t) => t.kind !== UNKNOWN));
  if (!members.length) return keywordType('unknown');
  if (members.some((t) => t.kind === NEVER)) return keywordType('never');
  if (members.length === 1) return members[0];
  const node = f.createIntersectionTypeNode(members);
  (node as Annotated)[INTERSECTION_MEMBERS] = members;
  return node;
}

/** Drops repeated members. Only members of the same kind can be equal, so only those get keys. */
function dedupe(types: readonly TypeNode[]): TypeNode[] {
  if (types.length < 2) return [...types];
  const kinds = new Map<ts.SyntaxKind, number>();
  for (const t of types) kinds.set(t.kind, (kinds.get(t.kind) ?? 0) + 1);
  const seen = new Set<string>();
  return types.filter((t) => {
    if (kinds.get(t.kind) === 1) return true;
    const key = typeKey(t);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** A type exported by a namespace import: `T.Name` (both names checked). */
export function qualifiedTypeRef(namespace: string, name: string): TypeNode {
  return f.createTypeReferenceNode(f.createQualifiedName(f.createIdentifier(checkedName(namespace)), checkedName(name)));
}

/** `T[K]`, e.g. a response body by status and media type: `R["200"]["application/json"]`. */
export function indexedAccessType(object: TypeNode, index: TypeNode): TypeNode {
  return f.createIndexedAccessTypeNode(object, index);
}

/** `(name: T, other?: U) => R` (parameter names checked). */
export function functionType(parameters: readonly { name: string; type: TypeNode; optional?: boolean }[], returns: TypeNode): TypeNode {
  const params = parameters.map((p) => f.createParameterDeclaration(undefined, undefined, checkedName(p.name), p.optional ? f.createToken(ts.SyntaxKind.QuestionToken) : undefined, p.type));
  return f.createFunctionTypeNode(undefined, params, returns);
}

/** `T[]` (the factory parenthesizes a union or intersection element). */
export function arrayType(item: TypeNode): TypeNode {
  return f.createArrayTypeNode(item);
}

export interface TupleElement {
  type: TypeNode;
  optional?: boolean;
}

/** `[A, B?, ...C[]]` on one line; `rest` is the type of each further element. */
export function tupleType(elements: readonly TupleElement[], rest?: TypeNode): TypeNode {
  const nodes: TypeNode[] = elements.map((e) => (e.optional ? f.createOptionalTypeNode(e.type) : e.type));
  if (rest) nodes.push(f.createRestTypeNode(arrayType(rest)));
  return singleLine(f.createTupleTypeNode(nodes));
}

/** `readonly T` (for tuples and arrays). */
export function readonlyType(type: TypeNode): TypeNode {
  return f.createTypeOperatorNode(ts.SyntaxKind.ReadonlyKeyword, type);
}

// ---------------------------------------------------------------------------------------------- members

/** A property name: bare when it is an identifier, numeric when it is a canonical integer, else quoted. */
export function propertyName(name: string): ts.PropertyName {
  if (isPropertyName(name)) return f.createIdentifier(name);
  if (isNumericKey(name)) return f.createNumericLiteral(name);
  return stringLiteral(name);
}

export interface MemberOptions {
  optional?: boolean;
  readonly?: boolean;
  doc?: DocLines;
}

/** `name?: T;` with its JSDoc. */
export function propertySignature(name: string, type: TypeNode, options: MemberOptions = {}): TypeElement {
  const modifiers = options.readonly ? [f.createModifier(ts.SyntaxKind.ReadonlyKeyword)] : undefined;
  const question = options.optional ? f.createToken(ts.SyntaxKind.QuestionToken) : undefined;
  return withDoc(f.createPropertySignature(modifiers, propertyName(name), question, type), options.doc ?? []);
}

/** A binding: an identifier, or an object pattern (`{ signal, pageParam }`, `{ a: { b: c } }`). */
export type BindingSpec = string | { readonly destructure: readonly BindingElementSpec[] };

/** An element of an object pattern: a name (`signal`), or a property bound to a name or a pattern (`a: c`). */
export type BindingElementSpec = string | { readonly property: string; readonly name: BindingSpec };

export interface ParameterSpec {
  /** An identifier, or an object pattern. */
  name: BindingSpec;
  /** Absent only for an arrow function's parameter, whose type is inferred. */
  type?: TypeNode;
  optional?: boolean;
  /** A default value (`features: CoreFeatures = {}`). */
  initializer?: Expression;
}

export interface TypeParameterSpec {
  name: string;
  constraint?: TypeNode;
  default?: TypeNode;
}

export interface SignatureSpec {
  typeParameters?: readonly TypeParameterSpec[];
  parameters: readonly ParameterSpec[];
  /** The return type; absent only for an arrow function or a function whose return type is inferred. */
  returns?: TypeNode;
}

function bindingName(name: BindingSpec): string | ts.ObjectBindingPattern {
  if (typeof name === 'string') return checkedName(name);
  return f.createObjectBindingPattern(
    name.destructure.map((e) => (typeof e === 'string' ? f.createBindingElement(undefined, undefined, checkedName(e)) : f.createBindingElement(undefined, propertyName(e.property), bindingName(e.name)))),
  );
}

function parameterNodes(parameters: readonly ParameterSpec[]): ts.ParameterDeclaration[] {
  return parameters.map((p) =>
    f.createParameterDeclaration(undefined, undefined, bindingName(p.name), p.optional ? f.createToken(ts.SyntaxKind.QuestionToken) : undefined, p.type, p.initializer),
  );
}

function typeParameterNodes(params: readonly TypeParameterSpec[] | undefined): ts.TypeParameterDeclaration[] | undefined {
  return params?.length ? params.map((p) => f.createTypeParameterDeclaration(undefined, checkedName(p.name), p.constraint, p.default)) : undefined;
}

/** `name<T extends C = D>(a: A, b?: B): R;` with its JSDoc; the name goes through `propertyName` (quoted when it must be). */
export function methodSignature(name: string, signature: SignatureSpec, doc: DocLines = []): TypeElement {
  const node = f.createMethodSignature(undefined, propertyName(name), undefined, typeParameterNodes(signature.typeParameters), parameterNodes(signature.parameters), signature.returns);
  return withDoc(node, doc);
}

/** `[key: string]: T;` */
export function indexSignature(type: TypeNode): TypeElement {
  const key = f.createParameterDeclaration(undefined, undefined, 'key', undefined, keywordType('string'));
  return f.createIndexSignature(undefined, [key], type);
}

/** `{ ... }`, one member per line unless `singleLine` (prettier keeps whichever it is given). */
export function typeLiteral(members: readonly TypeElement[], options: { singleLine?: boolean } = {}): TypeNode {
  const node = f.createTypeLiteralNode(members);
  return options.singleLine ? singleLine(node) : node;
}

/** Attaches a JSDoc block (sanitized by comment.ts); no lines, no comment. Only members and statements get one. */
function withDoc<T extends ts.Node>(node: T, lines: DocLines): T {
  const body = docCommentBody(lines);
  if (body !== undefined) ts.addSyntheticLeadingComment(node, ts.SyntaxKind.MultiLineCommentTrivia, body, true);
  return node;
}

// ---------------------------------------------------------------------------------------------- statements

function exported(): ts.ModifierLike[] {
  return [f.createModifier(ts.SyntaxKind.ExportKeyword)];
}

/** `export type Name<P extends C = D> = T;` */
export function typeAlias(name: string, type: TypeNode, doc: DocLines = [], typeParameters?: readonly TypeParameterSpec[]): Statement {
  return withDoc(f.createTypeAliasDeclaration(exported(), checkedName(name), typeParameterNodes(typeParameters), type), doc);
}

/** `type Name<P> = T;`: a name for the module's own use, not exported. */
export function localTypeAlias(name: string, type: TypeNode, doc: DocLines = [], typeParameters?: readonly TypeParameterSpec[]): Statement {
  return withDoc(f.createTypeAliasDeclaration(undefined, checkedName(name), typeParameterNodes(typeParameters), type), doc);
}

/** `export interface Name<P> { ... }` */
export function interfaceDeclaration(name: string, members: readonly TypeElement[], doc: DocLines = [], typeParameters?: readonly TypeParameterSpec[]): Statement {
  return withDoc(f.createInterfaceDeclaration(exported(), checkedName(name), typeParameterNodes(typeParameters), undefined, members), doc);
}

/**
 * A named type: an interface when the type is a plain object type (named, cached by the checker, friendlier
 * in editor tooltips), else a type alias.
 */
export function typeDeclaration(name: string, type: TypeNode, doc: DocLines = []): Statement {
  return ts.isTypeLiteralNode(type) ? interfaceDeclaration(name, type.members, doc) : typeAlias(name, type, doc);
}

export interface FunctionOptions {
  /** Default true: `export function`. */
  exported?: boolean;
  async?: boolean;
}

/**
 * `export function name<T>(a: A): R { ...body }` with its JSDoc (names checked); without a body (`undefined`)
 * an overload signature, `export function name(a: A): R;`.
 */
export function functionDeclaration(name: string, signature: SignatureSpec, body: readonly Statement[] | undefined, doc: DocLines = [], options: FunctionOptions = {}): Statement {
  const modifiers = [...(options.exported === false ? [] : exported()), ...(options.async ? [f.createModifier(ts.SyntaxKind.AsyncKeyword)] : [])];
  const node = f.createFunctionDeclaration(
    modifiers.length ? modifiers : undefined, undefined, checkedName(name), typeParameterNodes(signature.typeParameters), parameterNodes(signature.parameters), signature.returns, body && f.createBlock(body, true),
  );
  return withDoc(node, doc);
}

/**
 * `declare function name<T>(a: A): R;`: a function the surrounding program provides (a README example's
 * `load`), with its JSDoc.
 */
export function declareFunction(name: string, signature: SignatureSpec, doc: DocLines = []): Statement {
  const node = f.createFunctionDeclaration(
    [f.createModifier(ts.SyntaxKind.DeclareKeyword)], undefined, checkedName(name), typeParameterNodes(signature.typeParameters), parameterNodes(signature.parameters), signature.returns, undefined,
  );
  return withDoc(node, doc);
}

/** `return value;` (or `return;`) */
export function returnStatement(value?: Expression): Statement {
  return f.createReturnStatement(value);
}

/** `callee<T>(a, b)` (an argument may be a `spreadArgument`) */
export function callExpression(callee: Expression, args: readonly Expression[], typeArguments?: readonly TypeNode[]): Expression {
  return f.createCallExpression(callee, typeArguments?.length ? typeArguments : undefined, args.map(argument));
}

/** `object.name` when the name is an identifier, else `object["name"]` (a string literal the printer escapes); `optional`: `?.`. */
export function propertyAccess(object: Expression, name: string, options: { optional?: boolean } = {}): Expression {
  if (options.optional) {
    const dot = f.createToken(ts.SyntaxKind.QuestionDotToken);
    return isPropertyName(name) ? f.createPropertyAccessChain(leftHand(object), dot, name) : f.createElementAccessChain(leftHand(object), dot, stringLiteral(name));
  }
  return isPropertyName(name) ? f.createPropertyAccessExpression(leftHand(object), name) : f.createElementAccessExpression(leftHand(object), stringLiteral(name));
}

export interface VariableOptions {
  /** The declared type (`const name: T = value`). */
  type?: TypeNode;
  /** Default true for `constDeclaration`, false for `variable`. */
  exported?: boolean;
  doc?: DocLines;
}

/** `export const name = value;` */
export function constDeclaration(name: string, value: Expression, doc: DocLines = [], options: Omit<VariableOptions, 'doc'> = {}): Statement {
  return variable('const', name, value, { exported: true, ...options, doc });
}

/**
 * `const name: T = value;` / `let name = value;` (not exported unless asked); `name` may be an object
 * pattern (`const { data, status } = value;`).
 */
export function variable(kind: 'const' | 'let', name: ParameterSpec['name'], value: Expression | undefined, options: VariableOptions = {}): Statement {
  const declaration = f.createVariableDeclaration(bindingName(name), undefined, options.type, value);
  const list = f.createVariableDeclarationList([declaration], kind === 'const' ? ts.NodeFlags.Const : ts.NodeFlags.Let);
  return withDoc(f.createVariableStatement(options.exported ? exported() : undefined, list), options.doc ?? []);
}

/** `expression;` */
export function expressionStatement(expression: Expression): Statement {
  return f.createExpressionStatement(expression);
}

/** `if (test) { …then } else { …otherwise }`; a lone statement without braces when `then` is one statement and not a list. */
export function ifStatement(test: Expression, then: Statement | readonly Statement[], otherwise?: Statement | readonly Statement[]): Statement {
  const clause = (s: Statement | readonly Statement[]) => (isStatementList(s) ? f.createBlock(s, true) : s);
  return f.createIfStatement(test, clause(then), otherwise && clause(otherwise));
}

/**
 * `for (const name of iterable) { …body }`; a lone statement without braces when `body` is one statement and
 * not a list (as `ifStatement`); `await`: `for await (…)`.
 */
export function forOf(name: string, iterable: Expression, body: Statement | readonly Statement[], options: { await?: boolean } = {}): Statement {
  const list = f.createVariableDeclarationList([f.createVariableDeclaration(checkedName(name))], ts.NodeFlags.Const);
  const awaitToken = options.await ? f.createToken(ts.SyntaxKind.AwaitKeyword) : undefined;
  return f.createForOfStatement(awaitToken, list, iterable, isStatementList(body) ? f.createBlock(body, true) : body);
}

/** `try { …body } catch (name) { …handler }` */
export function tryStatement(body: readonly Statement[], name: string, handler: readonly Statement[]): Statement {
  const clause = f.createCatchClause(f.createVariableDeclaration(checkedName(name)), f.createBlock(handler, true));
  return f.createTryStatement(f.createBlock(body, true), clause, undefined);
}

/** `throw value;` */
export function throwStatement(value: Expression): Statement {
  return f.createThrowStatement(value);
}

function isStatementList(s: Statement | readonly Statement[]): s is readonly Statement[] {
  return Array.isArray(s);
}

/** A `//` comment on the line before a statement (the text is sanitized: it cannot end the line early). */
export function lineComment<T extends ts.Node>(node: T, text: string): T {
  const clean = sanitizeCommentText(text).replace(/\n/g, ' ');
  ts.addSyntheticLeadingComment(node, ts.SyntaxKind.SingleLineCommentTrivia, ` ${clean}`, true);
  return node;
}

/** A `//` comment after a statement, on its line (`console.log(value); // typed as Pet`; sanitized as `lineComment`). */
export function trailingComment<T extends ts.Node>(node: T, text: string): T {
  const clean = sanitizeCommentText(text).replace(/\n/g, ' ');
  ts.addSyntheticTrailingComment(node, ts.SyntaxKind.SingleLineCommentTrivia, ` ${clean}`, false);
  return node;
}

/** `/* @__PURE__ *\/ call(…)`: a call a bundler may drop when its result is unused. */
export function pure(call: Expression): Expression {
  return ts.addSyntheticLeadingComment(call, ts.SyntaxKind.MultiLineCommentTrivia, ' @__PURE__ ', false);
}

/**
 * Adds to `into` every identifier `node` holds (type and value references, but also property and member
 * names): a module's imports are derived from it, so it errs towards "named", which at worst keeps an import.
 */
export function addNamesIn(node: ts.Node, into: Set<string>): Set<string> {
  if (ts.isIdentifier(node)) into.add(node.text);
  ts.forEachChild(node, (child) => {
    addNamesIn(child, into);
  });
  return into;
}

/** Every identifier the nodes hold (addNamesIn over each): what a module's imports are derived from. */
export function namesIn(nodes: Iterable<ts.Node>): Set<string> {
  const into = new Set<string>();
  for (const node of nodes) addNamesIn(node, into);
  return into;
}

/** `import type { A, B } from 'specifier';` (names sorted and deduplicated). */
export function importTypes(names: Iterable<string>, specifier: string): Statement {
  const specifiers = [...new Set(names)].sort().map((n) => f.createImportSpecifier(false, undefined, f.createIdentifier(checkedName(n))));
  const clause = f.createImportClause(true, undefined, f.createNamedImports(specifiers));
  return f.createImportDeclaration(undefined, clause, stringLiteral(specifier));
}

/** `import type * as Name from 'specifier';` */
export function importNamespaceType(name: string, specifier: string): Statement {
  const clause = f.createImportClause(true, undefined, f.createNamespaceImport(f.createIdentifier(checkedName(name))));
  return f.createImportDeclaration(undefined, clause, stringLiteral(specifier));
}

export interface ImportSpec {
  /** The default import's local name (`import express from 'express'`). */
  default?: string;
  /** Named imports (sorted and deduplicated). */
  names?: Iterable<string>;
  /** Named imports of types only, each marked `type` among the names (`import { serve, type Principal }`). */
  typeNames?: Iterable<string>;
}

/** `import name, { a, type B } from 'specifier';`: a value import (default, named, or both; names sorted). */
export function importDeclaration(spec: ImportSpec, specifier: string): Statement {
  const types = new Set(spec.typeNames ?? []);
  // Sorted as written (`type B` among the values by its keyword).
  const spelled = (n: string) => (types.has(n) ? `type ${n}` : n);
  const names = [...new Set([...(spec.names ?? []), ...types])].sort((a, b) => (spelled(a) < spelled(b) ? -1 : spelled(a) > spelled(b) ? 1 : 0));
  const named = names.length ? f.createNamedImports(names.map((n) => f.createImportSpecifier(types.has(n), undefined, f.createIdentifier(checkedName(n))))) : undefined;
  const defaultName = spec.default === undefined ? undefined : f.createIdentifier(checkedName(spec.default));
  if (!defaultName && !named) throw new TypeError('an import of nothing');
  return f.createImportDeclaration(undefined, f.createImportClause(false, defaultName, named), stringLiteral(specifier));
}

/** `export default value;` */
export function exportDefault(value: Expression): Statement {
  return f.createExportAssignment(undefined, false, value);
}

/** `export {};`: marks a module that exports nothing as a module. */
export function exportNothing(): Statement {
  return f.createExportDeclaration(undefined, false, f.createNamedExports([]), undefined);
}

/** `export * from 'specifier';` */
export function exportAll(specifier: string): Statement {
  return f.createExportDeclaration(undefined, false, undefined, stringLiteral(specifier));
}

// ---------------------------------------------------------------------------------------------- values

/**
 * A JSON-compatible value (plus non-finite numbers, and `undefined`) as an expression on one line. A `__proto__` key becomes
 * the computed `["__proto__"]`, the only form that defines an own property instead of setting a prototype.
 */
export function literalExpression(value: unknown): Expression {
  if (value === undefined) return f.createIdentifier('undefined');
  if (value === null) return f.createNull();
  if (typeof value === 'boolean') return value ? f.createTrue() : f.createFalse();
  if (typeof value === 'number') return numberExpression(value);
  if (typeof value === 'string') return stringLiteral(value);
  if (Array.isArray(value)) return f.createArrayLiteralExpression(value.map((v) => literalExpression(v === undefined ? null : v)), false);
  if (typeof value === 'object') {
    const properties: ts.ObjectLiteralElementLike[] = [];
    for (const [key, v] of Object.entries(value)) {
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
      const name = key === '__proto__' ? f.createComputedPropertyName(stringLiteral(key)) : propertyName(key);
      properties.push(f.createPropertyAssignment(name, literalExpression(v)));
    }
    return f.createObjectLiteralExpression(properties, false);
  }
  throw new TypeError(`cannot write a ${typeof value} as a literal`);
}

/** A reference to a declared value by name (checked). */
export function valueRef(name: string): Expression {
  return f.createIdentifier(checkedName(name));
}

/** `[a, b]`; `multiLine`: one element a line (prettier keeps the layout only for objects: arrays it fits itself). */
export function arrayLiteral(elements: readonly Expression[]): Expression {
  return f.createArrayLiteralExpression(elements.map(argument), false);
}

/** `value as const` */
export function asConst(value: Expression): Expression {
  return f.createAsExpression(operand(value, Precedence.Relational), f.createTypeReferenceNode('const'));
}

/**
 * `value as never as T`: the value typed by a declared type instead of an inferred one. A consumer's checker
 * then neither infers the literal's type nor relates it to `T` (for a tuple literal that relation resolves
 * every member of a `ReadonlyArray` instantiation); the caller guarantees that `value` inhabits `T`.
 */
export function declaredAs(value: Expression, type: TypeNode): Expression {
  return f.createAsExpression(f.createAsExpression(value, keywordType('never')), type);
}

export type TemplatePiece = { text: string } | { value: Expression };

/**
 * `` `listening on ${server.url}` ``: a template literal of text and values. The text's raw spelling is
 * escaped here (backslashes, backticks, `${`, control characters); the factory checks it cooks back to the text.
 */
export function templateExpression(pieces: readonly TemplatePiece[]): Expression {
  const { texts, holes } = templateHoles(pieces.map((p) => ('text' in p ? p : { hole: p.value })));
  if (!holes.length) return f.createNoSubstitutionTemplateLiteral(texts[0]!, escapeTemplateText(texts[0]!));
  return f.createTemplateExpression(templateHead(texts), holes.map((value, i) => f.createTemplateSpan(value, templateTail(texts, i))));
}

/** `typeof name` (a declared value's type). */
export function typeOfValue(name: string): TypeNode {
  return f.createTypeQueryNode(f.createIdentifier(checkedName(name)));
}

/** `value satisfies T` */
export function satisfies(value: Expression, type: TypeNode): Expression {
  return f.createSatisfiesExpression(operand(value, Precedence.Relational), type);
}

// ---------------------------------------------------------------------------------------------- expressions

/** `object[index]` (`defaults['name']`, `items[items.length - 1]`); `optional`: `object?.[index]`. */
export function elementAccess(object: Expression, index: Expression, options: { optional?: boolean } = {}): Expression {
  if (options.optional) return f.createElementAccessChain(leftHand(object), f.createToken(ts.SyntaxKind.QuestionDotToken), index);
  return f.createElementAccessExpression(leftHand(object), index);
}

/** `new Callee(a, b)` */
export function newExpression(callee: Expression, args: readonly Expression[]): Expression {
  return f.createNewExpression(callee, undefined, args.map(argument));
}

/** `import('specifier')`: a dynamic import (the specifier a string literal the printer escapes). */
export function dynamicImport(specifier: string): Expression {
  return f.createCallExpression(f.createToken(ts.SyntaxKind.ImportKeyword) as unknown as Expression, undefined, [stringLiteral(specifier)]);
}

/** `await value` */
export function awaitExpression(value: Expression): Expression {
  return f.createAwaitExpression(operand(value, Precedence.Unary));
}

/** `value as T` (`value` parenthesized when it binds looser than `as`). */
export function asType(value: Expression, type: TypeNode): Expression {
  return f.createAsExpression(operand(value, Precedence.Relational), type);
}

export type BinaryOperator = '??' | '||' | '&&' | '===' | '!==' | '<' | '>' | '<=' | '>=' | '+' | '-' | '*' | 'instanceof' | 'in';

const OPERATORS: Record<BinaryOperator, { token: ts.BinaryOperator; precedence: Precedence }> = {
  '??': { token: ts.SyntaxKind.QuestionQuestionToken, precedence: 4 },
  '||': { token: ts.SyntaxKind.BarBarToken, precedence: 4 },
  '&&': { token: ts.SyntaxKind.AmpersandAmpersandToken, precedence: 5 },
  '===': { token: ts.SyntaxKind.EqualsEqualsEqualsToken, precedence: 9 },
  '!==': { token: ts.SyntaxKind.ExclamationEqualsEqualsToken, precedence: 9 },
  '<': { token: ts.SyntaxKind.LessThanToken, precedence: 10 },
  '>': { token: ts.SyntaxKind.GreaterThanToken, precedence: 10 },
  '<=': { token: ts.SyntaxKind.LessThanEqualsToken, precedence: 10 },
  '>=': { token: ts.SyntaxKind.GreaterThanEqualsToken, precedence: 10 },
  instanceof: { token: ts.SyntaxKind.InstanceOfKeyword, precedence: 10 },
  in: { token: ts.SyntaxKind.InKeyword, precedence: 10 },
  '+': { token: ts.SyntaxKind.PlusToken, precedence: 12 },
  '-': { token: ts.SyntaxKind.MinusToken, precedence: 12 },
  '*': { token: ts.SyntaxKind.AsteriskToken, precedence: 13 },
};

/**
 * Binding strength, loosest first (ECMAScript's table, as far as the builder goes). `??` does not mix with
 * `||`/`&&` without brackets: an operand of one that is the other is always bracketed.
 */
const enum Precedence {
  Lowest = 0,
  Conditional = 2,
  Coalesce = 4,
  And = 5,
  Equality = 9,
  Relational = 10,
  Additive = 12,
  Multiplicative = 13,
  Unary = 15,
  Member = 18,
}

/** `left op right`, bracketing an operand that binds looser (or, for the right one, as loose). */
export function binary(left: Expression, operator: BinaryOperator, right: Expression): Expression {
  const { token, precedence } = OPERATORS[operator];
  const mixes = (e: Expression) => operator === '??' ? isLogical(e) : (operator === '||' || operator === '&&') && isCoalesce(e);
  // A cast on the left is bracketed whatever the operator: `a as T < b` would read `T<` as type arguments.
  const cast = ts.isAsExpression(left) || ts.isSatisfiesExpression(left);
  const l = mixes(left) || cast ? f.createParenthesizedExpression(left) : operand(left, precedence);
  const r = mixes(right) ? f.createParenthesizedExpression(right) : operand(right, precedence + 1);
  return f.createBinaryExpression(l, token, r);
}

/**
 * `target = value` / `target ??= value` as an expression (a cache filled on first use: `f((r ??= table()))`).
 * Bracketed, as prettier writes an assignment that stands inside another expression.
 */
export function assignment(target: Expression, operator: '=' | '??=', value: Expression): Expression {
  const token = operator === '=' ? ts.SyntaxKind.EqualsToken : ts.SyntaxKind.QuestionQuestionEqualsToken;
  return f.createParenthesizedExpression(f.createBinaryExpression(leftHand(target), token, value));
}

/** `value!`: the value asserted not `null`/`undefined` (an index the code knows is in range). */
export function nonNull(value: Expression): Expression {
  return f.createNonNullExpression(leftHand(value));
}

/** `!value` */
export function not(value: Expression): Expression {
  return f.createPrefixUnaryExpression(ts.SyntaxKind.ExclamationToken, operand(value, Precedence.Unary));
}

/** `typeof value` (the value's type name at run time, as an expression). */
export function typeofExpression(value: Expression): Expression {
  return f.createTypeOfExpression(operand(value, Precedence.Unary));
}

/** `test ? whenTrue : whenFalse` */
export function conditional(test: Expression, whenTrue: Expression, whenFalse: Expression): Expression {
  return f.createConditionalExpression(operand(test, Precedence.Conditional + 1), f.createToken(ts.SyntaxKind.QuestionToken), argument(whenTrue), f.createToken(ts.SyntaxKind.ColonToken), argument(whenFalse));
}

/**
 * `(a, b) => body` (async when asked): `body` an expression or a list of statements (a block). Parameters
 * without a type are inferred from where the arrow is passed.
 */
export function arrowFunction(parameters: readonly ParameterSpec[], body: Expression | readonly Statement[], options: { async?: boolean; returns?: TypeNode } = {}): Expression {
  const modifiers = options.async ? [f.createModifier(ts.SyntaxKind.AsyncKeyword)] : undefined;
  const block = isStatementList(body as Statement | readonly Statement[]) ? f.createBlock(body as readonly Statement[], true) : undefined;
  // An object literal body would read as a block: bracketed.
  const expression = block ?? (ts.isObjectLiteralExpression(body as Expression) ? f.createParenthesizedExpression(body as Expression) : argument(body as Expression));
  return f.createArrowFunction(modifiers, undefined, parameterNodes(parameters), options.returns, f.createToken(ts.SyntaxKind.EqualsGreaterThanToken), expression);
}

/** A member of an object literal: `key: value`, `key` (shorthand), `...value`, or a method. */
export type ObjectMember = ts.ObjectLiteralElementLike;

/** `key: value` in an object literal (the key quoted when it must be; `__proto__` computed, defining an own property). */
export function property(key: string, value: Expression, doc: DocLines = []): ObjectMember {
  const name = key === '__proto__' ? f.createComputedPropertyName(stringLiteral(key)) : propertyName(key);
  return withDoc(f.createPropertyAssignment(name, argument(value)), doc);
}

/** `name` as a shorthand member (`{ signal }`). */
export function shorthand(name: string): ObjectMember {
  return f.createShorthandPropertyAssignment(checkedName(name));
}

/** `...value` as a call argument (`setupServer(...handlers)`). */
export function spreadArgument(value: Expression): Expression {
  return f.createSpreadElement(value);
}

/** `...value` in an object literal. */
export function spread(value: Expression): ObjectMember {
  return f.createSpreadAssignment(argument(value));
}

/** `name<T>(a: A): R { …body }` as an object member, with its JSDoc; `async`: `async name(…) {…}`. */
export function method(name: string, signature: SignatureSpec, body: readonly Statement[], doc: DocLines = [], options: { async?: boolean } = {}): ObjectMember {
  const modifiers = options.async ? [f.createModifier(ts.SyntaxKind.AsyncKeyword)] : undefined;
  const node = f.createMethodDeclaration(modifiers, undefined, propertyName(name), undefined, typeParameterNodes(signature.typeParameters), parameterNodes(signature.parameters), signature.returns, f.createBlock(body, true));
  return withDoc(node, doc);
}

/** `get name() { …body }` as an object member: evaluated on each read (Zod 4's recursive object members). */
export function getter(name: string, body: readonly Statement[], doc: DocLines = []): ObjectMember {
  return withDoc(f.createGetAccessorDeclaration(undefined, propertyName(name), [], undefined, f.createBlock(body, true)), doc);
}

/**
 * `{ a: 1, b }`. `multiLine`: written one member a line, which prettier keeps even when the object would
 * fit on one line (an object written on one line is broken only when it does not fit); always when a
 * member has a doc comment.
 */
export function objectLiteral(members: readonly ObjectMember[], options: { multiLine?: boolean } = {}): Expression {
  // A documented member has its comment on a line of its own: the object is written one member a line.
  const documented = members.some((m) => ts.getSyntheticLeadingComments(m)?.length);
  return f.createObjectLiteralExpression(members, options.multiLine === true || documented);
}

/** `keyof T` */
export function keyofType(type: TypeNode): TypeNode {
  return f.createTypeOperatorNode(ts.SyntaxKind.KeyOfKeyword, type);
}

/** `name is T`: a type predicate, as a function's return type. */
export function typePredicate(name: string, type: TypeNode): TypeNode {
  return f.createTypePredicateNode(undefined, checkedName(name), type);
}

/** An expression bracketed when it binds looser than `precedence` (the printer re-decides brackets itself). */
function operand(e: Expression, precedence: Precedence): Expression {
  return precedenceOf(e) < precedence ? f.createParenthesizedExpression(e) : e;
}

/** A call argument, array element or member value: only a comma expression would need brackets (none is built). */
function argument(e: Expression): Expression {
  return e;
}

/** The object of a member access or call: anything but a primary or member expression is bracketed. */
function leftHand(e: Expression): Expression {
  return operand(e, Precedence.Member);
}

function precedenceOf(e: Expression): number {
  if (ts.isArrowFunction(e) || ts.isConditionalExpression(e)) return Precedence.Conditional;
  if (ts.isBinaryExpression(e)) return (Object.values(OPERATORS).find((o) => o.token === e.operatorToken.kind)?.precedence ?? Precedence.Lowest);
  if (ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) return Precedence.Relational;
  if (ts.isPrefixUnaryExpression(e) || ts.isAwaitExpression(e) || ts.isTypeOfExpression(e)) return Precedence.Unary;
  return Precedence.Member;
}

function isLogical(e: Expression): boolean {
  return ts.isBinaryExpression(e) && (e.operatorToken.kind === ts.SyntaxKind.BarBarToken || e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken);
}

function isCoalesce(e: Expression): boolean {
  return ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken;
}
