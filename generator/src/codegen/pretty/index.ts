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
 *
 * One folder, one file per kind of layout decision; where a line is broken:
 * - statements.ts: blocks, clauses and statements (`if`, loops, `switch`, `try`, declarations);
 * - assignments.ts: around `=` and `:` (after the operator, fluid, break-lhs);
 * - expressions.ts: binary chains, conditionals, member access, and brackets by precedence;
 * - calls.ts: call arguments (the last one hugged) and member chains;
 * - functions.ts: parameters and return types, arrow functions;
 * - types.ts: unions, intersections, object types, tuples, type arguments;
 * - literals.ts: object and array literals, keys, and the spelling of literals;
 * - comments.ts: leading comments;
 * - tree.ts: the validators' statement tree straight to text (its lines, and the breaks of the shapes it makes);
 * - broken-objects.ts: an interface (its body always broken, one member a line), a type alias of a union
 *   or of an object type built broken, and a declaration of an object literal too wide for its line, as
 *   text: each member flat
 *   when it fits, only a member too wide for its line laid out by the document printer;
 * - function-alias.ts: a type alias of a function type (a handler's), its parameters one a line when too wide;
 * - flat.ts: a plain statement (a declaration of a call, a name, a literal) that fits its line, as one line of
 *   text before any document is built.
 * The document printer that fits the lines (and pretty-doc.ts `flatIfFits`, its shortcut for a statement
 * that fits its line) is prettier's own.
 */
import { ts } from '../typescript.mjs';
import { builders } from 'prettier/doc';
import { PRETTIER_OPTIONS } from '../layout-options.ts';
import { flatIfFits, printDoc, printFlat } from '../pretty-doc.ts';
import { destructuringText, interfaceText, objectAliasText, objectDeclarationText, unionAliasText } from './broken-objects.ts';
import { leadingText, trailingComments } from './comments.ts';
import { plainStatement } from './flat.ts';
import { functionAliasText } from './function-alias.ts';
import { expression } from './expressions.ts';
import { at, importText, statement } from './statements.ts';

/** A top-level statement as prettier prints it (no trailing newline); throws `NotPrinted`. */
export function prettyStatement(node: ts.Statement): string {
  const plain = plainStatement(node, 0, true);
  if (plain !== undefined) return leadingText(node, 0) + plain;
  return at(0, () => {
    const text = ts.isInterfaceDeclaration(node) ? interfaceText(node) : ts.isTypeAliasDeclaration(node) ? (unionAliasText(node) ?? objectAliasText(node)) : ts.isVariableStatement(node) ? (objectDeclarationText(node) ?? destructuringText(node)) : undefined;
    if (text !== undefined) return text;
    const own = ts.isImportDeclaration(node) ? importText(node) : ts.isTypeAliasDeclaration(node) ? functionAliasText(node) : undefined;
    if (own !== undefined) return leadingText(node, 0) + own;
    // The leading comments as text (they settle nothing after them), then the statement alone; one that
    // fits its line is its flat text: the document printer would measure it for nothing.
    const doc = [statement(node), trailingComments(node)];
    return leadingText(node, 0) + (flatIfFits(doc, 0) ?? printDoc(doc));
  });
}

/**
 * An expression on one line, as the printer spells it (every group flat); throws `NotPrinted`.
 * What the statement tree's users compare expressions by (statement-printer.ts `printExpression`).
 */
export function prettyExpressionLine(node: ts.Expression): string {
  return printFlat(expression(node));
}

/** A statement standing `depth` blocks deep, as prettier prints it there (every line indented); throws `NotPrinted`. */
export function prettyNestedStatement(node: ts.Statement, depth: number): string {
  const indentation = ' '.repeat(depth * PRETTIER_OPTIONS.tabWidth!);
  return at(depth, () => {
    let doc: builders.Doc = statement(node);
    for (let i = 0; i < depth; i++) doc = builders.indent(doc);
    return printDoc([indentation, doc]);
  });
}

/** Top-level statements printed one a line (overloads, a function and its overloads): prettyStatement's text joined by line breaks. */
export function prettyStatements(nodes: readonly ts.Statement[]): string {
  return nodes.map(prettyStatement).join('\n');
}
