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
import { quoteString } from './quote.ts';

type D = builders.Doc;
const { group, indent, align, line, softline, hardline, ifBreak, join, indentIfBreak, lineSuffix, lineSuffixBoundary, fill, breakParent, conditionalGroup } = builders;
const K = ts.SyntaxKind;

/** A node (or a shape of one) this printer does not reproduce prettier's output for (pretty-doc.ts `NotPrinted`). */

function unhandled(what: string): never {
  throw new NotPrinted(what);
}

/** A top-level statement as prettier prints it (no trailing newline); throws `NotPrinted`. */
export function prettyStatement(node: ts.Statement): string {
  return printDoc(nestedStatement(node));
}

/** Top-level statements printed one a line (overloads, a function and its overloads): prettyStatement's text joined by line breaks. */
export function prettyStatements(nodes: readonly ts.Statement[]): string {
  return nodes.map(prettyStatement).join('\n');
}

// ---------------------------------------------------------------------------------------------- statements

function statement(node: ts.Statement): D {
  const exported = exportKeyword(node);
  if (ts.isTypeAliasDeclaration(node)) {
    return [exported, assignment(['type ', node.name.text, typeParameters(node.typeParameters)], ' =', node.type, 'type'), ';'];
  }
  if (ts.isInterfaceDeclaration(node)) {
    if (node.heritageClauses) unhandled('interface heritage');
    return [exported, 'interface ', node.name.text, typeParameters(node.typeParameters), ' ', objectType(node.members, true)];
  }
  if (ts.isVariableStatement(node)) return [exported, variableDeclaration(node.declarationList)];
  if (ts.isFunctionDeclaration(node)) return [exported, functionDeclaration(node)];
  if (ts.isImportDeclaration(node)) return importDeclaration(node);
  if (ts.isExportDeclaration(node)) return exportDeclaration(node);
  if (ts.isExportAssignment(node)) return exportAssignment(node);
  if (exported) unhandled('modifiers');
  if (ts.isReturnStatement(node)) return returnStatement('return', node.expression);
  if (ts.isThrowStatement(node)) return returnStatement('throw', node.expression);
  if (ts.isTryStatement(node)) return tryStatement(node);
  if (ts.isIfStatement(node)) return ifStatement(node);
  if (ts.isForOfStatement(node)) return forOfStatement(node);
  if (ts.isExpressionStatement(node)) {
    // A statement starting with `{`, `function`, `class` or `let [` would read differently: not built.
    if (ts.isObjectLiteralExpression(node.expression) || ts.isArrowFunction(node.expression)) unhandled('expression statement');
    return [expression(node.expression), ';'];
  }
  return unhandled(K[node.kind]);
}

/** A statement with its comments: those before it on lines of their own, a `//` after it on its last line. */
function nestedStatement(node: ts.Statement): D {
  return [comments(node), statement(node), trailingComments(node)];
}

function exportKeyword(node: ts.Statement): D {
  const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) ?? [] : [];
  if (!modifiers.length) return '';
  if (modifiers.length === 1 && modifiers[0].kind === K.ExportKeyword) return 'export ';
  if (ts.isFunctionDeclaration(node) && modifiers.every((m) => m.kind === K.ExportKeyword || m.kind === K.AsyncKeyword)) return modifiers[0].kind === K.ExportKeyword ? 'export ' : '';
  // `declare function f(): R;` (a signature without a body: prettier's TSDeclareFunction).
  if (ts.isFunctionDeclaration(node) && !node.body && modifiers.length === 1 && modifiers[0].kind === K.DeclareKeyword) return 'declare ';
  return unhandled('modifiers');
}

/**
 * `import a, { b, type C } from 'm';` (prettier's printModuleSpecifiers): a named list breaks one name a
 * line when it does not fit, unless it is a lone name without a default import.
 */
function importDeclaration(node: ts.ImportDeclaration): D {
  const clause = node.importClause;
  if (!clause || node.attributes || (clause.isTypeOnly && clause.name)) unhandled('import');
  const kind = clause.isTypeOnly ? ' type' : '';
  const bindings = clause.namedBindings;
  const defaultName = clause.name ? clause.name.text : undefined;
  let specifiers: D = '';
  if (!bindings) {
    if (!defaultName) unhandled('import');
  } else if (ts.isNamespaceImport(bindings)) specifiers = ['* as ', bindings.name.text];
  else {
    const names = bindings.elements.map((e) => (e.propertyName ? unhandled('import specifier') : [e.isTypeOnly ? 'type ' : '', e.name.text]));
    if (!names.length) unhandled('import');
    specifiers = names.length > 1 || defaultName ? group(['{', indent([line, join([',', line], names)]), ifBreak(','), line, '}']) : ['{ ', ...names, ' }'];
  }
  const head = defaultName && bindings ? [defaultName, ', '] : defaultName ?? '';
  return ['import', kind, ' ', head, specifiers, ' from ', expression(node.moduleSpecifier), ';'];
}

/** `export * from 'm';`, or `export {};` (what makes a file with nothing to export a module). */
function exportDeclaration(node: ts.ExportDeclaration): D {
  if (node.isTypeOnly || node.attributes) unhandled('export');
  if (!node.exportClause && node.moduleSpecifier) return ['export * from ', expression(node.moduleSpecifier), ';'];
  if (node.exportClause && ts.isNamedExports(node.exportClause) && !node.exportClause.elements.length && !node.moduleSpecifier) return 'export {};';
  return unhandled('export');
}

/** `export default value;` */
function exportAssignment(node: ts.ExportAssignment): D {
  if (node.isExportEquals || node.modifiers?.length) unhandled('export assignment');
  const value = strip(node.expression);
  // prettier brackets a default export that starts like a declaration or a class/function expression: not built.
  if (!ts.isIdentifier(value) && !ts.isCallExpression(value) && !ts.isNewExpression(value)) unhandled('export default of an expression');
  return ['export default ', expression(value), ';'];
}

