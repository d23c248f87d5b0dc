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
import { isSingleLine, spelledAsJson } from './ts-nodes.ts';
import { blockComment, flatIfFits, NotPrinted, printDoc, printFlat } from './pretty-doc.ts';
import { quoteString } from './quote.ts';

type D = builders.Doc;
const { group, indent, align, line, softline, hardline, ifBreak, join, indentIfBreak, lineSuffixBoundary, fill, breakParent, conditionalGroup } = builders;
const K = ts.SyntaxKind;

/** A node (or a shape of one) this printer does not reproduce prettier's output for (pretty-doc.ts `NotPrinted`). */

function unhandled(what: string): never {
  throw new NotPrinted(what);
}

/** A top-level statement as prettier prints it (no trailing newline); throws `NotPrinted`. */
export function prettyStatement(node: ts.Statement): string {
  depth = 0;
  return printDoc([comments(node), statement(node)]);
}

/**
 * How many blocks deep the statement being built stands (so where its line starts), or undefined where
 * that is not known: inside an expression (a callback's body) or a clause that may move to its own line.
 */
let depth: number | undefined = 0;

/**
 * A statement of a block as prettier's document printer would print it when it fits its line: its flat
 * text, so the document printer has nothing left to measure (pretty-doc.ts `flatIfFits`; a validators
 * module is megabytes of such lines). Otherwise the document itself.
 */
function settled(doc: D): D {
  return depth === undefined ? doc : flatIfFits(doc, depth * PRETTIER_OPTIONS.tabWidth!) ?? doc;
}

/** `build` with the statement depth set to `at`. */
function at<T>(level: number | undefined, build: () => T): T {
  const outer = depth;
  depth = level;
  const built = build();
  depth = outer;
  return built;
}

/**
 * An expression on one line, as the printer spells it (every group flat); throws `NotPrinted`.
 * What the statement tree's users compare expressions by (statement-printer.ts `printExpression`).
 */
export function prettyExpressionLine(node: ts.Expression): string {
  return printFlat(expression(node));
}

/** Top-level statements printed one a line (overloads, a function and its overloads): prettyStatement's text joined by line breaks. */
export function prettyStatements(nodes: readonly ts.Statement[]): string {
  return nodes.map(prettyStatement).join('\n');
}

// ---------------------------------------------------------------------------------------------- statements

function statement(node: ts.Statement): D {
  const exported = exportKeyword(node);
  if (ts.isTypeAliasDeclaration(node)) {
    // prettier breaks the left side first for two or more type parameters with a constraint or default (isComplexTypeAliasParams): not reproduced.
    const params = node.typeParameters ?? [];
    if (params.length > 1 && params.some((p) => p.constraint || p.default)) unhandled('type parameters');
    return [exported, assignment(['type ', node.name.text, typeParameters(node.typeParameters)], ' =', node.type, 'type'), ';'];
  }
  if (ts.isInterfaceDeclaration(node)) {
    if (node.typeParameters || node.heritageClauses) unhandled('interface heritage');
    return [exported, 'interface ', node.name.text, ' ', objectType(node.members, true)];
  }
  if (ts.isVariableStatement(node)) return [exported, variableDeclaration(node.declarationList)];
  if (ts.isFunctionDeclaration(node)) return [exported, functionDeclaration(node)];
  if (ts.isImportDeclaration(node)) return importDeclaration(node);
  if (ts.isExportDeclaration(node)) {
    if (node.exportClause || node.isTypeOnly || !node.moduleSpecifier || node.attributes) unhandled('export');
    return ['export * from ', expression(node.moduleSpecifier), ';'];
  }
  if (exported) unhandled('modifiers');
  if (ts.isReturnStatement(node)) return returnStatement(node);
  if (ts.isIfStatement(node)) return ifStatement(node);
  if (ts.isForOfStatement(node)) return forOfStatement(node);
  if (ts.isForStatement(node)) return forStatement(node);
  if (ts.isForInStatement(node)) return forInStatement(node);
  if (ts.isSwitchStatement(node)) return switchStatement(node);
  if (ts.isLabeledStatement(node)) return [node.label.text, ': ', ts.isBlock(node.statement) ? block(node.statement, true) : statement(node.statement)];
  if (ts.isBlock(node)) return block(node, true);
  if (ts.isTryStatement(node)) return tryStatement(node);
  if (ts.isBreakStatement(node)) return node.label ? ['break ', node.label.text, ';'] : 'break;';
  if (ts.isContinueStatement(node)) return node.label ? ['continue ', node.label.text, ';'] : 'continue;';
  if (ts.isExpressionStatement(node)) {
    // A statement starting with `{`, `function`, `class` or `let [` would read differently: not built.
    if (ts.isObjectLiteralExpression(node.expression) || ts.isArrowFunction(node.expression)) unhandled('expression statement');
    return [expression(node.expression), ';'];
  }
  return unhandled(K[node.kind]);
}

