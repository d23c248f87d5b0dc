/**
 * Where a line breaks around `=` and `:` (prettier's print/assignment.js chooseLayout): after the operator,
 * fluid, or break-lhs.
 */
import { ts } from '../typescript.mjs';
import { builders, utils } from 'prettier/doc';
import { PRETTIER_OPTIONS } from '../layout-options.ts';
import { chainGroups } from './calls.ts';
import { expression, inlinesLogical, isBinaryish, strip } from './expressions.ts';
import { quote } from './literals.ts';
import { huggedUnion, type } from './types.ts';
import { type D, K, unhandled } from './base.ts';

const { group, indent, line, indentIfBreak, lineSuffixBoundary } = builders;

/**
 * `type left = right` with prettier's choice of layout: break-lhs when `complexLeft` (prettier's
 * isComplexTypeAliasParams, decided by the caller), a union breaks after the operator, everything else is
 * "fluid" (the right side starts on the same line when its first part fits).
 */
export function assignment(left: D, operator: string, right: ts.TypeNode, complexLeft = false): D {
  const rightDoc = type(right, 'assigned');
  const union = ts.isUnionTypeNode(right) && !huggedUnion(right);
  // Where prettier ranks break-lhs against a union's own indentation is not reproduced: left to prettier.
  if (complexLeft && union) unhandled('complex type parameters with a union');
  if (complexLeft) return group([left, operator, ' ', group(rightDoc)]);
  if (union) return group([group(left), operator, group(indent([line, rightDoc]))]);
  return fluid(left, operator, rightDoc);
}

/**
 * `key: name` / `key: { … }`, a property of an object pattern (prettier's printAssignment for a pattern's
 * property, whose right side the builder makes a name or a nested pattern): never broken after the colon for
 * a short key, else fluid.
 */
export function bindingProperty(key: D, value: D): D {
  const shortKey = typeof key === 'string' && key.length < PRETTIER_OPTIONS.tabWidth! + 3;
  return shortKey ? group([group(key), ':', ' ', value]) : fluid(key, ':', value);
}

function fluid(left: D, operator: string, rightDoc: D): D {
  const id = Symbol('assignment');
  return group([group(left), operator, group(indent(line), { id }), lineSuffixBoundary, indentIfBreak(rightDoc, { groupId: id })]);
}

/**
 * `left = value` / `key: value` with prettier's chooseLayout (print/assignment.js) for the shapes the builder
 * makes: break after the operator for a string, a binary expression or a poorly breakable member or call
 * chain; never for a number, a boolean or a short key; break-lhs for an arrow declarator or a complex type
 * annotation; else fluid.
 */
export function valueAssignment(left: D, operator: string, right: ts.Expression, where: { declarator?: ts.VariableDeclaration; key?: boolean }): D {
  const value = strip(right);
  const rightDoc = expression(value, where.key ? 'property' : 'assigned');
  const canBreakLeft = utils.canBreak(left);
  const shortKey = where.key === true && typeof left === 'string' && left.length < PRETTIER_OPTIONS.tabWidth! + 3;
  if (where.declarator && ((ts.isArrowFunction(value) && canBreakLeft) || complexTypeAnnotation(where.declarator) || complexDestructuring(where.declarator))) return group([left, operator, ' ', group(rightDoc)]);
  if (breaksAfterOperator(value, shortKey)) return group([group(left), operator, group(indent([line, rightDoc]))]);
  if (!canBreakLeft && (shortKey || isBooleanOrNumber(value) || ts.isNoSubstitutionTemplateLiteral(value))) return group([group(left), operator, ' ', rightDoc]);
  return fluid(left, operator, rightDoc);
}

function breaksAfterOperator(value: ts.Expression, shortKey: boolean): boolean {
  if (isBinaryish(value) && !inlinesLogical(value)) return true;
  if (ts.isConditionalExpression(value)) return isBinaryish(strip(value.condition)) && !inlinesLogical(strip(value.condition));
  if (shortKey) return false;
  let node = value;
  while (ts.isPrefixUnaryExpression(node) || ts.isAwaitExpression(node) || ts.isTypeOfExpression(node) || ts.isNonNullExpression(node)) node = strip(ts.isPrefixUnaryExpression(node) ? node.operand : node.expression);
  return ts.isStringLiteral(node) || poorlyBreakableChain(node);
}

