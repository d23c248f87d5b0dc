/**
 * Printing the nodes ts-nodes.ts builds the way prettier prints them, so the output needs no formatting
 * pass: each node becomes the layout document prettier's own TypeScript printer would build for it
 * (prettier 3's unions, intersections, objects, type arguments, assignments…), and prettier's document
 * printer (`prettier/doc`, the part of prettier that fits lines to the print width) turns it into text.
 * Parsing and reprinting is what makes prettier slow; the line fitting is cheap.
 *
 * Only the node kinds and shapes our builders produce are handled. Anything else (a kind added to
 * ts-nodes.ts later, a string with characters whose escaping prettier may choose differently, a number in
 * exponent form) throws `NotPrinted`, and the caller leaves that statement to prettier. A test formats every
 * generated file of every fixture and corpus spec with prettier and asserts nothing changes
 * (test/print/prettier-clean.test.ts): it is what keeps this module honest when prettier changes.
 */
import { ts } from './typescript.mjs';
import { builders, utils } from 'prettier/doc';
import { PRETTIER_OPTIONS } from './layout-options.ts';
import { isSingleLine } from './ts-nodes.ts';
import { blockComment, NotPrinted, printDoc } from './pretty-doc.ts';

type D = builders.Doc;
const { group, indent, align, line, softline, hardline, ifBreak, join, indentIfBreak, lineSuffixBoundary, fill } = builders;
const K = ts.SyntaxKind;

/** A node (or a shape of one) this printer does not reproduce prettier's output for (pretty-doc.ts `NotPrinted`). */

function unhandled(what: string): never {
  throw new NotPrinted(what);
}

/** A top-level statement as prettier prints it (no trailing newline); throws `NotPrinted`. */
export function prettyStatement(node: ts.Statement): string {
  const doc = [comments(node), statement(node)];
  return printDoc(doc);
}

// ---------------------------------------------------------------------------------------------- statements

function statement(node: ts.Statement): D {
  const exported = exportKeyword(node);
  if (ts.isTypeAliasDeclaration(node)) {
    if (node.typeParameters) unhandled('type parameters');
    return [exported, assignment(['type ', node.name.text], ' =', node.type, 'type'), ';'];
  }
  if (ts.isInterfaceDeclaration(node)) {
    if (node.typeParameters || node.heritageClauses) unhandled('interface heritage');
    return [exported, 'interface ', node.name.text, ' ', objectType(node.members, true)];
  }
  if (ts.isVariableStatement(node)) {
    const list = node.declarationList;
    if (!(list.flags & ts.NodeFlags.Const) || list.declarations.length !== 1) unhandled('declaration list');
    const [d] = list.declarations;
    if (!ts.isIdentifier(d.name) || d.type || !d.initializer) unhandled('declarator');
    return [exported, 'const ', assignment([d.name.text], ' =', d.initializer, 'value'), ';'];
  }
  if (ts.isImportDeclaration(node)) return importDeclaration(node);
  if (ts.isExportDeclaration(node)) {
    if (node.exportClause || node.isTypeOnly || !node.moduleSpecifier || node.attributes) unhandled('export');
    return ['export * from ', expression(node.moduleSpecifier), ';'];
  }
  return unhandled(K[node.kind]);
}

function exportKeyword(node: ts.Statement): D {
  const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) ?? [] : [];
  if (!modifiers.length) return '';
  if (modifiers.length === 1 && modifiers[0].kind === K.ExportKeyword) return 'export ';
  return unhandled('modifiers');
}

function importDeclaration(node: ts.ImportDeclaration): D {
  const clause = node.importClause;
  if (!clause || clause.name || node.attributes) unhandled('import');
  const kind = clause.isTypeOnly ? ' type' : '';
  const bindings = clause.namedBindings;
  let specifiers: D;
  if (!bindings) return unhandled('import');
  if (ts.isNamespaceImport(bindings)) specifiers = ['* as ', bindings.name.text];
  else {
    const names = bindings.elements.map((e) => (e.propertyName || e.isTypeOnly ? unhandled('import specifier') : e.name.text));
    specifiers = names.length > 1 ? group(['{', indent([line, join([',', line], names)]), ifBreak(','), line, '}']) : ['{ ', ...names, ' }'];
  }
  return ['import', kind, ' ', specifiers, ' from ', expression(node.moduleSpecifier), ';'];
}

/**
 * `left = right` (type aliases, const declarations, object properties) with prettier's choice of layout:
 * a union breaks after the operator, a string value too (unless the key is short), a number or boolean
 * never does, everything else is "fluid" (the right side starts on the same line when its first part fits).
 */
