/**
 * Expressions: brackets by precedence (prettier's needs-parens.js), binary chains one operand a line
 * (printBinaryishExpression), conditionals (printTernary), member access.
 */
import { ts } from '../typescript.mjs';
import { builders } from 'prettier/doc';
import { valueAssignment } from './assignments.ts';
import { type D, K, unhandled } from './base.ts';
import { MEMBER_CHAIN, memberOrCall, object } from './calls.ts';
import { arrowFunction } from './functions.ts';
import { arrayLiteral, literal, objectLiteral, spreadArgument, templateExpression } from './literals.ts';
import { at, depth } from './statements.ts';
import { type } from './types.ts';

const { group, indent, align, line, softline, label } = builders;

/**
 * Where an expression stands, for the layouts and brackets that depend on it. `assigned`: a declarator's
 * value or an assignment's right side; `property`: an object property's value.
 */
type Context = 'assigned' | 'property' | 'return' | 'arrow' | 'if' | 'for' | 'argument' | 'unary' | 'operand' | 'chained' | 'other';

/** An expression without the brackets the builder put around it: the printer decides brackets itself. */
export function strip(node: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(node)) node = node.expression;
  return node;
}

export function expression(node: ts.Expression, where: Context = 'other'): D {
  if (depth !== undefined) return at(undefined, () => expression(node, where));
  node = strip(node);
  // A trailing comment is reproduced on statements only (statements.ts nestedStatement).
  if (ts.getSyntheticTrailingComments(node)?.length) unhandled('comment after an expression');
  const leading = ts.getSyntheticLeadingComments(node);
  if (leading?.length) {
    // An inline block comment (`/* @__PURE__ */ call()`) stays before the expression on its line.
    if (leading.some((c) => c.kind !== K.MultiLineCommentTrivia || c.hasTrailingNewLine || c.text.includes('\n'))) unhandled('comment in an expression');
    return [...leading.map((c) => `/*${c.text}*/ `), bare(node, where)];
  }
  return bare(node, where);
}

function bare(node: ts.Expression, where: Context): D {
  if (ts.isStringLiteral(node) || ts.isNumericLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return literal(node);
  if (ts.isTemplateExpression(node)) return templateExpression(node);
  if (ts.isSpreadElement(node)) return where === 'argument' ? ['...', spreadArgument(node.expression)] : unhandled('spread element');
  switch (node.kind) {
    case K.TrueKeyword: return 'true';
    case K.FalseKeyword: return 'false';
    case K.NullKeyword: return 'null';
    case K.ThisKeyword: return 'this';
  }
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPrefixUnaryExpression(node)) {
    const op = node.operator === K.MinusToken ? '-' : node.operator === K.ExclamationToken ? '!' : node.operator === K.PlusToken ? '+' : unhandled('prefix operator');
    return [op, operand(node.operand, node)];
  }
  if (ts.isTypeOfExpression(node)) return ['typeof ', operand(node.expression, node)];
  if (ts.isPostfixUnaryExpression(node)) {
    if (node.operator !== K.PlusPlusToken) unhandled('postfix operator');
    return [operand(node.operand, node), '++'];
  }
  if (ts.isAwaitExpression(node)) return ['await ', operand(node.expression, node)];
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    // A cast conditional breaks inside its brackets in most places (`return (\n a ? b : c\n) as T`): reproduced only as a binary operator's operand.
    if (ts.isConditionalExpression(strip(node.expression)) && where !== 'operand') unhandled('cast conditional');
    const parts = [operand(node.expression, node), ts.isAsExpression(node) ? ' as ' : ' satisfies ', castType(node.type)];
    return where === 'unary' ? group([indent([softline, ...parts]), softline]) : parts;
  }
  if (ts.isObjectLiteralExpression(node)) return objectLiteral(node);
  if (ts.isArrayLiteralExpression(node)) return arrayLiteral(node);
  if (ts.isArrowFunction(node)) return arrowFunction(node);
  if (ts.isBinaryExpression(node) && (node.operatorToken.kind === K.EqualsToken || node.operatorToken.kind === K.QuestionQuestionEqualsToken)) {
    const printed = valueAssignment(operand(node.left, node), node.operatorToken.kind === K.EqualsToken ? ' =' : ' ??=', node.right, {});
    // prettier brackets an assignment passed as an argument (`f((r ??= table()))`); `??=` is built for nothing else.
    if (where === 'argument') return ['(', printed, ')'];
    return node.operatorToken.kind === K.EqualsToken ? printed : unhandled('logical assignment outside an argument');
  }
  if (ts.isNonNullExpression(node)) {
    // Of a name, member or call only (an optional chain prettier brackets): where prettier breaks inside brackets before the `!` is not reproduced.
    const inner = strip(node.expression);
    if (ts.isOptionalChain(inner) || !(ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner) || ts.isCallExpression(inner))) unhandled('non-null assertion of a bracketed expression');
    // A member under the `!` of a declarator's value keeps the declarator as its parent (prettier skips the `!`).
    if (where === 'assigned' && (ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner))) return [memberExpression(inner, false, true), '!'];
    return [operand(inner, node, 'object'), '!'];
  }
  if (ts.isBinaryExpression(node)) return binaryExpression(node, where);
  if (ts.isConditionalExpression(node)) return conditionalExpression(node, where);
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) return memberOrCall(node);
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) return memberExpression(node, false, where === 'assigned');
  return unhandled(K[node.kind]);
}