/** `const a: T = value;` (prettier's printVariableDeclaration: one declarator, grouped). */
function variableDeclaration(list: ts.VariableDeclarationList): D {
  const kind = list.flags & ts.NodeFlags.Const ? 'const' : list.flags & ts.NodeFlags.Let ? 'let' : unhandled('var');
  if (list.declarations.length !== 1) unhandled('declaration list');
  const [d] = list.declarations;
  if (d.exclamationToken || (!ts.isIdentifier(d.name) && !ts.isObjectBindingPattern(d.name))) unhandled('declarator');
  const annotation: D = d.type ? [': ', type(d.type, 'annotation')] : '';
  // An object pattern of plain names (what the builder makes: never a "complex destructuring" to prettier).
  const left: D = ts.isIdentifier(d.name) ? (d.type ? [d.name.text, annotation] : d.name.text) : objectPattern(d.name, false, annotation);
  if (!d.initializer) return group([kind, ' ', left, ';']);
  return group([kind, ' ', valueAssignment(left, ' =', d.initializer, { declarator: d }), ';']);
}

/** `return value;` or `throw value;` (prettier's printReturnOrThrowArgument). */
function returnStatement(keyword: 'return' | 'throw', value: ts.Expression | undefined): D {
  if (!value) return `${keyword};`;
  const argument = strip(value);
  // A binary expression is bracketed when it breaks.
  if (isBinaryish(argument)) return [keyword, group([' ', ifBreak('('), indent([softline, expression(argument, 'return')]), softline, ifBreak(')')]), ';'];
  return [keyword, ' ', expression(argument, 'return'), ';'];
}

/** `try { … } catch (name) { … }` (prettier's printTryStatement: an empty `try` block is `{` and `}` on two lines, an empty `catch` block `{}`). */
function tryStatement(node: ts.TryStatement): D {
  const handler = node.catchClause;
  const name = handler?.variableDeclaration?.name;
  if (!handler || node.finallyBlock || (name && (!ts.isIdentifier(name) || handler.variableDeclaration!.type))) unhandled('try');
  return ['try ', block(node.tryBlock, true), ' catch ', name ? ['(', name.text, ') '] : '', block(handler.block)];
}

function ifStatement(node: ts.IfStatement): D {
  const opening = group(['if (', group([indent([softline, expression(strip(node.expression), 'if')]), softline]), ')', clause(node.thenStatement)]);
  if (!node.elseStatement) return opening;
  const elseClause = ts.isIfStatement(node.elseStatement) ? [' ', nestedStatement(node.elseStatement)] : clause(node.elseStatement);
  // After a lone statement, `else` starts a line of its own (prettier's printIfStatement); a lone `if` there would take the `else`.
  if (!ts.isBlock(node.thenStatement)) return ts.isIfStatement(node.thenStatement) ? unhandled('dangling else') : [opening, hardline, 'else', group(elseClause)];
  return [opening, ' else', group(elseClause)];
}

/** A clause of `if`/`for`: a block after a space, a lone statement indented on the next line when it does not fit. */
function clause(node: ts.Statement): D {
  // prettier gives a `//` after a lone statement to the statement or to the `if` around it, by where it stands: not reproduced.
  if (!ts.isBlock(node) && ts.getSyntheticTrailingComments(node)?.length) unhandled('comment after a lone statement');
  return ts.isBlock(node) ? [' ', block(node, true)] : indent([line, nestedStatement(node)]);
}

function forOfStatement(node: ts.ForOfStatement): D {
  const init = node.initializer;
  if (!ts.isVariableDeclarationList(init) || init.declarations.length !== 1 || !ts.isIdentifier(init.declarations[0].name) || init.declarations[0].initializer) unhandled('for-of');
  const kind = init.flags & ts.NodeFlags.Const ? 'const' : 'let';
  return group(['for', node.awaitModifier ? ' await' : '', ' (', kind, ' ', (init.declarations[0].name as ts.Identifier).text, ' of ', expression(strip(node.expression)), ')', clause(node.statement)]);
}

/**
 * `{ … }`. An empty block is `{}` as a function's body, and `{` and `}` on two lines as an `if` or
 * `for … of` clause (prettier's printBlock).
 */
function block(node: ts.Block, clause = false): D {
  if (!node.statements.length) return clause ? ['{', hardline, '}'] : '{}';
  return ['{', indent([hardline, join(hardline, node.statements.map(nestedStatement))]), hardline, '}'];
}

// ---------------------------------------------------------------------------------------------- functions

/** `function name<T>(a: A): R { … }`, or an overload signature `…: R;` (prettier's printFunction). */
function functionDeclaration(node: ts.FunctionDeclaration): D {
  if (!node.name || node.asteriskToken) unhandled('function');
  const async = node.modifiers?.some((m) => m.kind === K.AsyncKeyword) ? 'async ' : '';
  const { params, returns, grouped } = parametersAndReturn(node);
  const head: D = [async, 'function ', node.name.text, group([typeParameters(node.typeParameters), group([grouped ? group(params) : params, returns]), node.body ? ' ' : ''])];
  return node.body ? [head, block(node.body)] : [head, ';'];
}

/** An object literal's method (prettier's printMethodValue: no group around the type parameters). */
function methodDeclaration(node: ts.MethodDeclaration): D {
  const modifiers = node.modifiers ?? [];
  if (modifiers.some((m) => m.kind !== K.AsyncKeyword) || node.asteriskToken || node.questionToken || !node.body) unhandled('method');
  const { params, returns, grouped } = parametersAndReturn(node);
  return [modifiers.length ? 'async ' : '', propertyKey(node.name), typeParameters(node.typeParameters), group([grouped ? group(params) : params, returns]), ' ', block(node.body)];
}

