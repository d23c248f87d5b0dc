/**
 * A plain statement's text straight from its nodes, settled before any document is built: generated
 * modules are thousands of short declarations (`export const isX = /* @__PURE__ *\/ _guard<T.X>(C._vX);`),
 * and building prettier's documents for each only to find it fits its line cost more than the rest of
 * their emitters. Only plain shapes are spelled here: names, member access, calls and `new` (no member
 * chain), literals, array and object literals that nothing forces broken, and the type references of
 * annotations and type arguments. These print flat exactly as the documents of expressions.ts, calls.ts,
 * literals.ts and types.ts print them flat. One broken layout is taken too, the commonest of generated
 * modules: a declaration of a call whose arguments go one a line (`brokenCall`). Anything else (an
 * operator, whose brackets those modules decide, a comment, a shape prettier breaks whatever its width, a
 * line that does not fit) gives undefined and the documents decide.
 */
import { ts } from '../typescript.mjs';
import { BEYOND_PRINTABLE_ASCII, PRETTIER_OPTIONS } from '../layout-options.ts';
import { loneShortArgument } from './assignments.ts';
import { K } from './base.ts';
import { conciseArray } from './calls.ts';
import { alwaysBroken, quote } from './literals.ts';
import { isSimple } from './types.ts';

const WIDTH = PRETTIER_OPTIONS.printWidth!;

/** Not one of the plain shapes: the documents print the statement. */
const DECLINED = Symbol('declined');

function decline(): never {
  throw DECLINED;
}

/**
 * A plain statement standing `indent` columns in as prettier prints it there (its lines after the first
 * not indented: the caller indents them): one line when it fits, a declaration of a call broken as
 * `brokenCall` says; else undefined. `commented`: the statement's leading comments are the caller's to
 * print (they settle nothing after them: comments.ts `leadingText`), and the text is the statement's own.
 */
export function plainStatement(node: ts.Statement, indent = 0, commented = false): string | undefined {
  if ((!commented && ts.getSyntheticLeadingComments(node)?.length) || ts.getSyntheticTrailingComments(node)?.length) return undefined;
  try {
    const text = statement(node);
    if (fits(indent, text) && !forcesBreak(node)) return text;
    return ts.isVariableStatement(node) ? (huggedArrow(node, indent) ?? brokenCall(node, indent)) : undefined;
  } catch (error) {
    if (error === DECLINED) return undefined;
    throw error;
  }
}

/** Width is measured by length: characters beyond printable ASCII (prettier measures wide ones by display width) go to the documents. */
function fits(indent: number, text: string): boolean {
  return indent + text.length <= WIDTH && !BEYOND_PRINTABLE_ASCII.test(text);
}

/**
 * `const a = f<T>(` and the arguments one a line with trailing commas, then `);`: a declaration of a call
 * too wide for its line or holding an array prettier always breaks, when prettier lays it out so
 * (print/assignment.js's fluid layout keeps the call on the line of the `=` when its head up to `(` fits;
 * printCallArguments breaks arguments none of which is hugged one a line). An array argument that does not
 * fit its line, or is always broken, is broken in turn: `[`, one item a line, `],`. Taken only where that is
 * certain: a name or one member of a name called (`plainCallee`), one simple type argument at most (printed
 * inline), no object or array last that prettier would hug (one whose argument before is not of its kind),
 * not a lone short argument (which makes the call "poorly breakable" and moves it below the `=`), no arrow
 * returning a call (prettier hugs it), and every line fitting but a string too wide for any (`overflowing`).
 */
