/**
 * Statements and blocks (prettier's printStatementSequence, printIfStatement, printFor, …): where a
 * statement starts its line, when a clause moves to the next line, and a block's statements settled as flat
 * text when they fit (pretty-doc.ts `flatIfFits`).
 */
import { ts } from '../typescript.mjs';
import { builders } from 'prettier/doc';
import { PRETTIER_OPTIONS } from '../layout-options.ts';
import { flatIfFits, namedListText, namedSpecifiers } from '../pretty-doc.ts';
import { assignment, valueAssignment } from './assignments.ts';
import { type D, K, unhandled } from './base.ts';
import { comments, trailingComments } from './comments.ts';
import { plainStatement } from './flat.ts';
import { binaryPrecedence, expression, hasComments, isBinaryish, strip } from './expressions.ts';
import { functionDeclaration, objectPattern, typeParameters } from './functions.ts';
import { quote } from './literals.ts';
import { objectType, type } from './types.ts';

const { group, indent, line, softline, hardline, ifBreak, join } = builders;

/**
 * How many blocks deep the statement being built stands (so where its line starts), or undefined where
 * that is not known: inside an expression (a callback's body) or a clause that may move to its own line.
 */
export let depth: number | undefined = 0;

/**
 * A statement of a block as prettier's document printer would print it when it fits its line: its flat
 * text, so the document printer has nothing left to measure (pretty-doc.ts `flatIfFits`; a validators
 * module is megabytes of such lines). Otherwise the document itself.
 */
function settled(doc: D): D {
  return depth === undefined ? doc : flatIfFits(doc, depth * PRETTIER_OPTIONS.tabWidth!) ?? doc;
}

/** A plain statement of a block settled as text (flat.ts), its lines one a document line (indented with the block); undefined where its depth is not known. */
function plain(node: ts.Statement, level: number | undefined): D | undefined {
  const text = level === undefined ? undefined : plainStatement(node, level * PRETTIER_OPTIONS.tabWidth!);
  return text === undefined ? undefined : join(hardline, text.split('\n'));
}

/** `build` with the statement depth set to `at`. */
export function at<T>(level: number | undefined, build: () => T): T {
  const outer = depth;
  depth = level;
  const built = build();
  depth = outer;
  return built;
}