/** `<T extends A = B>`: never hugged (a type parameter is no "simple" type to prettier); a trailing comma when broken. */
function typeParameters(params: ts.NodeArray<ts.TypeParameterDeclaration> | undefined): D {
  if (!params?.length) return '';
  // prettier lays a breakable constraint or default out like an assignment: reproduced for plain ones only
  // (`S extends number = 404`, `K extends keyof T`), which never break.
  // A generic of simple arguments (`D = DataOf<M>`) is as short: prettier keeps it on the parameter's line.
  const plain = (t: ts.TypeNode | undefined) =>
    t === undefined ||
    isSimple(t) ||
    (ts.isTypeOperatorNode(t) && isSimple(t.type)) ||
    (ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName) && (t.typeArguments ?? []).every((a) => isSimple(a)));
  const items = params.map((p): D => {
    if (p.modifiers?.length) unhandled('type parameter modifiers');
    if (!plain(p.constraint) || !plain(p.default)) unhandled('type parameter constraint');
    return [p.name.text, p.constraint ? [' extends ', type(p.constraint)] : '', p.default ? [' = ', type(p.default)] : ''];
  });
  return group(['<', indent([softline, join([',', line], items)]), ifBreak(','), softline, '>']);
}

type SignatureNode = ts.FunctionDeclaration | ts.MethodDeclaration | ts.MethodSignature | ts.ArrowFunction;

/** The parameter list and return type (prettier's printFunctionParameters, printReturnType and shouldGroupFunctionParameters). */
function parametersAndReturn(node: SignatureNode, expandArg = false): { params: D; returns: D; grouped: boolean } {
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
function parameter(p: ts.ParameterDeclaration, hugged = false): D {
  if (p.dotDotDotToken || p.modifiers?.length) unhandled('parameter');
  const annotation = !p.type ? '' : hugged && ts.isTypeLiteralNode(p.type) ? objectTypeContent(p.type.members) : type(p.type, 'annotation');
  const typed: D = [p.questionToken ? '?' : '', p.type ? [': ', annotation] : ''];
  // An object pattern's annotation is part of the pattern's group (prettier's printObject).
  const annotated: D = ts.isIdentifier(p.name) ? [p.name.text, typed] : ts.isObjectBindingPattern(p.name) ? objectPattern(p.name, hugged, typed) : unhandled('parameter name');
  return p.initializer ? [annotated, ' = ', expression(strip(p.initializer))] : annotated;
}

/** `{ a, b }` (names only: what the builder makes); a group unless `hugged`. */
function objectPattern(pattern: ts.ObjectBindingPattern, hugged: boolean, annotation: D): D {
  const names = pattern.elements.map((e) => (e.propertyName || e.initializer || e.dotDotDotToken || !ts.isIdentifier(e.name) ? unhandled('binding element') : e.name.text));
  if (!names.length) return ['{}', annotation];
  const content = ['{', indent([line, join([',', line], names)]), ifBreak(','), line, '}', annotation];
  return hugged ? content : group(content);
}

/** `async (a) => body` (prettier's printArrowFunction, for one arrow: no arrow chain). */
function arrowFunction(node: ts.ArrowFunction, expandLastArg = false): D {
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
    // A body that starts with `{` but is more than an object (`({}) as const`): prettier brackets the object only.
    if (!ts.isObjectLiteralExpression(inner) && startsWith(inner, ts.isObjectLiteralExpression)) unhandled('arrow body starting with an object');
    const printed = expression(inner, 'arrow');
    if (ts.isObjectLiteralExpression(inner)) bodyDoc = [' (', printed, ')'];
    else if (ts.isArrayLiteralExpression(inner)) bodyDoc = [' ', printed];
    else if (ts.isConditionalExpression(inner)) bodyDoc = [' ', group([ifBreak('', '('), indent([softline, printed]), ifBreak('', ')'), trailingComma, trailingSpace])];
    else bodyDoc = [indent([line, printed]), trailingComma, trailingSpace];
  }
  return group([group(signature), ' =>', group(bodyDoc)]);
}

const removeLines = (doc: D): D => utils.removeLines(doc);

// ---------------------------------------------------------------------------------------------- assignments

/**
 * `left = right` (type aliases) with prettier's choice of layout: a union breaks after the operator,
 * everything else is "fluid" (the right side starts on the same line when its first part fits).
 */
function assignment(left: D, operator: string, right: ts.Node, side: 'type'): D {
  void side;
  const rightDoc = type(right as ts.TypeNode, 'assigned');
  if (ts.isUnionTypeNode(right) && !huggedUnion(right)) return group([group(left), operator, group(indent([line, rightDoc]))]);
  return fluid(left, operator, rightDoc);
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
function valueAssignment(left: D, operator: string, right: ts.Expression, where: { declarator?: ts.VariableDeclaration; key?: boolean }): D {
  const value = strip(right);
  const rightDoc = expression(value, 'assigned');
  const canBreakLeft = utils.canBreak(left);
  const shortKey = where.key === true && typeof left === 'string' && left.length < PRETTIER_OPTIONS.tabWidth! + 3;
  if (where.declarator && ((ts.isArrowFunction(value) && canBreakLeft) || complexTypeAnnotation(where.declarator))) return group([left, operator, ' ', group(rightDoc)]);
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
    if (node.typeArguments?.length) return false;
    return poorlyBreakableChain(strip(node.expression), true);
  }
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) return poorlyBreakableChain(strip(node.expression), true);
  return deep && (ts.isIdentifier(node) || node.kind === K.ThisKeyword);
}