function brokenCall(node: ts.VariableStatement, indent: number): string | undefined {
  const d = node.declarationList.declarations[0]!;
  const call = strip(d.initializer!);
  if (!ts.isCallExpression(call) || !plainCallee(call.expression) || ts.getSyntheticLeadingComments(call.expression)?.length) return undefined;
  if (d.type && ts.isTypeReferenceNode(d.type) && d.type.typeArguments?.length) return undefined;
  const typeArgs = call.typeArguments ?? [];
  if (typeArgs.length > 1 || (typeArgs.length === 1 && !isSimple(typeArgs[0]!))) return undefined;
  const args = call.arguments.map(strip);
  const last = args[args.length - 1];
  const penultimate = args[args.length - 2];
  if (!last || ((ts.isObjectLiteralExpression(last) || ts.isArrayLiteralExpression(last)) && penultimate?.kind !== last.kind)) return undefined;
  const wide = args.map((a) => overflowing(a, indent + UNIT.length));
  if (args.length === 1 && !ts.isPropertyAccessExpression(last) && !ts.isCallExpression(last) && !ts.isArrowFunction(last) && !wide[0]) return undefined;
  // A lone short argument (`g()` of a short name among them) makes the call poorly breakable: below the `=`.
  if (args.length === 1 && loneShortArgument(last)) return undefined;
  // An arrow returning a call is hugged when its head fits (`huggedArrow`), else laid out by the documents.
  if (ts.isArrowFunction(last) && ts.isCallExpression(strip(last.body as ts.Expression))) return undefined;
  const comments = ts.getSyntheticLeadingComments(call)?.map((c) => `/*${c.text}*/ `).join('') ?? '';
  const open = `${exported(node)}${variable(node.declarationList, false)} = ${comments}${expression(call.expression)}${typeArgs.length ? `<${type(typeArgs[0]!)}>` : ''}(`;
  if (!fits(indent, open)) return undefined;
  const lines = [open];
  for (const [i, a] of args.entries()) {
    const text = argument(a);
    if (wide[i] || (fits(indent + UNIT.length, `${text},`) && !forces(a))) lines.push(`${UNIT}${text},`);
    else if (ts.isArrayLiteralExpression(a) && !conciseArray(a)) {
      lines.push(`${UNIT}[`);
      for (const item of a.elements) {
        const itemText = expression(item);
        if (!fits(indent + 2 * UNIT.length, `${itemText},`) || forces(item)) return undefined;
        lines.push(`${UNIT}${UNIT}${itemText},`);
      }
      lines.push(`${UNIT}],`);
    } else return undefined;
  }
  lines.push(');');
  return lines.join('\n');
}

/**
 * The callee of a call `brokenCall` lays out: a name, or one member of a name (`JSON.parse`). prettier prints
 * `a.b(…)` as a member chain, and a chain of one call is its one-line form (print/member-chain.js: two
 * groups at most are printed as one line), whose arguments break as a plain call's do.
 */
function plainCallee(callee: ts.Expression): boolean {
  if (ts.isIdentifier(callee)) return true;
  return ts.isPropertyAccessExpression(callee) && !callee.questionDotToken && ts.isIdentifier(callee.expression) && ts.isIdentifier(callee.name) && !ts.getSyntheticLeadingComments(callee.expression)?.length;
}

/**
 * A string literal too wide for its own line standing `indent` columns in (printable ASCII, so its width is
 * its length): nothing in it can break, so prettier leaves it overflowing on the line its call's broken
 * arguments give it (a megabyte of `JSON.parse('…')`). Being that wide, it is no "lone short argument"
 * either (print/assignment.js `isLoneShortArgument`: at most a quarter of the print width), which would
 * move a call of it below the `=`.
 */
function overflowing(node: ts.Expression, indent: number): boolean {
  // Quoted, a string is two characters longer than its text at least: most are known to fit without quoting them.
  if (!ts.isStringLiteral(node) || indent + node.text.length + 2 <= WIDTH || ts.getSyntheticLeadingComments(node)?.length || ts.getSyntheticTrailingComments(node)?.length) return false;
  const text = quote(node);
  return indent + text.length > WIDTH && !BEYOND_PRINTABLE_ASCII.test(text);
}

/**
 * `const a = f(() =>`, the arrow's body on the next line, then `,` and `);`: a declaration of a call whose one
 * argument is an arrow without parameters returning a call, too wide for its line. prettier hugs such a last
 * argument (print/call-arguments.js: an arrow whose body is call-like can expand) and breaks the arrow after
 * `=>`, with a trailing comma (print/arrow-function.js, `shouldAddSoftLine` when the last argument expands).
 * Taken only where that is certain: the head up to `=>` fits, and so does the body, flat, on its own line;
 * otherwise prettier breaks the arguments instead, or the body's own, which the documents decide.
 */