/**
 * A member access that is no call's callee (prettier's printMemberExpression): `a.b` of two names stays
 * together; deeper, a line may break before each `.name`; a computed key breaks inside its brackets.
 * `assigned`: the access is a declarator's value or an assignment's right side, where a call with
 * arguments keeps its `.name` (`f(\n  a,\n).name`: the arguments break first).
 */
export function memberExpression(node: ts.PropertyAccessExpression | ts.ElementAccessExpression, parentIsMember: boolean, assigned = false): D {
  const target = strip(node.expression);
  if (hasComments(target)) unhandled('comment in a chain');
  const ended = ts.isOptionalChain(target) && !ts.isOptionalChain(node);
  // A call of a member is a member chain of its own (prettier's printMemberChain), not a link of this access.
  const chain = ts.isCallExpression(target) && !ended && !hasComments(target) && (ts.isPropertyAccessExpression(strip(target.expression)) || ts.isElementAccessExpression(strip(target.expression)));
  const objectDoc = !ended && (ts.isPropertyAccessExpression(target) || ts.isElementAccessExpression(target)) ? memberExpression(target, true) : chain ? memberOrCall(target) : curried(target) ? group(object(target, node)) : object(target, node);
  // The access carries its object's member-chain label, as prettier's does.
  const chainLabel = typeof objectDoc === 'object' && !Array.isArray(objectDoc) && objectDoc.type === 'label' && objectDoc.label === MEMBER_CHAIN;
  const optional = node.questionDotToken ? '?.' : '';
  if (ts.isElementAccessExpression(node)) {
    const key = strip(node.argumentExpression);
    const printed = [objectDoc, ts.isNumericLiteral(key) ? [optional, '[', expression(key), ']'] : group([optional, '[', indent([softline, expression(key)]), softline, ']'])];
    return chainLabel ? label(MEMBER_CHAIN, printed) : printed;
  }
  if (!ts.isIdentifier(node.name)) unhandled('private name');
  const lookup = [optional || '.', node.name.text];
  // `import(m)` is no call in prettier's tree (an ImportExpression): its member breaks as any other.
  const callWithArguments = ts.isCallExpression(target) && target.expression.kind !== K.ImportKeyword && target.arguments.length > 0;
  const inline = (ts.isIdentifier(target) && !parentIsMember) || (assigned && (callWithArguments || chainLabel));
  const printed = [objectDoc, inline ? lookup : group(indent([softline, lookup]))];
  return chainLabel ? label(MEMBER_CHAIN, printed) : printed;
}

/**
 * A call of a call (`f(a, b)(c)`), which prettier's printCallExpression groups, so the first call's ungrouped
 * arguments (a long curried call's) break only when the whole call does. Three calls deep, each inner call is a
 * group too: not reproduced.
 */
function curried(node: ts.Expression): node is ts.CallExpression {
  if (!ts.isCallExpression(node) || !ts.isCallExpression(strip(node.expression))) return false;
  if (ts.isCallExpression(strip((strip(node.expression) as ts.CallExpression).expression))) unhandled('curried call');
  return true;
}