function loneShortArgument(arg: ts.Expression): boolean {
  const threshold = PRETTIER_OPTIONS.printWidth! * 0.25;
  if (arg.kind === K.ThisKeyword || (ts.isIdentifier(arg) && arg.text.length <= threshold)) return true;
  if (ts.isPrefixUnaryExpression(arg) && (arg.operator === K.MinusToken || arg.operator === K.PlusToken) && ts.isNumericLiteral(arg.operand)) return true;
  // The text alone decides a long string (quoting only adds): a megabyte JSON table is not quoted to be measured.
  if (ts.isStringLiteral(arg)) return arg.text.length + 2 <= threshold && quote(arg.text).length <= threshold;
  if (ts.isNoSubstitutionTemplateLiteral(arg)) return (arg.rawText ?? '').length <= threshold && !(arg.rawText ?? '').includes('\n');
  if (ts.isPrefixUnaryExpression(arg)) return loneShortArgument(strip(arg.operand));
  return ts.isNumericLiteral(arg) || arg.kind === K.TrueKeyword || arg.kind === K.FalseKeyword || arg.kind === K.NullKeyword;
}

/** prettier's hasComplexTypeAnnotation: a generic annotation of two or more arguments, one of them generic itself. */
function complexTypeAnnotation(d: ts.VariableDeclaration): boolean {
  const t = d.type;
  if (!t || !ts.isTypeReferenceNode(t) || !t.typeArguments || t.typeArguments.length < 2) return false;
  return t.typeArguments.some((a) => (ts.isTypeReferenceNode(a) && (a.typeArguments?.length ?? 0) > 0) || ts.isConditionalTypeNode(a));
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
  return group(objectTypeContent(members), { shouldBreak: expanded });
}

/** An object type's members between its braces, not grouped. */
function objectTypeContent(members: ts.NodeArray<ts.TypeElement>): D {
  if (!members.length) return '{}';
  const parts = members.map((m, i) => [i === 0 ? '' : [';', line], group(member(m))]);
  return ['{', indent([line, ...parts]), ifBreak(';'), line, '}'];
}

function member(node: ts.TypeElement): D {
  const docs = comments(node);
  if (ts.isPropertySignature(node)) {
    const modifiers = node.modifiers ?? [];
    if (modifiers.some((m) => m.kind !== K.ReadonlyKeyword) || !node.type) unhandled('member modifiers');
    return [docs, modifiers.length ? 'readonly ' : '', propertyKey(node.name), node.questionToken ? '?' : '', ': ', type(node.type, 'annotation')];
  }
  if (ts.isMethodSignature(node)) {
    if (node.questionToken || !node.type) unhandled('method signature');
    // prettier's TSMethodSignature: the type parameters and parameters grouped when the return type may break them.
    const { params, returns, grouped } = parametersAndReturn(node);
    const withTypes = [typeParameters(node.typeParameters), params];
    return [docs, group([propertyKey(node.name), grouped ? group(withTypes) : withTypes, group(returns)])];
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

/**
 * `` `text ${a.b} text` ``: the text as written, each placeholder on one line (prettier prints a simple
 * template literal, placeholders of names and member chains only, without breaking inside it).
 */
function templateExpression(node: ts.TemplateExpression): D {
  // `a.b.c` as text; anything else is not a simple placeholder.
  const chain = (e: ts.Expression): string =>
    hasComments(e) ? unhandled('template placeholder')
    : ts.isIdentifier(e) ? e.text
    : ts.isPropertyAccessExpression(e) && !e.questionDotToken && ts.isIdentifier(e.name) ? `${chain(e.expression)}.${e.name.text}`
    : unhandled('template placeholder');
  const parts: D[] = ['`', rawTemplate(node.head)];
  for (const span of node.templateSpans) parts.push('${', chain(span.expression), '}', rawTemplate(span.literal));
  return [lineSuffixBoundary, ...parts, '`'];
}

function rawTemplate(node: ts.TemplateLiteralLikeNode): string {
  return node.rawText ?? unhandled('template without raw text');
}

// ---------------------------------------------------------------------------------------------- values

/** Where an expression stands, for the layouts and brackets that depend on it. */
type Context = 'assigned' | 'return' | 'arrow' | 'if' | 'argument' | 'unary' | 'operand' | 'other';

/** An expression without the brackets the builder put around it: the printer decides brackets itself. */
function strip(node: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(node)) node = node.expression;
  return node;
}

function expression(node: ts.Expression, where: Context = 'other'): D {
  node = strip(node);
  // A trailing comment is reproduced on statements only (nestedStatement).
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
  if (ts.isBinaryExpression(node)) return binaryExpression(node, where);
  if (ts.isConditionalExpression(node)) return conditionalExpression(node, where);
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) return memberOrCall(node);
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) return memberExpression(node, false);
  return unhandled(K[node.kind]);
}

/**
 * A member access that is no call's callee (prettier's printMemberExpression): `a.b` of two names stays
 * together; deeper, a line may break before each `.name`; a computed key breaks inside its brackets.
 */
function memberExpression(node: ts.PropertyAccessExpression | ts.ElementAccessExpression, parentIsMember: boolean): D {
  const target = strip(node.expression);
  if (hasComments(target)) unhandled('comment in a chain');
  const ended = ts.isOptionalChain(target) && !ts.isOptionalChain(node);
  const objectDoc = !ended && (ts.isPropertyAccessExpression(target) || ts.isElementAccessExpression(target)) ? memberExpression(target, true) : object(target, node);
  const optional = node.questionDotToken ? '?.' : '';
  if (ts.isElementAccessExpression(node)) {
    const key = strip(node.argumentExpression);
    return [objectDoc, ts.isNumericLiteral(key) ? [optional, '[', expression(key), ']'] : group([optional, '[', indent([softline, expression(key)]), softline, ']'])];
  }
  if (!ts.isIdentifier(node.name)) unhandled('private name');
  const lookup = [optional || '.', node.name.text];
  const inline = ts.isIdentifier(target) && !parentIsMember;
  return [objectDoc, inline ? lookup : group(indent([softline, lookup]))];
}

