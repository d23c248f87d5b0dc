/**
 * Functions, methods and arrow functions: parameters and return types (prettier's printFunctionParameters,
 * shouldGroupFunctionParameters, printArrowFunction).
 */
import { ts } from '../typescript.mjs';
import { builders, utils } from 'prettier/doc';
import { type D, K, unhandled } from './base.ts';
import { expression, startsWith, strip } from './expressions.ts';
import { propertyKey } from './literals.ts';
import { bindingProperty } from './assignments.ts';
import { block } from './statements.ts';
import { isSimple, objectTypeContent, type } from './types.ts';

const { group, indent, line, softline, ifBreak, join, lineSuffixBoundary, indentIfBreak } = builders;

/** `function name<T>(a: A): R { … }`, or an overload signature `…: R;` (prettier's printFunction). */
export function functionDeclaration(node: ts.FunctionDeclaration): D {
  if (!node.name || node.asteriskToken) unhandled('function');
  const async = node.modifiers?.some((m) => m.kind === K.AsyncKeyword) ? 'async ' : '';
  const { params, returns, grouped } = parametersAndReturn(node);
  const head: D = [async, 'function ', node.name.text, group([typeParameters(node.typeParameters), group([grouped ? group(params) : params, returns]), node.body ? ' ' : ''])];
  return node.body ? [head, block(node.body)] : [head, ';'];
}

/** An object literal's method (prettier's printMethodValue: no group around the type parameters). */
export function methodDeclaration(node: ts.MethodDeclaration): D {
  const modifiers = node.modifiers ?? [];
  if (modifiers.some((m) => m.kind !== K.AsyncKeyword) || node.asteriskToken || node.questionToken || !node.body) unhandled('method');
  const { params, returns, grouped } = parametersAndReturn(node);
  return [modifiers.length ? 'async ' : '', propertyKey(node.name), typeParameters(node.typeParameters), group([grouped ? group(params) : params, returns]), ' ', block(node.body)];
}

/** A type parameter's constraint or default after its keyword, as prettier prints it: on the line, or on the next, indented (a wide string literal). */
function fluidPart(keyword: string, printed: D): D {
  const id = Symbol(keyword);
  return [keyword, group(indent(line), { id }), lineSuffixBoundary, indentIfBreak(printed, { groupId: id })];
}

/** `<T extends A = B>`: never hugged (a type parameter is no "simple" type to prettier); a trailing comma when broken. */
export function typeParameters(params: ts.NodeArray<ts.TypeParameterDeclaration> | undefined): D {
  if (!params?.length) return '';
  // prettier lays a breakable constraint or default out like an assignment: reproduced for plain ones only
  // (`S extends number = 404`, `K extends keyof T`), which break only before themselves (`fluidPart`).
  // A generic of simple arguments (`D = DataOf<M>`) is as short: prettier keeps it on the parameter's line;
  // so is the empty object type (`Fs extends F = {}`), which prettier prints `{}`.
  const plain = (t: ts.TypeNode | undefined) =>
    t === undefined ||
    isSimple(t) ||
    (ts.isTypeLiteralNode(t) && !t.members.length) ||
    (ts.isTypeOperatorNode(t) && isSimple(t.type)) ||
    (ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName) && (t.typeArguments ?? []).every((a) => isSimple(a)));
  const items = params.map((p): D => {
    if (p.modifiers?.length) unhandled('type parameter modifiers');
    if (!plain(p.constraint) || !plain(p.default)) unhandled('type parameter constraint');
    return group([p.name.text, p.constraint ? fluidPart(' extends', type(p.constraint)) : '', p.default ? fluidPart(' =', type(p.default)) : '']);
  });
  return group(['<', indent([softline, join([',', line], items)]), ifBreak(','), softline, '>']);
}

type SignatureNode = ts.FunctionDeclaration | ts.MethodDeclaration | ts.MethodSignature | ts.ArrowFunction;

/** The parameter list and return type (prettier's printFunctionParameters, printReturnType and shouldGroupFunctionParameters). */
export function parametersAndReturn(node: SignatureNode, expandArg = false): { params: D; returns: D; grouped: boolean } {
  const hug = !expandArg && hugsOnlyParameter(node);
  const printed = node.parameters.map((p) => parameter(p, hug));
  const returns: D = node.type ? [': ', returnType(node.type)] : '';
  let params: D;
  if (!printed.length) params = '()';
  else if (expandArg) {
    if (printed.some((p) => utils.willBreak(p))) unhandled('expanded parameters');
    params = ['(', ...join(', ', printed.map((p) => removeLines(p))), ')'];
  } else if (hug) params = ['(', printed[0], ')'];
  else params = ['(', indent([softline, join([',', line], printed)]), ifBreak(','), softline, ')'];
  const typeParams = node.typeParameters ?? [];
  const simpleTypeParams = typeParams.length === 0 || (typeParams.length === 1 && !typeParams[0].constraint && !typeParams[0].default);
  const grouped = simpleTypeParams && printed.length === 1 && ((node.type !== undefined && isObjectType(node.type)) || utils.willBreak(returns));
  return { params, returns, grouped };
}