/** The type after `as`/`satisfies`: `const` as a keyword, a union indented when it breaks. */
function castType(node: ts.TypeNode): D {
  if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && node.typeName.text === 'const' && !node.typeArguments) return 'const';
  return type(node);
}

/** An operand of `parent`, in brackets where prettier writes them (needs-parens.js, for the kinds the builder makes). */
export function operand(child: ts.Expression, parent: ts.Expression, side: 'left' | 'right' | 'object' = 'left'): D {
  const node = strip(child);
  // A binary expression under a unary operator or before a member breaks inside its brackets (prettier's printBinaryishExpression).
  // So does a cast before a member (prettier's printBinaryCastExpression).
  const cast = ts.isAsExpression(node) || ts.isSatisfiesExpression(node);
  const dotted = side === 'object' && !ts.isElementAccessExpression(parent);
  const unary = (isBinaryish(node) && (dotted || ts.isPrefixUnaryExpression(parent) || ts.isTypeOfExpression(parent))) || (cast && side === 'object');
  // prettier moves a comment at the start of an operand, or brackets the operand for it: not reproduced.
  if (startsWithComment(node)) unhandled('comment on an operand');
  // prettier groups an operand's own chain only when it is of another ESTree type (binary under logical or the reverse).
  const chained = isBinaryish(node) && isBinaryish(parent) && binaryPrecedence(node).logical === binaryPrecedence(parent).logical;
  const printed = expression(node, unary ? 'unary' : chained ? 'chained' : ts.isBinaryExpression(parent) ? 'operand' : 'other');
  return needsBrackets(node, parent, side) ? ['(', printed, ')'] : printed;
}

/** Whether the expression's first token carries a comment (its own, or its leftmost operand's). */
export function startsWithComment(node: ts.Expression): boolean {
  return startsWith(node, hasComments);
}

/**
 * Whether `test` holds for the expression or one of its leftmost operands: up to a bracket the builder put,
 * or through it (`throughBrackets`: prettier's startsWithNoLookaheadToken, whose tree has no brackets).
 */
export function startsWith(node: ts.Expression, test: (node: ts.Node) => boolean, throughBrackets = false): boolean {
  for (let at: ts.Node | undefined = node; at; ) {
    if (test(at)) return true;
    if (ts.isParenthesizedExpression(at) && !throughBrackets) return false;
    at = ts.isParenthesizedExpression(at) ? at.expression : ts.isBinaryExpression(at) ? at.left : ts.isConditionalExpression(at) ? at.condition : ts.isAsExpression(at) || ts.isSatisfiesExpression(at) || ts.isCallExpression(at) || ts.isPropertyAccessExpression(at) || ts.isElementAccessExpression(at) ? at.expression : undefined;
  }
  return false;
}

export function hasComments(node: ts.Node): boolean {
  return (ts.getSyntheticLeadingComments(node)?.length ?? 0) > 0;
}