/** The type after `as`/`satisfies`: `const` as a keyword, a union indented when it breaks. */
function castType(node: ts.TypeNode): D {
  if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && node.typeName.text === 'const' && !node.typeArguments) return 'const';
  return type(node);
}

/** An operand of `parent`, in brackets where prettier writes them (needs-parens.js, for the kinds the builder makes). */
function operand(child: ts.Expression, parent: ts.Expression, side: 'left' | 'right' | 'object' = 'left'): D {
  const node = strip(child);
  // A binary expression under a unary operator or before a member breaks inside its brackets (prettier's printBinaryishExpression).
  // So does a cast before a member (prettier's printBinaryCastExpression).
  const cast = ts.isAsExpression(node) || ts.isSatisfiesExpression(node);
  const dotted = side === 'object' && !ts.isElementAccessExpression(parent);
  const unary = (isBinaryish(node) && (dotted || ts.isPrefixUnaryExpression(parent) || ts.isTypeOfExpression(parent))) || (cast && side === 'object');
  // prettier moves a comment at the start of an operand, or brackets the operand for it: not reproduced.
  if (startsWithComment(node)) unhandled('comment on an operand');
  const printed = expression(node, unary ? 'unary' : ts.isBinaryExpression(parent) ? 'operand' : 'other');
  return needsBrackets(node, parent, side) ? ['(', printed, ')'] : printed;
}

/** Whether the expression's first token carries a comment (its own, or its leftmost operand's). */
function startsWithComment(node: ts.Expression): boolean {
  return startsWith(node, hasComments);
}

/** Whether `test` holds for the expression or one of its leftmost operands (up to a bracket the builder put). */
function startsWith(node: ts.Expression, test: (node: ts.Node) => boolean): boolean {
  for (let at: ts.Node | undefined = node; at; ) {
    if (test(at)) return true;
    if (ts.isParenthesizedExpression(at)) return false;
    at = ts.isBinaryExpression(at) ? at.left : ts.isConditionalExpression(at) ? at.condition : ts.isAsExpression(at) || ts.isSatisfiesExpression(at) || ts.isCallExpression(at) || ts.isPropertyAccessExpression(at) || ts.isElementAccessExpression(at) ? at.expression : undefined;
  }
  return false;
}

function hasComments(node: ts.Node): boolean {
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
      if (outer.level === inner.level && (side === 'right' || node.operatorToken.kind !== parent.operatorToken.kind)) return true;
      // prettier brackets `&&` inside `||` for clarity, and `%` beside `+`/`-`: not built, not reproduced.
      if (outer.level < inner.level && inner.logical && outer.logical) unhandled('mixed logical operators');
      return false;
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
  [K.PlusToken]: 10, [K.MinusToken]: 10,
};

function binaryPrecedence(node: ts.BinaryExpression): { level: number; logical: boolean; coalesce: boolean } {
  const level = LEVELS[node.operatorToken.kind] ?? unhandled('binary operator');
  const kind = node.operatorToken.kind;
  return { level, logical: kind === K.BarBarToken || kind === K.AmpersandAmpersandToken || kind === K.QuestionQuestionToken, coalesce: kind === K.QuestionQuestionToken };
}

function isBinaryish(node: ts.Expression): node is ts.BinaryExpression {
  return ts.isBinaryExpression(node) && LEVELS[node.operatorToken.kind] !== undefined;
}

/** prettier's shouldInlineLogicalExpression: a logical operator whose right side is a non-empty object or array. */
function inlinesLogical(node: ts.Expression): boolean {
  if (!ts.isBinaryExpression(node) || !binaryPrecedence(node).logical) return false;
  const right = strip(node.right);
  return (ts.isObjectLiteralExpression(right) && right.properties.length > 0) || (ts.isArrayLiteralExpression(right) && right.elements.length > 0);
}

/** prettier's printBinaryishExpression: operands of one precedence flattened into one group, indented where the context wants. */
function binaryExpression(node: ts.BinaryExpression, where: Context): D {
  const parts = binaryParts(node, where === 'if');
  const inParens = where === 'if';
  if (inParens) return parts;
  if (where === 'unary') return group([indent([softline, ...parts]), softline]);
  const notIndented = where === 'return' || where === 'arrow';
  const inline = inlinesLogical(node);
  const samePrecedenceLeft = isBinaryish(strip(node.left)) && flattens(node, strip(node.left) as ts.BinaryExpression);
  if (notIndented || (inline && !samePrecedenceLeft) || (!inline && where === 'assigned')) return group(parts);
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
  return true;
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
  let testDoc = isBinaryish(test) ? (where === 'return' || where === 'argument' ? binaryExpression(test, 'other') : group(binaryParts(test, false))) : operand(test, node, 'left');
  // prettier brackets a `??` test (`(a ?? b) ? c : d`).
  if (isBinaryish(test) && test.operatorToken.kind === K.QuestionQuestionToken) testDoc = startsWithComment(test) ? unhandled('comment on an operand') : ['(', testDoc, ')'];
  // prettier brackets a cast or a `??` in a branch (`a ? (b as T) : c`).
  const bracketed = (e: ts.Expression) => ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || (isBinaryish(e) && e.operatorToken.kind === K.QuestionQuestionToken);
  const branch = (e: ts.Expression): D => (bracketed(e) ? (startsWithComment(e) ? unhandled('comment on a bracketed expression') : ['(', expression(e), ')']) : expression(e));
  return group([testDoc, indent([line, '? ', align(2, branch(whenTrue)), line, ': ', align(2, branch(whenFalse))])]);
}

// ---------------------------------------------------------------------------------------------- calls and members

type ChainLink = ts.CallExpression | ts.NewExpression | ts.PropertyAccessExpression | ts.ElementAccessExpression;

/**
 * A member access or call. prettier prints a chain of one call group after its head (`a.b(x)`,
 * `import(m).then(f)`), or two after a head it merges with the first (`Object.keys(o).map(f)`), on one line,
 * its arguments breaking; two after any other head on one line when that fits, else one group a line
 * (memberChain); longer chains get prettier's full member-chain layout: not reproduced.
 */