function assignment(left: D, operator: string, right: ts.Node, side: 'type' | 'value', shortKey = false): D {
  const rightDoc = side === 'type' ? type(right as ts.TypeNode, 'assigned') : expression(right as ts.Expression);
  let layout: 'break-after-operator' | 'never-break-after-operator' | 'fluid';
  if (side === 'type') layout = ts.isUnionTypeNode(right) && !huggedUnion(right) ? 'break-after-operator' : 'fluid';
  else if (!shortKey && ts.isStringLiteral(right)) layout = 'break-after-operator';
  else if (shortKey || isBooleanOrNumber(right)) layout = 'never-break-after-operator';
  else layout = 'fluid';
  if (layout === 'break-after-operator') return group([group(left), operator, group(indent([line, rightDoc]))]);
  if (layout === 'never-break-after-operator') return group([group(left), operator, ' ', rightDoc]);
  const id = Symbol('assignment');
  return group([group(left), operator, group(indent(line), { id }), lineSuffixBoundary, indentIfBreak(rightDoc, { groupId: id })]);
}

function isBooleanOrNumber(node: ts.Node): boolean {
  return node.kind === K.TrueKeyword || node.kind === K.FalseKeyword || ts.isNumericLiteral(node);
}

// ---------------------------------------------------------------------------------------------- types

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
function typeArguments(args: ts.NodeArray<ts.TypeNode> | undefined): D {
  if (!args?.length) return '';
  if (args.length === 1 && hugs(args[0])) return ['<', type(args[0], 'argument'), '>'];
  return group(['<', indent([softline, join([',', line], args.map((a) => type(a, 'argument')))]), softline, '>']);
}

/** prettier's shouldHugType: keywords, literal types, plain references, object types, `{…} | null`. */
function hugs(node: ts.TypeNode): boolean {
  return isSimple(node) || ts.isTypeLiteralNode(node) || (ts.isUnionTypeNode(node) && huggedUnion(node));
}

function isSimple(node: ts.TypeNode): boolean {
  if (ts.isTypeReferenceNode(node)) return !node.typeArguments?.length;
  return ts.isLiteralTypeNode(node) || ts.isTemplateLiteralTypeNode(node) || ts.isToken(node);
}