function huggedArrow(node: ts.VariableStatement, indent: number): string | undefined {
  const d = node.declarationList.declarations[0]!;
  const call = strip(d.initializer!);
  if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.typeArguments?.length || call.arguments.length !== 1) return undefined;
  const arrow = strip(call.arguments[0]!);
  if (!ts.isArrowFunction(arrow) || !ts.isCallExpression(strip(arrow.body as ts.Expression))) return undefined;
  if (d.type || arrow.parameters.length || arrow.typeParameters?.length || arrow.type || ts.getModifiers(arrow)?.length) return undefined;
  const comments = ts.getSyntheticLeadingComments(call)?.map((c) => `/*${c.text}*/ `).join('') ?? '';
  const open = `${exported(node)}${variable(node.declarationList, false)} = ${comments}${call.expression.text}(() =>`;
  const body = `${expression(arrow.body as ts.Expression)},`;
  if (!fits(indent, open) || !fits(indent + UNIT.length, body) || forces(arrow.body as ts.Expression)) return undefined;
  return `${open}\n${UNIT}${body}\n);`;
}

/** Whether the statement holds a literal prettier breaks whatever its width (`forces`). */
function forcesBreak(node: ts.Statement): boolean {
  if (ts.isVariableStatement(node)) return forces(node.declarationList.declarations[0]!.initializer);
  return ts.isExpressionStatement(node) ? forces(node.expression) : ts.isReturnStatement(node) && forces(node.expression);
}

/** Whether an expression holds an array prettier always breaks (literals.ts `alwaysBroken`), or an object built broken. */
function forces(value: ts.Expression | undefined): boolean {
  if (!value) return false;
  const node = strip(value);
  if (ts.isArrayLiteralExpression(node)) {
    const items = node.elements.map(strip);
    return (!conciseArray(node) && alwaysBroken(items)) || items.some(forces);
  }
  if (ts.isObjectLiteralExpression(node)) return (node as unknown as { multiLine?: boolean }).multiLine === true || node.properties.some((p) => ts.isPropertyAssignment(p) && forces(p.initializer));
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) return forces(node.expression) || (node.arguments ?? []).some(forces);
  return ts.isPropertyAccessExpression(node) && forces(node.expression);
}

const UNIT = ' '.repeat(PRETTIER_OPTIONS.tabWidth!);

function statement(node: ts.Statement): string {
  if (ts.isVariableStatement(node)) return exported(node) + variable(node.declarationList);
  if (ts.canHaveModifiers(node) && ts.getModifiers(node)?.length) decline();
  if (ts.isExpressionStatement(node)) {
    const e = strip(node.expression);
    if (!ts.isCallExpression(e) && !ts.isNewExpression(e)) decline();
    return `${expression(e)};`;
  }
  if (ts.isReturnStatement(node)) return node.expression ? `return ${expression(node.expression)};` : 'return;';
  return decline();
}

function exported(node: ts.VariableStatement): string {
  const modifiers = ts.getModifiers(node) ?? [];
  if (!modifiers.length) return '';
  return modifiers.length === 1 && modifiers[0]!.kind === K.ExportKeyword ? 'export ' : decline();
}

/** `const a: T = value;` (or its left side alone, `full` false): one declarator of a name, no definite assignment. */
function variable(list: ts.VariableDeclarationList, full = true): string {
  const keyword = list.flags & ts.NodeFlags.Const ? 'const' : list.flags & ts.NodeFlags.Let ? 'let' : decline();
  if (list.declarations.length !== 1) decline();
  const d = list.declarations[0]!;
  if (!ts.isIdentifier(d.name) || d.exclamationToken) decline();
  const left = `${keyword} ${d.type ? `${d.name.text}: ${type(d.type)}` : d.name.text}`;
  if (!full) return left;
  return d.initializer ? `${left} = ${expression(d.initializer)};` : `${left};`;
}

function strip(node: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(node)) node = node.expression;
  return node;
}

/** An expression's flat text; an inline block comment (`/* @__PURE__ *\/`) before it, as expressions.ts writes it. */
function expression(value: ts.Expression): string {
  const node = strip(value);
  if (ts.getSyntheticTrailingComments(node)?.length) decline();
  const leading = ts.getSyntheticLeadingComments(node);
  if (!leading?.length) return bare(node);
  if (leading.some((c) => c.kind !== K.MultiLineCommentTrivia || c.hasTrailingNewLine || c.text.includes('\n'))) decline();
  return leading.map((c) => `/*${c.text}*/ `).join('') + bare(node);
}