/** A statement with its comments, inside a block. */
function nestedStatement(node: ts.Statement): D {
  return [comments(node), statement(node)];
}

function exportKeyword(node: ts.Statement): D {
  const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) ?? [] : [];
  if (!modifiers.length) return '';
  if (modifiers.length === 1 && modifiers[0].kind === K.ExportKeyword) return 'export ';
  if (ts.isFunctionDeclaration(node) && modifiers.every((m) => m.kind === K.ExportKeyword || m.kind === K.AsyncKeyword)) return modifiers[0].kind === K.ExportKeyword ? 'export ' : '';
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

/** `const a: T = value;` (prettier's printVariableDeclaration: one declarator, grouped). */
function variableDeclaration(list: ts.VariableDeclarationList, semicolon = true): D {
  const kind = list.flags & ts.NodeFlags.Const ? 'const' : list.flags & ts.NodeFlags.Let ? 'let' : unhandled('var');
  if (list.declarations.length !== 1) unhandled('declaration list');
  const [d] = list.declarations;
  if (!ts.isIdentifier(d.name) || d.exclamationToken) unhandled('declarator');
  const left: D = d.type ? [d.name.text, ': ', type(d.type, 'annotation')] : d.name.text;
  const end = semicolon ? ';' : '';
  if (!d.initializer) return group([kind, ' ', left, end]);
  return group([kind, ' ', valueAssignment(left, ' =', d.initializer, { declarator: d }), end]);
}

function returnStatement(node: ts.ReturnStatement): D {
  if (!node.expression) return 'return;';
  const argument = strip(node.expression);
  // prettier's printReturnOrThrowArgument: a binary expression is bracketed when it breaks.
  if (isBinaryish(argument)) return ['return', group([' ', ifBreak('('), indent([softline, expression(argument, 'return')]), softline, ifBreak(')')]), ';'];
  return ['return ', expression(argument, 'return'), ';'];
}

/**
 * `if (test) …` with its `else` (prettier's printIfStatement): a test that is a negated `&&`/`||` chain
 * (`!(a || b)`) is not indented, so `!(` stays on the `if` line; after a lone statement `else` starts a line.
 */
function ifStatement(node: ts.IfStatement): D {
  const test = strip(node.expression);
  const testDoc = negatedChain(test) ? expression(test, 'if') : group([indent([softline, expression(test, 'if')]), softline]);
  const opening = group(['if (', testDoc, ')', clause(node.thenStatement)]);
  if (!node.elseStatement) return opening;
  const elseClause = ts.isIfStatement(node.elseStatement) ? [' ', nestedStatement(node.elseStatement)] : clause(node.elseStatement);
  return [opening, ts.isBlock(node.thenStatement) ? ' ' : hardline, 'else', group(elseClause)];
}

/** `!(a || b)` or `!!(a && b)`: a logical chain under one or two `!` (prettier's test of an `if` it does not indent). */
function negatedChain(node: ts.Expression): boolean {
  const bang = (e: ts.Expression) => ts.isPrefixUnaryExpression(e) && e.operator === K.ExclamationToken;
  if (!bang(node) || hasComments(node)) return false;
  let inner = strip((node as ts.PrefixUnaryExpression).operand);
  if (bang(inner)) inner = strip((inner as ts.PrefixUnaryExpression).operand);
  return isBinaryish(inner) && binaryPrecedence(inner).logical;
}

/** A clause of `if`/`for`: a block after a space, a lone statement indented on the next line when it does not fit. */
function clause(node: ts.Statement): D {
  return ts.isBlock(node) ? [' ', block(node, true)] : indent([line, at(undefined, () => nestedStatement(node))]);
}

function forOfStatement(node: ts.ForOfStatement): D {
  const init = node.initializer;
  if (node.awaitModifier || !ts.isVariableDeclarationList(init) || init.declarations.length !== 1 || !ts.isIdentifier(init.declarations[0].name) || init.declarations[0].initializer) unhandled('for-of');
  const kind = init.flags & ts.NodeFlags.Const ? 'const' : 'let';
  return group(['for (', kind, ' ', (init.declarations[0].name as ts.Identifier).text, ' of ', expression(strip(node.expression)), ')', clause(node.statement)]);
}

/** `try { … } catch (e) { … }` (prettier's TryStatement and CatchClause: an empty catch block is `{}`). */
function tryStatement(node: ts.TryStatement): D {
  const handler = node.catchClause;
  const name = handler?.variableDeclaration?.name;
  if (!handler || node.finallyBlock || !name || !ts.isIdentifier(name) || handler.variableDeclaration!.type) unhandled('try');
  return ['try ', block(node.tryBlock, true), ' catch (', name.text, ') ', block(handler.block)];
}