function returnType(node: ts.TypeNode): D {
  if (ts.isTypePredicateNode(node)) {
    if (node.assertsModifier || !node.type || !ts.isIdentifier(node.parameterName)) unhandled('type predicate');
    return [node.parameterName.text, ' is ', type(node.type, 'annotation')];
  }
  return type(node, 'annotation');
}

/** prettier's shouldHugTheOnlyFunctionParameter: an object pattern, or a parameter typed by an object type. */
function hugsOnlyParameter(node: SignatureNode): boolean {
  if (node.parameters.length !== 1) return false;
  const [p] = node.parameters;
  return ts.isObjectBindingPattern(p.name) ? !p.initializer || ts.isIdentifier(p.initializer) : !p.initializer && p.type !== undefined && isObjectType(p.type);
}

function isObjectType(node: ts.TypeNode): boolean {
  return ts.isTypeLiteralNode(node) || ts.isMappedTypeNode(node);
}

/**
 * A parameter. `hugged`: the only one, hugged by the brackets; its object pattern or object type is then
 * not a group of its own, so it breaks with the signature (prettier's printObject leaves the group out).
 */
export function parameter(p: ts.ParameterDeclaration, hugged = false): D {
  if (p.dotDotDotToken || p.modifiers?.length) unhandled('parameter');
  const annotation = !p.type ? '' : hugged && ts.isTypeLiteralNode(p.type) ? objectTypeContent(p.type.members) : type(p.type, 'annotation');
  const typed: D = [p.questionToken ? '?' : '', p.type ? [': ', annotation] : ''];
  // An object pattern's annotation is part of the pattern's group (prettier's printObject).
  const annotated: D = ts.isIdentifier(p.name) ? [p.name.text, typed] : ts.isObjectBindingPattern(p.name) ? objectPattern(p.name, hugged, typed) : unhandled('parameter name');
  return p.initializer ? [annotated, ' = ', expression(strip(p.initializer))] : annotated;
}

/**
 * `{ a, b: c, d: { e } }`; a group unless `hugged`. A declaration's pattern that nests a pattern is always
 * broken (prettier's printObject: shouldBreak for an ObjectPattern outside a function's parameters).
 */
export function objectPattern(pattern: ts.ObjectBindingPattern, hugged: boolean, annotation: D, declaration = false): D {
  const elements = pattern.elements.map((e): D => {
    if (e.initializer || e.dotDotDotToken) unhandled('binding element');
    const value = ts.isIdentifier(e.name) ? e.name.text : ts.isObjectBindingPattern(e.name) ? objectPattern(e.name, false, '') : unhandled('array pattern');
    return e.propertyName ? bindingProperty(propertyKey(e.propertyName), value) : value;
  });
  if (!elements.length) return ['{}', annotation];
  const content = ['{', indent([line, join([',', line], elements)]), ifBreak(','), line, '}', annotation];
  const nested = declaration && pattern.elements.some((e) => ts.isObjectBindingPattern(e.name));
  return hugged ? content : group(content, { shouldBreak: nested });
}

/** `async (a) => body` (prettier's printArrowFunction, for one arrow: no arrow chain). */
export function arrowFunction(node: ts.ArrowFunction, expandLastArg = false): D {
  if (node.typeParameters || (node.modifiers ?? []).some((m) => m.kind !== K.AsyncKeyword)) unhandled('arrow');
  const async = node.modifiers?.length ? 'async ' : '';
  const { params, returns } = parametersAndReturn(node, expandLastArg);
  if (expandLastArg && utils.willBreak(returns)) unhandled('expanded arrow return type');
  const signature = [async, group([params, expandLastArg ? group(removeLines(returns)) : returns])];
  const body = node.body;
  if (ts.isArrowFunction(strip(body as ts.Expression))) unhandled('arrow chain');
  const trailingSpace = expandLastArg ? softline : '';
  const trailingComma = expandLastArg ? ifBreak(',') : '';
  let bodyDoc: D;
  if (ts.isBlock(body)) bodyDoc = [' ', block(body)];
  else {
    const inner = strip(body);
    // A body that starts with `{` but is more than an object (`({}) as const`), bracketed or not
    // (`(({}) satisfies T) ?? a`): prettier brackets the object itself, not reproduced.
    if (!ts.isObjectLiteralExpression(inner) && startsWith(inner, ts.isObjectLiteralExpression, true)) unhandled('arrow body starting with an object');
    const printed = expression(inner, 'arrow');
    if (ts.isObjectLiteralExpression(inner)) bodyDoc = [' (', printed, ')'];
    else if (ts.isArrayLiteralExpression(inner)) bodyDoc = [' ', printed];
    else if (ts.isConditionalExpression(inner)) bodyDoc = [' ', group([ifBreak('', '('), indent([softline, printed]), ifBreak('', ')'), trailingComma, trailingSpace])];
    else bodyDoc = [indent([line, printed]), trailingComma, trailingSpace];
  }
  return group([group(signature), ' =>', group(bodyDoc)]);
}

const removeLines = (doc: D): D => utils.removeLines(doc);