function bare(node: ts.Expression): string {
  // One switch on the kind: this runs for every node of thousands of statements.
  switch (node.kind) {
    case K.Identifier:
      return (node as ts.Identifier).text;
    case K.StringLiteral:
      return quote(node as ts.StringLiteral);
    case K.NumericLiteral: {
      const text = (node as ts.NumericLiteral).text;
      return /^\d+(\.\d+)?(e[+-]\d+)?$/.test(text) ? text.replace('e+', 'e') : decline();
    }
    case K.TrueKeyword: return 'true';
    case K.FalseKeyword: return 'false';
    case K.NullKeyword: return 'null';
    case K.PropertyAccessExpression: {
      const access = node as ts.PropertyAccessExpression;
      if (access.questionDotToken || access.name.kind !== K.Identifier) decline();
      return `${object(access.expression)}.${access.name.text}`;
    }
    case K.CallExpression:
    case K.NewExpression: {
      const call = node as ts.CallExpression | ts.NewExpression;
      if ((call as ts.CallExpression).questionDotToken) decline();
      const callee = strip(call.expression);
      // A name or `a.b` before the call: no member chain (calls.ts lays chains out by their groups) and no curried call.
      if (callee.kind !== K.Identifier && !(ts.isPropertyAccessExpression(callee) && ts.isIdentifier(strip(callee.expression)))) decline();
      const typeArgs = call.typeArguments?.length ? `<${call.typeArguments.map(type).join(', ')}>` : '';
      const args = (call.arguments ?? []).map(argument).join(', ');
      return `${node.kind === K.NewExpression ? 'new ' : ''}${expression(callee)}${typeArgs}(${args})`;
    }
    case K.ArrayLiteralExpression:
      return array(node as ts.ArrayLiteralExpression);
    case K.ObjectLiteralExpression:
      return objectLiteral(node as ts.ObjectLiteralExpression);
  }
  return decline();
}

/** The object of a member access: a name, or another access (no call: that is a chain). */
function object(node: ts.Expression): string {
  const inner = strip(node);
  if (!ts.isIdentifier(inner) && !ts.isPropertyAccessExpression(inner)) decline();
  return expression(inner);
}

function argument(node: ts.Expression): string {
  const inner = strip(node);
  if (ts.isArrowFunction(inner)) return arrow(inner);
  // A function argument has layouts of its own (calls.ts): not spelled here.
  if (ts.isFunctionExpression(inner) || ts.isSpreadElement(inner)) decline();
  return expression(inner);
}

/**
 * `() => value`, flat: an arrow without parameters, modifiers, type parameters or return type whose body is an
 * expression of the plain shapes (not an object literal, which would need brackets). Other arrows have
 * layouts of their own (calls.ts).
 */
function arrow(node: ts.ArrowFunction): string {
  if (node.parameters.length || node.typeParameters?.length || node.type || ts.getModifiers(node)?.length || ts.isBlock(node.body)) decline();
  const body = strip(node.body as ts.Expression);
  if (ts.isObjectLiteralExpression(body) || ts.getSyntheticLeadingComments(node)?.length) decline();
  return `() => ${expression(body)}`;
}

/** `[a, b]` (flat: whether prettier breaks it whatever its width is `forces`'s question). */
function array(node: ts.ArrayLiteralExpression): string {
  const items = node.elements.map(strip);
  if (!items.length) return '[]';
  if (items.some((e) => ts.isSpreadElement(e) || ts.isOmittedExpression(e))) decline();
  return `[${items.map(expression).join(', ')}]`;
}

/** `{ a: b, c }` with identifier keys (flat: an object built broken, `multiLine`, which prettier keeps broken, is `forces`'s question). */
function objectLiteral(node: ts.ObjectLiteralExpression): string {
  if (!node.properties.length) return '{}';
  const properties = node.properties.map((p) => {
    if (ts.getSyntheticLeadingComments(p)?.length) decline();
    if (ts.isShorthandPropertyAssignment(p) && !p.objectAssignmentInitializer) return p.name.text;
    if (!ts.isPropertyAssignment(p) || !ts.isIdentifier(p.name)) return decline();
    return `${p.name.text}: ${expression(p.initializer)}`;
  });
  return `{ ${properties.join(', ')} }`;
}