function memberOrCall(node: ChainLink): D {
  if (ts.isCallExpression(node) && (ts.isPropertyAccessExpression(strip(node.expression)) || ts.isElementAccessExpression(strip(node.expression)))) {
    const groups = chainGroups(node);
    if (groups > 2) unhandled('member chain');
    return groups === 2 ? memberChain(node) : group(link(node));
  }
  // A lone `import(…)` lays out as prettier's ImportExpression, not as a call: reproduced only as a chain's head (`import(m).then(f)`).
  if (ts.isCallExpression(node) && node.expression.kind === K.ImportKeyword) unhandled('lone dynamic import');
  // A curried call (`f(a)(b)`): prettier breaks the longer argument list first; not reproduced.
  if (ts.isCallExpression(node) && ts.isCallExpression(strip(node.expression))) unhandled('curried call');
  return link(node);
}

/** A link of a chain printed with what it hangs on. */
function link(node: ts.Expression): D {
  node = strip(node);
  if (ts.isPropertyAccessExpression(node)) {
    if (!ts.isIdentifier(node.name)) unhandled('private name');
    return [object(node.expression, node), node.questionDotToken ? '?.' : '.', node.name.text];
  }
  if (ts.isElementAccessExpression(node)) {
    const key = strip(node.argumentExpression);
    const optional = node.questionDotToken ? '?.' : '';
    return [object(node.expression, node), ts.isNumericLiteral(key) ? [optional, '[', expression(key), ']'] : group([optional, '[', indent([softline, expression(key)]), softline, ']'])];
  }
  if (ts.isCallExpression(node)) {
    if (node.questionDotToken) unhandled('optional call');
    const callee = node.expression.kind === K.ImportKeyword ? 'import' : object(node.expression, node);
    return [callee, typeArgumentsOfCall(node.typeArguments), callArguments(node.arguments, node.expression.kind === K.ImportKeyword)];
  }
  if (ts.isNewExpression(node)) return ['new ', object(node.expression, node), typeArgumentsOfCall(node.typeArguments), callArguments(node.arguments ?? ts.factory.createNodeArray(), false)];
  return expression(node);
}

function object(node: ts.Expression, parent: ts.Expression): D {
  const inner = strip(node);
  if (ts.isCallExpression(inner) && inner.expression.kind === K.ImportKeyword && !ts.isPropertyAccessExpression(parent)) unhandled('lone dynamic import');
  // An optional chain the parent does not continue is bracketed: `(a?.b).c`.
  if (ts.isOptionalChain(inner) && !ts.isOptionalChain(parent)) return ['(', chainLink(inner, parent), ')'];
  return chainLink(inner, parent);
}

function chainLink(inner: ts.Expression, parent: ts.Expression): D {
  // prettier breaks the closing bracket of a conditional before a member (`(a ? b : c).d`), and moves the
  // comments of a chain's links: not reproduced.
  if (ts.isConditionalExpression(inner)) unhandled('conditional object');
  if (hasComments(inner)) unhandled('comment in a chain');
  if (ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner) || ts.isCallExpression(inner)) return link(inner);
  return operand(inner, parent, 'object');
}

function typeArgumentsOfCall(args: ts.NodeArray<ts.TypeNode> | undefined): D {
  if (!args?.length) return '';
  return typeArguments(args);
}

/**
 * A chain of a head and two call groups (`client.get(args).withResponse()`, `client.paginate.list(args).items()`),
 * as prettier's printMemberChain lays it out: merged into one line after a factory-like head (a capitalized
 * name, `this`); else on one line when that fits (up to a line its arguments must break at), else each group
 * on a line of its own under the head. Optional chains and comments inside the chain are not reproduced.
 */
function memberChain(node: ts.CallExpression): D {
  const links: ts.Expression[] = [];
  let at: ts.Expression = node;
  while (ts.isCallExpression(at) || ts.isPropertyAccessExpression(at) || ts.isElementAccessExpression(at)) {
    if (ts.isOptionalChain(at) || hasComments(at) || (ts.isCallExpression(at) && at.expression.kind === K.ImportKeyword)) unhandled('member chain');
    links.unshift(at);
    at = strip(at.expression);
  }
  // The head: the innermost expression, the calls and computed accesses right after it, then members followed by members.
  let i = 0;
  while (i < links.length && (ts.isCallExpression(links[i]!) || ts.isElementAccessExpression(links[i]!))) i++;
  if (!ts.isCallExpression(at)) while (i + 1 < links.length && !ts.isCallExpression(links[i]!) && !ts.isCallExpression(links[i + 1]!)) i++;
  const rest: ts.Expression[][] = [];
  let seenCall = false;
  for (const l of links.slice(i)) {
    if (seenCall && !ts.isCallExpression(l)) {
      if (!(ts.isElementAccessExpression(l) && ts.isLiteralExpression(strip(l.argumentExpression)))) (rest.push([]), (seenCall = false));
    }
    if (!rest.length) rest.push([]);
    if (ts.isCallExpression(l)) seenCall = true;
    rest[rest.length - 1]!.push(l);
  }
  const calls = links.filter(ts.isCallExpression);
  if (rest.length !== 2 || calls.length > 2) unhandled('member chain');
  // prettier's shouldMerge: a head of `this` or a factory-like name (a short name only in an expression statement: not reproduced).
  const factory = (name: string) => /^[A-Z]|^[$_]+$/.test(name);
  const computedNext = ts.isElementAccessExpression(rest[0]![0]!);
  const lastHead = i > 0 ? links[i - 1]! : at;
  if (i === 0 && ts.isIdentifier(at) && !factory(at.text) && !computedNext && at.text.length <= PRETTIER_OPTIONS.tabWidth!) unhandled('short chain head');
  const merged = i === 0
    ? at.kind === K.ThisKeyword || (ts.isIdentifier(at) && (factory(at.text) || computedNext))
    : ts.isPropertyAccessExpression(lastHead) && ts.isIdentifier(lastHead.name) && (factory(lastHead.name.text) || computedNext);
  const head: D = i > 0 ? link(lastHead) : object(at, links[0]!);
  const printed = rest.map((g) => g.map(ownPart));
  const oneLine: D[] = [head, ...printed];
  if (merged) return group(oneLine);
  const expanded: D = [head, indent([hardline, join(hardline, printed)])];
  // A group before the last that must break, or a last call that breaks after an earlier one took a function: one group a line.
  const functionArgument = calls.slice(0, -1).some((c) => c.arguments.some((a) => ts.isArrowFunction(strip(a)) || ts.isFunctionExpression(strip(a))));
  const lastBreaks = ts.isCallExpression(links[links.length - 1]!) && utils.willBreak(printed[1]!);
  if ([head, printed[0]!].some((d) => utils.willBreak(d)) || (lastBreaks && functionArgument)) return group(expanded);
  return [utils.willBreak(oneLine) ? breakParent : '', conditionalGroup([oneLine, expanded])];
}