function needsBrackets(node: ts.Expression, parent: ts.Expression, side: 'left' | 'right' | 'object'): boolean {
  const loose = ts.isArrowFunction(node) || ts.isConditionalExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node);
  // The object of a member access: primaries stand bare (a number is bracketed: `(1).x`).
  if (side === 'object') {
    const bare = ts.isIdentifier(node) || ts.isCallExpression(node) || (ts.isNewExpression(node) && node.arguments !== undefined) || ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node);
    const literal = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isArrayLiteralExpression(node) || ts.isObjectLiteralExpression(node);
    const callee = ts.isCallExpression(parent) || ts.isNewExpression(parent);
    return !(bare || literal || (callee && ts.isNumericLiteral(node)) || [K.ThisKeyword, K.TrueKeyword, K.FalseKeyword, K.NullKeyword].includes(node.kind));
  }
  if (ts.isBinaryExpression(parent)) {
    if (loose) return true;
    // prettier brackets a unary operand of `instanceof`/`in` (`(typeof a) instanceof b`): not reproduced.
    if ((ts.isPrefixUnaryExpression(node) || ts.isTypeOfExpression(node) || ts.isAwaitExpression(node)) && (parent.operatorToken.kind === K.InstanceOfKeyword || parent.operatorToken.kind === K.InKeyword)) unhandled('unary operand of instanceof');
    if (ts.isBinaryExpression(node)) {
      const inner = binaryPrecedence(node);
      const outer = binaryPrecedence(parent);
      // `??` does not mix with `||`/`&&` unbracketed.
      if (inner.logical && outer.logical && inner.coalesce !== outer.coalesce) return true;
      if (outer.level > inner.level) return true;
      // prettier re-associates `a && (b && c)` into `a && b && c`: not reproduced.
      if (side === 'right' && inner.logical && node.operatorToken.kind === parent.operatorToken.kind) unhandled('right-nested logical operator');
      if (outer.level === inner.level && (side === 'right' || !flattens(parent, node))) return true;
      // prettier brackets `&&` inside `||` for clarity, `%` under `+`/`-`, and anything under a bitwise operator.
      if (outer.level === inner.level) return false;
      if (inner.logical && outer.logical) return true;
      if (parent.operatorToken.kind === K.AmpersandToken || parent.operatorToken.kind === K.BarToken) return true;
      return node.operatorToken.kind === K.PercentToken && (parent.operatorToken.kind === K.PlusToken || parent.operatorToken.kind === K.MinusToken);
    }
    return false;
  }
  // prettier brackets an `await` under a cast: `(await r.json()) as T`.
  if (ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent)) return loose && !ts.isAsExpression(node) && !ts.isSatisfiesExpression(node) || ts.isBinaryExpression(node) || ts.isAwaitExpression(node);
  if (ts.isAwaitExpression(parent) || ts.isPrefixUnaryExpression(parent) || ts.isTypeOfExpression(parent)) return loose || ts.isBinaryExpression(node);
  if (ts.isConditionalExpression(parent)) return side === 'left' && (loose || ts.isBinaryExpression(node) && false);
  return false;
}

const LEVELS: Partial<Record<ts.SyntaxKind, number>> = {
  [K.QuestionQuestionToken]: 1, [K.BarBarToken]: 2, [K.AmpersandAmpersandToken]: 3,
  [K.EqualsEqualsEqualsToken]: 7, [K.ExclamationEqualsEqualsToken]: 7, [K.EqualsEqualsToken]: 7, [K.ExclamationEqualsToken]: 7,
  [K.LessThanToken]: 8, [K.GreaterThanToken]: 8, [K.LessThanEqualsToken]: 8, [K.GreaterThanEqualsToken]: 8, [K.InstanceOfKeyword]: 8, [K.InKeyword]: 8,
  [K.BarToken]: 4, [K.AmpersandToken]: 6, [K.PlusToken]: 10, [K.MinusToken]: 10, [K.PercentToken]: 11,
};

export function binaryPrecedence(node: ts.BinaryExpression): { level: number; logical: boolean; coalesce: boolean } {
  const level = LEVELS[node.operatorToken.kind] ?? unhandled('binary operator');
  const kind = node.operatorToken.kind;
  return { level, logical: kind === K.BarBarToken || kind === K.AmpersandAmpersandToken || kind === K.QuestionQuestionToken, coalesce: kind === K.QuestionQuestionToken };
}

export function isBinaryish(node: ts.Expression): node is ts.BinaryExpression {
  return ts.isBinaryExpression(node) && LEVELS[node.operatorToken.kind] !== undefined;
}

/** prettier's shouldInlineLogicalExpression: a logical operator whose right side is a non-empty object or array. */
export function inlinesLogical(node: ts.Expression): boolean {
  if (!ts.isBinaryExpression(node) || !binaryPrecedence(node).logical) return false;
  const right = strip(node.right);
  return (ts.isObjectLiteralExpression(right) && right.properties.length > 0) || (ts.isArrayLiteralExpression(right) && right.elements.length > 0);
}