/** `for (init; test; update) body` (prettier's printFor): the three parts break inside the brackets together. */
function forStatement(node: ts.ForStatement): D {
  const init = node.initializer;
  if (!init || !node.condition || !node.incrementor || !ts.isVariableDeclarationList(init)) unhandled('for');
  const head = group([indent([softline, variableDeclaration(init, false), ';', line, expression(strip(node.condition), 'for'), ';', line, expression(strip(node.incrementor))]), softline]);
  return group(['for (', head, ')', ts.isBlock(node.statement) ? [' ', block(node.statement)] : clause(node.statement)]);
}

function forInStatement(node: ts.ForInStatement): D {
  const init = node.initializer;
  if (!ts.isVariableDeclarationList(init) || init.declarations.length !== 1 || !ts.isIdentifier(init.declarations[0].name) || init.declarations[0].initializer) unhandled('for-in');
  const kind = init.flags & ts.NodeFlags.Const ? 'const' : 'let';
  return group(['for (', kind, ' ', (init.declarations[0].name as ts.Identifier).text, ' in ', expression(strip(node.expression)), ')', clause(node.statement)]);
}

/** `switch (x) { case a: … }`: a case's lone block after a space, its other statements on lines of their own. */
function switchStatement(node: ts.SwitchStatement): D {
  const cases = node.caseBlock.clauses.map((c): D => {
    const head = ts.isCaseClause(c) ? ['case ', expression(strip(c.expression)), ':'] : 'default:';
    if (!c.statements.length) return head;
    const [only] = c.statements;
    const inner = depth === undefined ? undefined : depth + 1;
    if (c.statements.length === 1 && ts.isBlock(only)) return [head, ' ', at(inner, () => block(only, true))];
    return [head, indent([hardline, join(hardline, at(inner === undefined ? undefined : inner + 1, () => c.statements.map((s) => settled(nestedStatement(s)))))])];
  });
  const discriminant = group(['switch (', indent([softline, expression(strip(node.expression))]), softline, ')']);
  return [discriminant, ' {', cases.length ? indent([hardline, join(hardline, cases)]) : '', hardline, '}'];
}

/**
 * `{ … }`. An empty block is `{}` as a function's body, and `{` and `}` on two lines as an `if` or
 * `for … of` clause (prettier's printBlock).
 */
function block(node: ts.Block, clause = false): D {
  if (!node.statements.length) return clause ? ['{', hardline, '}'] : '{}';
  const statements = at(depth === undefined ? undefined : depth + 1, () => node.statements.map((s) => settled(nestedStatement(s))));
  return ['{', indent([hardline, join(hardline, statements)]), hardline, '}'];
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
  if (node.modifiers?.length || node.asteriskToken || node.questionToken || !node.body) unhandled('method');
  const { params, returns, grouped } = parametersAndReturn(node);
  return [propertyKey(node.name), typeParameters(node.typeParameters), group([grouped ? group(params) : params, returns]), ' ', block(node.body)];
}