export function statement(node: ts.Statement): D {
  const exported = exportKeyword(node);
  if (ts.isTypeAliasDeclaration(node)) {
    // Two or more type parameters, one with a constraint or default: prettier breaks the left side first (isComplexTypeAliasParams).
    const params = node.typeParameters ?? [];
    const breakLeft = params.length > 1 && params.some((p) => p.constraint || p.default);
    return [exported, assignment(['type ', node.name.text, typeParameters(node.typeParameters)], ' =', node.type, breakLeft), ';'];
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

/** A statement with its comments: those before it on lines of their own, a `//` after it on its last line. */
export function nestedStatement(node: ts.Statement): D {
  return [comments(node), statement(node), trailingComments(node)];
}

export function exportKeyword(node: ts.Statement): D {
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
    specifiers = namedSpecifiers(names, defaultName !== undefined);
  }
  const head = defaultName && bindings ? [defaultName, ', '] : defaultName ?? '';
  return ['import', kind, ' ', head, specifiers, ' from ', expression(node.moduleSpecifier), ';'];
}

/**
 * A top-level import of named bindings alone (`import type { A, B } from 'm';`) as text (pretty-doc.ts
 * `namedListText`), without its leading comments: a module importing hundreds of types. Undefined for
 * another import or text the document printer measures.
 */
export function importText(node: ts.ImportDeclaration): string | undefined {
  const clause = node.importClause;
  const bindings = clause?.namedBindings;
  if (!clause || clause.name || node.attributes || !bindings || !ts.isNamedImports(bindings) || !bindings.elements.length || !ts.isStringLiteral(node.moduleSpecifier)) return undefined;
  if (ts.getSyntheticTrailingComments(node)?.length || bindings.elements.some((e) => e.propertyName)) return undefined;
  const names = bindings.elements.map((e) => `${e.isTypeOnly ? 'type ' : ''}${e.name.text}`);
  return namedListText(`import${clause.isTypeOnly ? ' type' : ''} `, names, ` from ${quote(node.moduleSpecifier)};`);
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
function variableDeclaration(list: ts.VariableDeclarationList, semicolon = true): D {
  const kind = list.flags & ts.NodeFlags.Const ? 'const' : list.flags & ts.NodeFlags.Let ? 'let' : unhandled('var');
  if (list.declarations.length !== 1) unhandled('declaration list');
  const [d] = list.declarations;
  if (d.exclamationToken || (!ts.isIdentifier(d.name) && !ts.isObjectBindingPattern(d.name))) unhandled('declarator');
  const annotation: D = d.type ? [': ', type(d.type, 'annotation')] : '';
  const left: D = ts.isIdentifier(d.name) ? (d.type ? [d.name.text, annotation] : d.name.text) : objectPattern(d.name, false, annotation, true);
  // prettier's isComplexDestructuring (three or more properties, one of them renamed) chooses break-lhs
  // (assignments.ts `complexDestructuring`); of an expression on the right, only a plain name is reproduced.
  if (ts.isObjectBindingPattern(d.name) && d.name.elements.some((e) => e.propertyName) && d.initializer && !ts.isIdentifier(strip(d.initializer))) unhandled('destructuring of an expression');
  const end = semicolon ? ';' : '';
  if (!d.initializer) return group([kind, ' ', left, end]);
  return group([kind, ' ', valueAssignment(left, ' =', d.initializer, { declarator: d }), end]);
}

/** `return value;` or `throw value;` (prettier's printReturnOrThrowArgument). */
function returnStatement(keyword: 'return' | 'throw', value: ts.Expression | undefined): D {
  if (!value) return `${keyword};`;
  const argument = strip(value);
  // A binary expression is bracketed when it breaks.
  if (isBinaryish(argument)) return [keyword, group([' ', ifBreak('('), indent([softline, expression(argument, 'return')]), softline, ifBreak(')')]), ';'];
  return [keyword, ' ', expression(argument, 'return'), ';'];
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
  // A lone `if` as the then-clause would take the `else`.
  if (ts.isIfStatement(node.thenStatement)) unhandled('dangling else');
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
  // prettier gives a `//` after a lone statement to the statement or to the `if` around it, by where it stands: not reproduced.
  if (!ts.isBlock(node) && ts.getSyntheticTrailingComments(node)?.length) unhandled('comment after a lone statement');
  return ts.isBlock(node) ? [' ', block(node, true)] : indent([line, at(undefined, () => nestedStatement(node))]);
}

function forOfStatement(node: ts.ForOfStatement): D {
  const init = node.initializer;
  if (!ts.isVariableDeclarationList(init) || init.declarations.length !== 1 || !ts.isIdentifier(init.declarations[0].name) || init.declarations[0].initializer) unhandled('for-of');
  const kind = init.flags & ts.NodeFlags.Const ? 'const' : 'let';
  return group(['for', node.awaitModifier ? ' await' : '', ' (', kind, ' ', (init.declarations[0].name as ts.Identifier).text, ' of ', expression(strip(node.expression)), ')', clause(node.statement)]);
}

/** `try { … } catch (name) { … }` (prettier's printTryStatement: an empty `try` block is `{` and `}` on two lines, an empty `catch` block `{}`). */
function tryStatement(node: ts.TryStatement): D {
  const handler = node.catchClause;
  const name = handler?.variableDeclaration?.name;
  if (!handler || node.finallyBlock || (name && (!ts.isIdentifier(name) || handler.variableDeclaration!.type))) unhandled('try');
  return ['try ', block(node.tryBlock, true), ' catch ', name ? ['(', name.text, ') '] : '', block(handler.block)];
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
export function block(node: ts.Block, clause = false): D {
  if (!node.statements.length) return clause ? ['{', hardline, '}'] : '{}';
  const inner = depth === undefined ? undefined : depth + 1;
  const statements = at(inner, () => node.statements.map((s) => plain(s, inner) ?? settled(nestedStatement(s))));
  return ['{', indent([hardline, join(hardline, statements)]), hardline, '}'];
}
