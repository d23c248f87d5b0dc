/** Types (prettier's printUnionType, printIntersectionType, object types, tuples, type arguments). */
import { ts } from '../typescript.mjs';
import { builders, utils } from 'prettier/doc';
import { isSingleLine } from '../ts-nodes.ts';
import { type D, K, unhandled } from './base.ts';
import { comments } from './comments.ts';
import { parametersAndReturn, typeParameters } from './functions.ts';
import { literal, propertyKey } from './literals.ts';

const { group, indent, align, line, softline, ifBreak, join } = builders;

/** Where a union sits decides how it indents (prettier's printUnionType). */
export type Place = 'assigned' | 'annotation' | 'argument' | 'parenthesized' | 'tuple' | 'other';

/** A type's layout document (exported for printers of other shapes around types: emit/client/pretty.ts). */
export function type(node: ts.TypeNode, place: Place = 'other'): D {
  switch (node.kind) {
    case K.StringKeyword: case K.NumberKeyword: case K.BooleanKeyword: case K.UnknownKeyword:
    case K.NeverKeyword: case K.UndefinedKeyword: case K.AnyKeyword: case K.ObjectKeyword:
    case K.VoidKeyword: case K.BigIntKeyword: case K.SymbolKeyword:
      return ts.tokenToString(node.kind)!;
  }
  if (ts.getSyntheticLeadingComments(node)?.length) unhandled('comment on a type');
  if (ts.isLiteralTypeNode(node)) return literal(node.literal);
  if (ts.isTypeReferenceNode(node)) return [entityName(node.typeName), typeArguments(node.typeArguments)];
  if (ts.isUnionTypeNode(node)) return union(node, place);
  if (ts.isIntersectionTypeNode(node)) return intersection(node);
  if (ts.isTypeLiteralNode(node)) return objectType(node.members, !isSingleLine(node));
  if (ts.isArrayTypeNode(node)) return [type(node.elementType), '[]'];
  if (ts.isParenthesizedTypeNode(node)) {
    const inner = node.type;
    if (ts.isUnionTypeNode(inner) && !huggedUnion(inner)) return ['(', union(inner, 'parenthesized'), ')'];
    return ['(', type(inner), ')'];
  }
  if (ts.isIndexedAccessTypeNode(node)) return [type(node.objectType), '[', type(node.indexType), ']'];
  if (ts.isTypeOperatorNode(node) && node.operator === K.ReadonlyKeyword) return ['readonly ', type(node.type)];
  if (ts.isTypeOperatorNode(node) && node.operator === K.KeyOfKeyword) return ['keyof ', type(node.type)];
  if (ts.isTypeQueryNode(node) && !node.typeArguments) return ['typeof ', entityName(node.exprName)];
  if (ts.isFunctionTypeNode(node)) return functionType(node);
  if (ts.isTupleTypeNode(node)) return tuple(node);
  if (ts.isTemplateLiteralTypeNode(node)) return templateType(node);
  return unhandled(K[node.kind]);
}

function entityName(name: ts.EntityName): string {
  return ts.isIdentifier(name) ? name.text : `${entityName(name.left)}.${name.right.text}`;
}

/** `<A, B>`: on one line when there is one simple or object argument, else breakable (no trailing comma). */
export function typeArguments(args: ts.NodeArray<ts.TypeNode> | undefined): D {
  if (!args?.length) return '';
  if (args.length === 1 && hugs(args[0])) return ['<', type(args[0], 'argument'), '>'];
  return group(['<', indent([softline, join([',', line], args.map((a) => type(a, 'argument')))]), softline, '>']);
}

/** prettier's shouldHugType: keywords, literal types, plain references, object types, `{…} | null`. */
function hugs(node: ts.TypeNode): boolean {
  return isSimple(node) || ts.isTypeLiteralNode(node) || (ts.isUnionTypeNode(node) && huggedUnion(node));
}

export function isSimple(node: ts.TypeNode): boolean {
  if (ts.isTypeReferenceNode(node)) return !node.typeArguments?.length;
  return ts.isLiteralTypeNode(node) || ts.isTemplateLiteralTypeNode(node) || ts.isToken(node);
}

/** One object type or plain reference plus only `null`s: printed `A | null`, never broken (prettier's shouldHug). */
export function huggedUnion(node: ts.UnionTypeNode): boolean {
  const isNull = (t: ts.TypeNode) => (ts.isLiteralTypeNode(t) && t.literal.kind === K.NullKeyword) || t.kind === K.VoidKeyword;
  const main = node.types.find((t) => ts.isTypeLiteralNode(t) || ts.isTypeReferenceNode(t));
  return main !== undefined && node.types.every((t) => t === main || isNull(t));
}

function union(node: ts.UnionTypeNode, place: Place): D {
  if (huggedUnion(node)) return join(' | ', node.types.map((t) => type(t)));
  const members = group(node.types.map((t, i) => [i === 0 ? ifBreak('| ') : [line, '| '], align(2, type(t))]));
  if (place === 'parenthesized') return group([indent([softline, members]), softline]);
  if (place === 'tuple') return group([indent([ifBreak(['(', softline]), members]), softline, ifBreak(')')]);
  if (place === 'assigned' || place === 'argument') return members;
  return group(indent([softline, members]));
}