/** `<T extends A = B>`: never hugged (a type parameter is no "simple" type to prettier); a trailing comma when broken. */
function typeParameters(params: ts.NodeArray<ts.TypeParameterDeclaration> | undefined): D {
  if (!params?.length) return '';
  // prettier lays a breakable constraint or default out like an assignment: reproduced for plain ones only
  // (`S extends number = 404`, `K extends keyof T`), which never break.
  const plain = (t: ts.TypeNode | undefined) => t === undefined || isSimple(t) || (ts.isTypeOperatorNode(t) && isSimple(t.type));
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

function loneShortArgument(arg: ts.Expression): boolean {
  const threshold = PRETTIER_OPTIONS.printWidth! * 0.25;
  if (arg.kind === K.ThisKeyword || (ts.isIdentifier(arg) && arg.text.length <= threshold)) return true;
  if (ts.isPrefixUnaryExpression(arg) && (arg.operator === K.MinusToken || arg.operator === K.PlusToken) && ts.isNumericLiteral(arg.operand)) return true;
  if (ts.isStringLiteral(arg)) return quote(arg).length <= threshold;
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

function rawTemplate(node: ts.TemplateLiteralLikeNode): string {
  return node.rawText ?? unhandled('template without raw text');
}

// ---------------------------------------------------------------------------------------------- values

/** Where an expression stands, for the layouts and brackets that depend on it. */
type Context = 'assigned' | 'return' | 'arrow' | 'if' | 'for' | 'argument' | 'unary' | 'operand' | 'chained' | 'other';

/** An expression without the brackets the builder put around it: the printer decides brackets itself. */
function strip(node: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(node)) node = node.expression;
  return node;
}

function expression(node: ts.Expression, where: Context = 'other'): D {
  if (depth !== undefined) return at(undefined, () => expression(node, where));
  node = strip(node);
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
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === K.EqualsToken) return valueAssignment(operand(node.left, node), ' =', node.right, {});
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
  // prettier groups an operand's own chain only when it is of another ESTree type (binary under logical or the reverse).
  const chained = isBinaryish(node) && isBinaryish(parent) && binaryPrecedence(node).logical === binaryPrecedence(parent).logical;
  const printed = expression(node, unary ? 'unary' : chained ? 'chained' : ts.isBinaryExpression(parent) ? 'operand' : 'other');
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
      if (outer.level === inner.level && (side === 'right' || !flattens(parent, node))) return true;
      // prettier brackets `&&` inside `||` for clarity, `%` under `+`/`-`, and anything under a bitwise operator.
      if (outer.level === inner.level) return false;
      if (inner.logical && outer.logical) return true;
      if (node.operatorToken.kind === K.PercentToken) return parent.operatorToken.kind === K.PlusToken || parent.operatorToken.kind === K.MinusToken;
      return parent.operatorToken.kind === K.AmpersandToken;
    }
    return false;
  }
  if (ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent)) return loose && !ts.isAsExpression(node) && !ts.isSatisfiesExpression(node) || ts.isBinaryExpression(node) || ts.isAwaitExpression(node) && false;
  if (ts.isAwaitExpression(parent) || ts.isPrefixUnaryExpression(parent) || ts.isTypeOfExpression(parent)) return loose || ts.isBinaryExpression(node);
  if (ts.isConditionalExpression(parent)) return side === 'left' && (loose || ts.isBinaryExpression(node) && false);
  return false;
}

const LEVELS: Partial<Record<ts.SyntaxKind, number>> = {
  [K.QuestionQuestionToken]: 1, [K.BarBarToken]: 2, [K.AmpersandAmpersandToken]: 3,
  [K.EqualsEqualsEqualsToken]: 7, [K.ExclamationEqualsEqualsToken]: 7, [K.EqualsEqualsToken]: 7, [K.ExclamationEqualsToken]: 7,
  [K.LessThanToken]: 8, [K.GreaterThanToken]: 8, [K.LessThanEqualsToken]: 8, [K.GreaterThanEqualsToken]: 8, [K.InstanceOfKeyword]: 8, [K.InKeyword]: 8,
  [K.AmpersandToken]: 6, [K.PlusToken]: 10, [K.MinusToken]: 10, [K.PercentToken]: 11,
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
  const parts = binaryParts(node, where === 'if', where === 'chained');
  const inParens = where === 'if';
  if (inParens) return parts;
  if (where === 'unary') return group([indent([softline, ...parts]), softline]);
  const notIndented = where === 'return' || where === 'arrow' || where === 'for';
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

// ---------------------------------------------------------------------------------------------- calls and members

type ChainLink = ts.CallExpression | ts.NewExpression | ts.PropertyAccessExpression | ts.ElementAccessExpression;

/**
 * A member access or call. prettier prints a chain of at most two call groups (`a.b(x)`, `import(m).then(f)`)
 * on one line, its arguments breaking; longer chains get prettier's member-chain layout: not reproduced.
 */
function memberOrCall(node: ChainLink): D {
  if (ts.isCallExpression(node) && (ts.isPropertyAccessExpression(strip(node.expression)) || ts.isElementAccessExpression(strip(node.expression)))) {
    if (chainGroups(node) > 2) unhandled('member chain');
    return group(link(node));
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
  if (ts.isStringLiteral(node)) return quote(node);
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

/** A string literal node as prettier writes the spelling it was built with (quote.ts): the compiler's, or JSON's (ts-nodes.ts `jsonString`). */
function quote(node: ts.StringLiteral): string {
  return quoteString(node.text, spelledAsJson(node) ? 'json' : 'compiler');
}

// ---------------------------------------------------------------------------------------------- comments

/** A node's leading comments (synthetic: JSDoc blocks and `//` lines), each on its own line, as prettier re-indents them (pretty-doc.ts `blockComment`). */
export function comments(node: ts.Node): D {
  const list = ts.getSyntheticLeadingComments(node);
  if (!list?.length) return '';
  return list.map((c) => {
    if (!c.hasTrailingNewLine) unhandled('inline comment');
    return c.kind === K.MultiLineCommentTrivia ? blockComment(c.text) : ['//', c.text.trimEnd(), hardline];
  });
}
