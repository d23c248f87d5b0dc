/**
 * Printing nodes built by ts-nodes.ts into module text, formatted as prettier formats it (pretty/).
 * A statement that printer does not handle is printed by the compiler's printer instead and its range is
 * reported, so the write stage runs prettier on that statement only.
 */
import { ts } from './typescript.mjs';
import { docCommentBody } from './comment.ts';
import type { DocLines, Statement } from './ts-nodes.ts';
import { prettyStatement, prettyStatements } from './pretty/index.ts';
import { ModulePrinter, printedOr, type Range, type Separator } from './pretty-module.ts';

export { fallbacks } from './pretty-module.ts';

let printer: ts.Printer | undefined;
let context: ts.SourceFile | undefined;

/** One node as text, with the compiler's printer and fixed settings (LF newlines, comments kept). */
export function printNode(node: ts.Node): string {
  printer ??= ts.createPrinter({ newLine: ts.NewLineKind.LineFeed, removeComments: false, omitTrailingSemicolon: false });
  context ??= ts.createSourceFile('generated.ts', '', ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return printer.printNode(ts.EmitHint.Unspecified, node, context);
}

/** A character range `[start, end)` of a module's text. */
export type TextRange = Range;

export interface PrintedModule {
  text: string;
  /** Top-level statements printed unformatted (kinds pretty/ does not handle): prettier's to format. */
  unformatted: TextRange[];
}

/** A statement as prettier would print it, or the compiler's text, left to prettier, when pretty/ cannot. */
export function printStatement(node: Statement): { text: string; formatted: boolean } {
  return printedOr(() => prettyStatement(node), () => printNode(node));
}

/**
 * Statements printed one a line (a function's overloads and its implementation): prettier's layout, or —
 * when one of them is a shape the printer does not reproduce — the compiler's text of all, left to prettier.
 */
export function printStatements(nodes: readonly Statement[], tally?: Map<string, number>): { text: string; formatted: boolean } {
  return printedOr(() => prettyStatements(nodes), () => nodes.map(printNode).join('\n'), tally);
}

/** The module printer with statements given as nodes (ts-nodes.ts): each printed once, by the one printer. */
export class NodeModulePrinter extends ModulePrinter {
  /** A statement node after a blank line (`separator`): prettier's layout, or the compiler's text left to prettier. */
  node(statement: Statement, separator: Separator = 'blank'): this {
    const { text, formatted } = printStatement(statement);
    return this.statement(text, formatted, separator);
  }

  /** Statements one a line (overloads), as one part of the module after `separator`. */
  nodes(statements: readonly Statement[], separator: Separator = 'blank'): this {
    const { text, formatted } = printStatements(statements);
    return this.statement(text, formatted, separator);
  }
}

/**
 * A module (pretty-module.ts): the header comment, the imports (one per line), then each statement after
 * a blank line. The blank line before every top-level statement is what prettier keeps (it never adds or
 * removes one).
 *
 * Statements are printed as the iterable yields them, so each statement's nodes die young instead of a
 * whole file's tree being kept for one print; imports are asked for last (what they name is known only
 * once every statement is built).
 */
export function printFormattedModule(header: DocLines, statements: Iterable<Statement>, imports: () => readonly Statement[] = () => []): PrintedModule {
  const printed: Array<{ text: string; formatted: boolean }> = [];
  for (const statement of statements) printed.push(printStatement(statement));
  const module = new ModulePrinter();
  const body = docCommentBody(header);
  if (body !== undefined) module.line(`/*${body}*/`);
  for (const { text, formatted } of imports().map(printStatement)) module.line(text, formatted);
  for (const { text, formatted } of printed) module.statement(text, formatted);
  const { text, ranges } = module.build();
  return { text, unformatted: ranges };
}

/** The module's text alone (for callers that let prettier format the whole file). */
export function printModule(header: DocLines, statements: Iterable<Statement>, imports: () => readonly Statement[] = () => []): string {
  return printFormattedModule(header, statements, imports).text;
}