/** prettier's printBinaryishExpression: operands of one precedence flattened into one group, indented where the context wants. */
function binaryExpression(node: ts.BinaryExpression, where: Context): D {
  const parts = binaryParts(node, where === 'if', where === 'chained');
  const inParens = where === 'if';
  if (inParens) return parts;
  if (where === 'unary') return group([indent([softline, ...parts]), softline]);
  const notIndented = where === 'return' || where === 'arrow' || where === 'for';
  const inline = inlinesLogical(node);
  const samePrecedenceLeft = isBinaryish(strip(node.left)) && flattens(node, strip(node.left) as ts.BinaryExpression);
  if (notIndented || (inline && !samePrecedenceLeft) || (!inline && (where === 'assigned' || where === 'property'))) return group(parts);
  const firstGroup = parts.findIndex((p) => typeof p === 'object' && p !== null && !Array.isArray(p) && (p as { type?: string }).type === 'group');
  const head = parts.slice(0, firstGroup === -1 ? 1 : firstGroup + 1);
  return group([...head, indent(parts.slice(head.length))]);
}

function flattens(parent: ts.BinaryExpression, child: ts.BinaryExpression): boolean {
  const a = binaryPrecedence(parent);
  const b = binaryPrecedence(child);
  if (a.level !== b.level) return false;
  // `x == y == z`, `a * b % c`… are not flattened; nor are equality operators.
  if (a.level === 7) return false;
  return parent.operatorToken.kind !== K.PercentToken && child.operatorToken.kind !== K.PercentToken;
}

/** prettier's printBinaryishExpressions: `nested` for an operand flattened into its parent's chain (its part is never grouped). */
function binaryParts(node: ts.BinaryExpression, inParens: boolean, nested = false): D[] {
  const left = strip(node.left);
  const parts: D[] = isBinaryish(left) && flattens(node, left) && !needsBrackets(left, node, 'left') ? binaryParts(left, inParens, true) : [group(operand(left, node, 'left'))];
  const operator = ts.tokenToString(node.operatorToken.kind)!;
  const right = operand(node.right, node, 'right');
  const inline = inlinesLogical(node);
  const rightDoc: D = inline ? [operator, ' ', right] : [operator, line, right];
  const logical = binaryPrecedence(node).logical;
  const sameKind = (e: ts.Expression) => ts.isBinaryExpression(e) && binaryPrecedence(e).logical === logical;
  const shouldGroup = !nested && !(inParens && logical) && !sameKind(strip(node.left)) && !sameKind(strip(node.right));
  parts.push(' ', shouldGroup ? group(rightDoc) : rightDoc);
  return parts;
}

/**
 * `test ? a : b` (prettier's printTernary for one conditional, not nested). A binary test is indented when
 * it breaks unless the conditional stands in a return or a call's arguments (prettier's shouldNotIndent).
 */
function conditionalExpression(node: ts.ConditionalExpression, where: Context): D {
  const test = strip(node.condition);
  const whenTrue = strip(node.whenTrue);
  const whenFalse = strip(node.whenFalse);
  if ([test, whenTrue, whenFalse].some((e) => ts.isConditionalExpression(e))) unhandled('nested conditional');
  // A binary test or branch is not indented when the conditional stands elsewhere (prettier's shouldNotIndent).
  const binary = (e: ts.BinaryExpression): D => (where === 'return' || where === 'argument' ? binaryExpression(e, 'other') : group(binaryParts(e, false)));
  let testDoc = isBinaryish(test) ? binary(test) : operand(test, node, 'left');
  // prettier brackets a `??` test (`(a ?? b) ? c : d`).
  if (isBinaryish(test) && test.operatorToken.kind === K.QuestionQuestionToken) testDoc = startsWithComment(test) ? unhandled('comment on an operand') : ['(', testDoc, ')'];
  // prettier brackets a cast or a `??` in a branch (`a ? (b as T) : c`).
  const bracketed = (e: ts.Expression) => ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || (isBinaryish(e) && e.operatorToken.kind === K.QuestionQuestionToken);
  const printed = (e: ts.Expression): D => (isBinaryish(e) && !startsWithComment(e) ? binary(e) : expression(e));
  const branch = (e: ts.Expression): D => (bracketed(e) ? (startsWithComment(e) ? unhandled('comment on a bracketed expression') : ['(', printed(e), ')']) : printed(e));
  return group([testDoc, indent([line, '? ', align(2, branch(whenTrue)), line, ': ', align(2, branch(whenFalse))])]);
}