/** One link of a chain without what it hangs on: `.name`, `[key]`, `(args)`. */
function ownPart(node: ts.Expression): D {
  if (ts.isPropertyAccessExpression(node)) return ts.isIdentifier(node.name) ? ['.', node.name.text] : unhandled('private name');
  if (ts.isElementAccessExpression(node)) {
    const key = strip(node.argumentExpression);
    return ts.isNumericLiteral(key) ? ['[', expression(key), ']'] : group(['[', indent([softline, expression(key)]), softline, ']']);
  }
  if (ts.isCallExpression(node)) return [typeArgumentsOfCall(node.typeArguments), callArguments(node.arguments, false)];
  return unhandled(K[node.kind]);
}

/** prettier's member-chain groups after the head (printMemberChain's `groups`): a call group starts at each member access that a call follows. */
function chainGroups(node: ts.Expression): number {
  // Flatten: head first.
  const links: ts.Expression[] = [];
  let at: ts.Expression = strip(node);
  while (ts.isCallExpression(at) || ts.isPropertyAccessExpression(at) || ts.isElementAccessExpression(at)) {
    links.unshift(at);
    if (ts.isCallExpression(at) && at.expression.kind === K.ImportKeyword) break;
    at = strip(at.expression);
  }
  // The head: the first node, the calls and computed accesses right after it, and (when it is not a call) members followed by members.
  let i = 1;
  const kinds = links.map((l) => (ts.isCallExpression(l) ? 'call' : ts.isElementAccessExpression(l) ? 'computed' : 'member'));
  const headIsCall = ts.isCallExpression(links[0]!) && links[0]!.expression.kind === K.ImportKeyword;
  if (headIsCall) i = 1;
  else {
    i = 0;
    while (i < kinds.length && (kinds[i] === 'call' || kinds[i] === 'computed')) i++;
    if (!ts.isCallExpression(at)) while (i + 1 < kinds.length && kinds[i] !== 'call' && kinds[i + 1] !== 'call') i++;
  }
  let groups = 0;
  let open = false;
  for (; i < kinds.length; i++) {
    if (kinds[i] === 'call') {
      open = false;
      continue;
    }
    if (!open) groups++, (open = true);
  }
  return groups;
}

/** prettier's printCallArguments for the argument kinds the builder makes: the last object, array or arrow hugged when it may be. */
function callArguments(args: ts.NodeArray<ts.Expression>, dynamicImport: boolean): D {
  if (!args.length) return '()';
  const nodes = args.map(strip);
  if (nodes.length === 2 && ts.isArrowFunction(nodes[0]!) && ts.isBlock(nodes[0]!.body)) unhandled('first argument expansion');
  const printed = nodes.map((a) => expression(a, 'argument'));
  const comma = dynamicImport ? '' : ',';
  const separated = printed.map((p, i) => (i < printed.length - 1 ? [p, ',', line] : p));
  const allBroken = () => group(['(', indent([line, ...separated]), comma, line, ')'], { shouldBreak: true });
  if (functionComposition(nodes)) return allBroken();
  if (expandsLast(nodes)) {
    const head = separated.slice(0, -1);
    if (head.some((p) => utils.willBreak(p))) return allBroken();
    const last = nodes[nodes.length - 1]!;
    let expanded: D;
    try {
      expanded = ts.isArrowFunction(last) ? arrowFunction(last, true) : printed[printed.length - 1]!;
    } catch (error) {
      if (error instanceof NotPrinted && error.message === 'expanded parameters') return allBroken();
      throw error;
    }
    if (utils.willBreak(expanded)) return [breakParent, conditionalGroup([['(', ...head, group(expanded, { shouldBreak: true }), ')'], allBroken()])];
    return conditionalGroup([['(', ...head, expanded, ')'], ['(', ...head, group(expanded, { shouldBreak: true }), ')'], allBroken()]);
  }
  return group(['(', indent([softline, ...separated]), ifBreak(comma), softline, ')'], { shouldBreak: printed.some((p) => utils.willBreak(p)) });
}

/** prettier's isFunctionCompositionArgs: two function arguments, or a call argument that takes a function. */
function functionComposition(args: readonly ts.Expression[]): boolean {
  if (args.length < 2) return false;
  let functions = 0;
  for (const arg of args) {
    if (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) {
      if (++functions > 1) return true;
    } else if ((ts.isCallExpression(arg) || ts.isNewExpression(arg)) && (arg.arguments ?? []).some((a) => ts.isArrowFunction(strip(a)) || ts.isFunctionExpression(strip(a)))) return true;
  }
  return false;
}