/**
 * A property signature's line standing `column` columns in (`readonly key?: T;`) as prettier prints it
 * when it fits, straight from its nodes: an interface's members are most of the types target's output,
 * and each built as a document only to be found flat cost more than the rest of its layout. Only a key
 * that is a name or a string and a plain type (`memberType`); undefined otherwise, or when the line does
 * not fit: the documents decide (broken-objects.ts). The member's comments are the caller's.
 */
export function plainMember(m: ts.TypeElement, column: number): string | undefined {
  if (!ts.isPropertySignature(m) || !m.type) return undefined;
  try {
    const modifiers = m.modifiers;
    if (modifiers?.length && (modifiers.length > 1 || modifiers[0]!.kind !== K.ReadonlyKeyword)) decline();
    const text = `${modifiers?.length ? 'readonly ' : ''}${memberKey(m.name)}${m.questionToken ? '?' : ''}: ${memberType(m.type)};`;
    return fits(column, text) ? text : undefined;
  } catch (error) {
    if (error === DECLINED) return undefined;
    throw error;
  }
}

/** literals.ts `propertyKey` for a name or a string of printable ASCII (prettier unquotes one that is a name). */
function memberKey(name: ts.PropertyName): string {
  if (ts.isIdentifier(name)) return name.text;
  if (!ts.isStringLiteral(name) || BEYOND_PRINTABLE_ASCII.test(name.text)) return decline();
  return IDENTIFIER.test(name.text) ? name.text : quote(name);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A member's type flat, as types.ts's documents print it flat: `type` below, a union of those (` | `
 * between, no leading `|`), an array of one (`T[]`), an indexed access (`A['b']`). Any other kind, or a
 * comment on a type, declines.
 */
function memberType(node: ts.TypeNode, inUnion = false): string {
  if (ts.getSyntheticLeadingComments(node)?.length) decline();
  if (ts.isUnionTypeNode(node)) return inUnion ? decline() : node.types.map((t) => memberType(t, true)).join(' | ');
  if (ts.isArrayTypeNode(node)) return ts.isUnionTypeNode(node.elementType) ? decline() : `${memberType(node.elementType, true)}[]`;
  if (ts.isIndexedAccessTypeNode(node)) return `${memberType(node.objectType, true)}[${memberType(node.indexType, true)}]`;
  return type(node);
}

/** A type reference (`T.Post<A>`), a literal type or a keyword type. */
function type(node: ts.TypeNode): string {
  if (ts.isTypeReferenceNode(node)) {
    const name = ts.isIdentifier(node.typeName) ? node.typeName.text : ts.isIdentifier(node.typeName.left) ? `${node.typeName.left.text}.${node.typeName.right.text}` : decline();
    return node.typeArguments?.length ? `${name}<${node.typeArguments.map(type).join(', ')}>` : name;
  }
  if (ts.isLiteralTypeNode(node)) {
    const literal = node.literal;
    if (ts.isStringLiteral(literal)) return quote(literal);
    if (ts.isNumericLiteral(literal) && /^\d+$/.test(literal.text)) return literal.text;
    switch (literal.kind) {
      case K.TrueKeyword: return 'true';
      case K.FalseKeyword: return 'false';
      case K.NullKeyword: return 'null';
    }
    return decline();
  }
  return KEYWORD_TYPES[node.kind] ?? decline();
}

const KEYWORD_TYPES: Partial<Record<ts.SyntaxKind, string>> = {
  [K.AnyKeyword]: 'any',
  [K.UnknownKeyword]: 'unknown',
  [K.StringKeyword]: 'string',
  [K.NumberKeyword]: 'number',
  [K.BooleanKeyword]: 'boolean',
  [K.UndefinedKeyword]: 'undefined',
  [K.NeverKeyword]: 'never',
  [K.VoidKeyword]: 'void',
  [K.BigIntKeyword]: 'bigint',
  [K.ObjectKeyword]: 'object',
};