/** One object type or plain reference plus only `null`s: printed `A | null`, never broken (prettier's shouldHug). */
function huggedUnion(node: ts.UnionTypeNode): boolean {
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
function objectType(members: ts.NodeArray<ts.TypeElement>, expanded: boolean): D {
  if (!members.length) return '{}';
  const parts = members.map((m, i) => [i === 0 ? '' : [';', line], group(member(m))]);
  return group(['{', indent([line, ...parts]), ifBreak(';'), line, '}'], { shouldBreak: expanded });
}

function member(node: ts.TypeElement): D {
  const docs = comments(node);
  if (ts.isPropertySignature(node)) {
    const modifiers = node.modifiers ?? [];
    if (modifiers.some((m) => m.kind !== K.ReadonlyKeyword) || !node.type) unhandled('member modifiers');
    return [docs, modifiers.length ? 'readonly ' : '', propertyKey(node.name), node.questionToken ? '?' : '', ': ', type(node.type, 'annotation')];
  }
  if (ts.isIndexSignatureDeclaration(node)) {
    const [p] = node.parameters;
    if (node.modifiers?.length || node.parameters.length !== 1 || !p.type || !ts.isIdentifier(p.name)) unhandled('index signature');
    return [docs, '[', p.name.text, ': ', type(p.type), ']: ', type(node.type, 'annotation')];
  }
  return unhandled(K[node.kind]);
}

/** `(a: A) => R`: the parameters break before the return type does (grouped only for an object return). */
function functionType(node: ts.FunctionTypeNode): D {
  if (node.typeParameters) unhandled('type parameters');
  const params = node.parameters.map((p) => {
    if (!ts.isIdentifier(p.name) || !p.type || p.dotDotDotToken || p.questionToken || p.modifiers?.length) unhandled('parameter');
    return [p.name.text, ': ', type(p.type, 'annotation')];
  });
  const returns = type(node.type, 'annotation');
  const hug = params.length === 1 && ts.isTypeLiteralNode(node.parameters[0].type!);
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

function rawTemplate(node: ts.TemplateLiteralLikeNode): string {
  return node.rawText ?? unhandled('template without raw text');
}

// ---------------------------------------------------------------------------------------------- values

function expression(node: ts.Expression): D {
  if (ts.isStringLiteral(node) || ts.isNumericLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return literal(node);
  switch (node.kind) {
    case K.TrueKeyword: return 'true';
    case K.FalseKeyword: return 'false';
    case K.NullKeyword: return 'null';
  }
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPrefixUnaryExpression(node) && node.operator === K.MinusToken && (ts.isNumericLiteral(node.operand) || ts.isIdentifier(node.operand))) return ['-', expression(node.operand)];
  if (ts.isAsExpression(node)) return [expression(node.expression), ' as ', type(node.type)];
  if (ts.isSatisfiesExpression(node)) return [expression(node.expression), ' satisfies ', type(node.type)];
  if (ts.isObjectLiteralExpression(node)) return objectLiteral(node);
  if (ts.isArrayLiteralExpression(node)) return arrayLiteral(node);
  return unhandled(K[node.kind]);
}

function objectLiteral(node: ts.ObjectLiteralExpression): D {
  if (!node.properties.length) return '{}';
  const props = node.properties.map((p) => {
    if (!ts.isPropertyAssignment(p) || ts.getSyntheticLeadingComments(p)?.length) return unhandled('object member');
    const key = propertyKey(p.name);
    const width = typeof key === 'string' ? key.length : Infinity;
    return group(assignment(key, ':', p.initializer, 'value', width < PRETTIER_OPTIONS.tabWidth! + 3));
  });
  return group(['{', indent([line, join([',', line], props)]), ifBreak(','), line, '}']);
}

function arrayLiteral(node: ts.ArrayLiteralExpression): D {
  const items = node.elements;
  if (!items.length) return '[]';
  const numeric = (e: ts.Expression) => ts.isNumericLiteral(e) || (ts.isPrefixUnaryExpression(e) && ts.isNumericLiteral(e.operand));
  if (items.length > 1 && items.every(numeric)) {
    // Numbers are filled like prose, as many to a line as fit (prettier's printArrayItemsConcisely).
    const id = Symbol('array');
    const parts = items.flatMap((e, i): D[] => (i === items.length - 1 ? [[expression(e), ifBreak(',', '', { groupId: id })]] : [[expression(e), ','], line]));
    return group(['[', indent([softline, fill(parts)]), softline, ']'], { id });
  }
  const first = items[0];
  const shouldBreak = items.length > 1 && items.every((e) => e.kind === first.kind && ((ts.isObjectLiteralExpression(e) && e.properties.length > 1) || (ts.isArrayLiteralExpression(e) && e.elements.length > 1)));
  return group(['[', indent([softline, join([',', line], items.map(expression))]), ifBreak(','), softline, ']'], { shouldBreak });
}

/** A key as prettier writes it with `quoteProps: as-needed`: a string that is an identifier loses its quotes. */
function propertyKey(name: ts.PropertyName): D {
  if (ts.isIdentifier(name)) return name.text;
  if (ts.isNumericLiteral(name)) return literal(name);
  if (ts.isStringLiteral(name)) {
    // prettier unquotes any ES5 identifier name, Unicode letters included: leave those to it.
    if (/[^\x20-\x7e]/.test(name.text)) unhandled('non-ASCII key');
    return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name.text) ? name.text : literal(name);
  }
  if (ts.isComputedPropertyName(name)) return ['[', expression(name.expression), ']'];
  return unhandled(K[name.kind]);
}

/**
 * String and number literals in prettier's spelling: single quotes unless the text holds more single than
 * double quotes; numbers without an exponent only (prettier rewrites `1e+21`).
 */
function literal(node: ts.Node): D {
  if (ts.isStringLiteral(node)) return quote(node.text);
  // JavaScript's own spelling of a number is prettier's, but for the exponent's plus sign.
  if (ts.isNumericLiteral(node)) return /^\d+(\.\d+)?(e[+-]\d+)?$/.test(node.text) ? node.text.replace('e+', 'e') : unhandled('number spelling');
  if (ts.isNoSubstitutionTemplateLiteral(node)) return ['`', rawTemplate(node), '`'];
  if (ts.isPrefixUnaryExpression(node) && node.operator === K.MinusToken && ts.isNumericLiteral(node.operand)) return ['-', literal(node.operand)];
  switch (node.kind) {
    case K.TrueKeyword: return 'true';
    case K.FalseKeyword: return 'false';
    case K.NullKeyword: return 'null';
  }
  return unhandled(K[node.kind]);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f', '\v': '\\v', '\u2028': '\\u2028', '\u2029': '\\u2029', '\u0085': '\\u0085' };

function quote(text: string): string {
  // Characters whose escape prettier keeps as the compiler wrote it are not worth reproducing.
  if (/[\u0000-\u0007\u000e-\u001f\u007f]/.test(text) || LONE_SURROGATE.test(text)) unhandled('string escape');
  const singles = text.split("'").length - 1;
  const doubles = text.split('"').length - 1;
  const q = singles > doubles ? '"' : "'";
  return q + text.replace(/[\\\n\r\t\b\f\v\u2028\u2029\u0085'"]/g, (c) => (c === q ? `\\${c}` : c === "'" || c === '"' ? c : ESCAPES[c])) + q;
}

// ---------------------------------------------------------------------------------------------- comments

/** A node's leading JSDoc blocks (synthetic comments), as prettier re-indents them (pretty-doc.ts `blockComment`). */
export function comments(node: ts.Node): D {
  const list = ts.getSyntheticLeadingComments(node);
  if (!list?.length) return '';
  return list.map((c) => (c.kind === K.MultiLineCommentTrivia ? blockComment(c.text) : unhandled('line comment')));
}