/** prettier's shouldExpandLastArg + couldExpandArg. */
function expandsLast(args: readonly ts.Expression[]): boolean {
  const last = args[args.length - 1]!;
  const penultimate = args[args.length - 2];
  if (!couldExpand(last)) return false;
  if (penultimate && penultimate.kind === last.kind) return false;
  if (args.length === 2 && penultimate && ts.isArrowFunction(penultimate) && ts.isArrayLiteralExpression(last)) return false;
  if (args.length > 1 && ts.isArrayLiteralExpression(last) && conciseArray(last)) return false;
  return true;
}

function couldExpand(arg: ts.Expression, arrowChain = false): boolean {
  if (ts.isObjectLiteralExpression(arg)) return arg.properties.length > 0;
  if (ts.isArrayLiteralExpression(arg)) return arg.elements.length > 0;
  if (ts.isAsExpression(arg) || ts.isSatisfiesExpression(arg)) return couldExpand(strip(arg.expression));
  if (ts.isArrowFunction(arg)) {
    const body = ts.isBlock(arg.body) ? arg.body : strip(arg.body);
    if (ts.isBlock(body) || ts.isObjectLiteralExpression(body) || ts.isArrayLiteralExpression(body)) return true;
    if (ts.isArrowFunction(body) && couldExpand(body, true)) return true;
    if (!arrowChain && (ts.isConditionalExpression(body) || ts.isCallExpression(body) || ts.isNewExpression(body) && false)) return true;
  }
  return false;
}

/** prettier's isConciselyPrintedArray: two or more numbers, filled like prose. */
function conciseArray(node: ts.ArrayLiteralExpression): boolean {
  const numeric = (e: ts.Expression) => ts.isNumericLiteral(e) || (ts.isPrefixUnaryExpression(e) && (e.operator === K.MinusToken || e.operator === K.PlusToken) && ts.isNumericLiteral(e.operand));
  return node.elements.length > 1 && node.elements.every((e) => numeric(strip(e)));
}

// ---------------------------------------------------------------------------------------------- objects and arrays

function objectLiteral(node: ts.ObjectLiteralExpression): D {
  if (!node.properties.length) return '{}';
  const props = node.properties.map((p): D => {
    const docs = comments(p);
    if (ts.isPropertyAssignment(p)) {
      const key = propertyKey(p.name);
      return [docs, group(valueAssignment(key, ':', p.initializer, { key: true }))];
    }
    if (ts.isShorthandPropertyAssignment(p)) return p.objectAssignmentInitializer ? unhandled('shorthand initializer') : [docs, p.name.text];
    if (ts.isSpreadAssignment(p)) return [docs, '...', spreadArgument(p.expression)];
    if (ts.isMethodDeclaration(p)) return [docs, methodDeclaration(p)];
    return unhandled(K[p.kind]);
  });
  // prettier keeps an object broken that was written broken (a line break after `{`): the builder's `multiLine`.
  const multiLine = (node as unknown as { multiLine?: boolean }).multiLine === true;
  return group(['{', indent([line, join([',', line], props)]), ifBreak(','), line, '}'], { shouldBreak: multiLine });
}

/** `...value`: a cast bracketed (as prettier does); an operator or a function, not reproduced. */
function spreadArgument(value: ts.Expression): D {
  const node = strip(value);
  if (startsWithComment(node)) unhandled('comment on an operand');
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return ['(', expression(node), ')'];
  if (ts.isBinaryExpression(node) || ts.isConditionalExpression(node) || ts.isArrowFunction(node)) unhandled('spread of an operator');
  return expression(node);
}

function arrayLiteral(node: ts.ArrayLiteralExpression): D {
  const items = node.elements.map(strip);
  if (!items.length) return '[]';
  if (items.some((e) => ts.isSpreadElement(e) || ts.isOmittedExpression(e))) unhandled('array element');
  if (conciseArray(node)) {
    // Numbers are filled like prose, as many to a line as fit (prettier's printArrayItemsConcisely).
    const id = Symbol('array');
    const parts = items.flatMap((e, i): D[] => (i === items.length - 1 ? [[expression(e), ifBreak(',', '', { groupId: id })]] : [[expression(e), ','], line]));
    return group(['[', indent([softline, fill(parts)]), softline, ']'], { id });
  }
  const first = items[0];
  const shouldBreak = items.length > 1 && items.every((e) => e.kind === first.kind && ((ts.isObjectLiteralExpression(e) && e.properties.length > 1) || (ts.isArrayLiteralExpression(e) && e.elements.length > 1)));
  return group(['[', indent([softline, join([',', line], items.map((e) => group(expression(e))))]), ifBreak(','), softline, ']'], { shouldBreak });
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

/** A string literal node as prettier writes the compiler's spelling of it (quote.ts). */
function quote(text: string): string {
  return quoteString(text, 'compiler');
}

// ---------------------------------------------------------------------------------------------- comments

/** A `//` comment after a statement, at the end of its last line (prettier's printTrailingComment: a line suffix that breaks the enclosing groups). */
function trailingComments(node: ts.Node): D {
  const list = ts.getSyntheticTrailingComments(node);
  if (!list?.length) return '';
  return list.map((c) => (c.kind === K.SingleLineCommentTrivia ? [lineSuffix([' //', c.text.trimEnd()]), breakParent] : unhandled('trailing block comment')));
}

/** A node's leading comments (synthetic: JSDoc blocks and `//` lines), each on its own line, as prettier re-indents them (pretty-doc.ts `blockComment`). */
export function comments(node: ts.Node): D {
  const list = ts.getSyntheticLeadingComments(node);
  if (!list?.length) return '';
  return list.map((c) => {
    if (!c.hasTrailingNewLine) unhandled('inline comment');
    return c.kind === K.MultiLineCommentTrivia ? blockComment(c.text) : ['//', c.text.trimEnd(), hardline];
  });
}