function intersection(node: ts.IntersectionTypeNode): D {
  let indented = false;
  const parts = node.types.map((t, i): D => {
    const printed = type(t);
    if (i === 0) return printed;
    const object = ts.isTypeLiteralNode(t);
    const previousObject = ts.isTypeLiteralNode(node.types[i - 1]);
    if (object && previousObject) return [' & ', indented ? indent(printed) : printed];
    if (!object && !previousObject) return indent([' &', line, printed]);
    if (i > 1) indented = true;
    return [' & ', i > 1 ? indent(printed) : printed];
  });
  return group(parts);
}

/** `{ a: T; b?: U }` or one member per line (interfaces always; type literals when built multi-line). */
export function objectType(members: ts.NodeArray<ts.TypeElement>, expanded: boolean): D {
  if (!members.length) return '{}';
  return group(objectTypeContent(members), { shouldBreak: expanded });
}

/** An object type's members between its braces, not grouped. */
export function objectTypeContent(members: ts.NodeArray<ts.TypeElement>): D {
  if (!members.length) return '{}';
  const parts = members.map((m, i) => [i === 0 ? '' : [';', line], group(member(m))]);
  return ['{', indent([line, ...parts]), ifBreak(';'), line, '}'];
}

export function member(node: ts.TypeElement): D {
  return [comments(node), memberBody(node)];
}

/** A member without its leading comments. */
export function memberBody(node: ts.TypeElement): D {
  if (ts.isPropertySignature(node)) {
    const modifiers = node.modifiers ?? [];
    if (modifiers.some((m) => m.kind !== K.ReadonlyKeyword) || !node.type) unhandled('member modifiers');
    return [modifiers.length ? 'readonly ' : '', propertyKey(node.name), node.questionToken ? '?' : '', ': ', type(node.type, 'annotation')];
  }
  if (ts.isMethodSignature(node)) {
    if (node.questionToken || !node.type) unhandled('method signature');
    // prettier's TSMethodSignature: the type parameters and parameters grouped when the return type may break them.
    const { params, returns, grouped } = parametersAndReturn(node);
    const withTypes = [typeParameters(node.typeParameters), params];
    return group([propertyKey(node.name), grouped ? group(withTypes) : withTypes, group(returns)]);
  }
  if (ts.isIndexSignatureDeclaration(node)) {
    const [p] = node.parameters;
    if (node.modifiers?.length || node.parameters.length !== 1 || !p.type || !ts.isIdentifier(p.name)) unhandled('index signature');
    return ['[', p.name.text, ': ', type(p.type), ']: ', type(node.type, 'annotation')];
  }
  return unhandled(K[node.kind]);
}

/** `(a: A) => R`: the parameters break before the return type does (grouped only for an object return). */
function functionType(node: ts.FunctionTypeNode): D {
  if (node.typeParameters) unhandled('type parameters');
  // The only parameter, typed by an object type, is hugged: its object is no group of its own, so it breaks
  // with the signature before the return type does (prettier's shouldHugTheOnlyFunctionParameter).
  const hug = node.parameters.length === 1 && node.parameters[0].type !== undefined && ts.isTypeLiteralNode(node.parameters[0].type);
  const params = node.parameters.map((p) => {
    if (!ts.isIdentifier(p.name) || !p.type || p.dotDotDotToken || p.modifiers?.length) unhandled('parameter');
    const annotation = hug && ts.isTypeLiteralNode(p.type) ? objectTypeContent(p.type.members) : type(p.type, 'annotation');
    return [p.name.text, p.questionToken ? '?: ' : ': ', annotation];
  });
  const returns = type(node.type, 'annotation');
  let list: D = !params.length ? '()' : hug ? ['(', ...params, ')'] : ['(', indent([softline, join([',', line], params)]), ifBreak(','), softline, ')'];
  if (params.length === 1 && (ts.isTypeLiteralNode(node.type) || utils.willBreak(returns))) list = group(list);
  return group([list, ' => ', returns]);
}

function tuple(node: ts.TupleTypeNode): D {
  if (!node.elements.length) return '[]';
  const many = node.elements.length > 1;
  let rest = false;
  const items = node.elements.map((e): D => {
    if (ts.isOptionalTypeNode(e)) return [type(e.type, many ? 'tuple' : 'argument'), '?'];
    if (ts.isRestTypeNode(e)) return (rest = true), ['...', type(e.type)];
    if (ts.isNamedTupleMember(e)) return unhandled('named tuple member');
    return type(e, many ? 'tuple' : 'argument');
  });
  return group(['[', indent([softline, join([',', line], items)]), ifBreak(rest ? '' : ','), softline, ']']);
}

function templateType(node: ts.TemplateLiteralTypeNode): D {
  const parts: D[] = ['`', rawTemplate(node.head)];
  for (const span of node.templateSpans) {
    if (!isSimple(span.type) || span.type.kind === K.TemplateLiteralType) unhandled('template placeholder');
    parts.push('${', type(span.type), '}', rawTemplate(span.literal));
  }
  return [...parts, '`'];
}

export function rawTemplate(node: ts.TemplateLiteralLikeNode): string {
  return node.rawText ?? unhandled('template without raw text');
}