/** prettier's isPoorlyBreakableMemberOrCallChain: a member chain whose calls have no arguments or one short one. */
function poorlyBreakableChain(node: ts.Expression, deep = false): boolean {
  if (ts.isCallExpression(node)) {
    if (chainGroups(node) > 2) return false;
    const args = node.arguments;
    if (!(args.length === 0 || (args.length === 1 && loneShortArgument(strip(args[0]))))) return false;
    if (complexTypeArguments(node.typeArguments)) return false;
    return poorlyBreakableChain(strip(node.expression), true);
  }
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) return poorlyBreakableChain(strip(node.expression), true);
  return deep && (ts.isIdentifier(node) || node.kind === K.ThisKeyword);
}

/** prettier's isCallExpressionWithComplexTypeArguments: two or more, or one union, intersection or object type. */
function complexTypeArguments(args: ts.NodeArray<ts.TypeNode> | undefined): boolean {
  if (!args?.length) return false;
  if (args.length > 1) return true;
  const [only] = args;
  return ts.isUnionTypeNode(only) || ts.isIntersectionTypeNode(only) || ts.isTypeLiteralNode(only) || utils.willBreak(type(only, 'argument'));
}

/** prettier's isLoneShortArgument: an argument short enough that its call, alone, is poorly breakable. */
export function loneShortArgument(arg: ts.Expression): boolean {
  // An argument with a comment (`/* @__PURE__ */ g()`) is never short.
  if (ts.getSyntheticLeadingComments(arg)?.length || ts.getSyntheticTrailingComments(arg)?.length) return false;
  const threshold = PRETTIER_OPTIONS.printWidth! * 0.25;
  if (arg.kind === K.ThisKeyword || (ts.isIdentifier(arg) && arg.text.length <= threshold)) return true;
  if (ts.isPrefixUnaryExpression(arg) && (arg.operator === K.MinusToken || arg.operator === K.PlusToken) && ts.isNumericLiteral(arg.operand)) return true;
  // The text alone decides a long string (quoting only adds): a megabyte JSON table is not quoted to be measured.
  if (ts.isStringLiteral(arg)) return arg.text.length + 2 <= threshold && quote(arg).length <= threshold;
  if (ts.isNoSubstitutionTemplateLiteral(arg)) return (arg.rawText ?? '').length <= threshold && !(arg.rawText ?? '').includes('\n');
  if (ts.isPrefixUnaryExpression(arg)) return loneShortArgument(strip(arg.operand));
  // prettier's UnaryExpression is also `typeof`, `void` and `delete`; a call of a short name without arguments is short too.
  if (ts.isTypeOfExpression(arg) || ts.isVoidExpression(arg) || ts.isDeleteExpression(arg)) return loneShortArgument(strip(arg.expression));
  if (ts.isCallExpression(arg) && !arg.questionDotToken && arg.arguments.length === 0 && ts.isIdentifier(arg.expression)) return arg.expression.text.length <= threshold - 2;
  return ts.isNumericLiteral(arg) || arg.kind === K.TrueKeyword || arg.kind === K.FalseKeyword || arg.kind === K.NullKeyword;
}

/** prettier's hasComplexTypeAnnotation: a generic annotation of two or more arguments, one of them generic itself. */
function complexTypeAnnotation(d: ts.VariableDeclaration): boolean {
  const t = d.type;
  if (!t || !ts.isTypeReferenceNode(t) || !t.typeArguments || t.typeArguments.length < 2) return false;
  return t.typeArguments.some((a) => (ts.isTypeReferenceNode(a) && (a.typeArguments?.length ?? 0) > 0) || ts.isConditionalTypeNode(a));
}

/**
 * prettier's isComplexDestructuringTarget: an object pattern of three or more elements, one of them a
 * property whose key is not its binding's name (renamed, a quoted key, a nested pattern). Such a pattern
 * breaks before the operator does (`const {`, one element a line, `} = value;`).
 */
function complexDestructuring(d: ts.VariableDeclaration): boolean {
  const pattern = d.name;
  if (!ts.isObjectBindingPattern(pattern) || pattern.elements.length <= 2) return false;
  return pattern.elements.some((e) => !e.dotDotDotToken && e.propertyName !== undefined && !(ts.isIdentifier(e.propertyName) && ts.isIdentifier(e.name) && e.propertyName.text === e.name.text));
}

function isBooleanOrNumber(node: ts.Node): boolean {
  return node.kind === K.TrueKeyword || node.kind === K.FalseKeyword || ts.isNumericLiteral(node);
}
