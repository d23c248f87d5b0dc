/**
 * The printer an emitter (a plugin's too: `EmitContext.printer`, docs/plugins.md) prints its modules with:
 * statements built as nodes (`EmitContext.nodes`, ts-nodes.ts) are laid out as prettier lays them out by
 * the one printer (pretty/), so its files come out as prettier prints them and the pipeline runs no
 * prettier for them. A statement of a shape the printer does not reproduce is the compiler's text instead,
 * and the pipeline formats that statement alone with prettier: no emitter decides a width.
 *
 * Spec strings still enter code only through the safe builders: node constructors (literals escaped, names
 * checked), import and export lines as data (module-lines.ts: names checked, the module quoted by the
 * printer), and `string()` for a literal written into text.
 */
import { NotPrinted } from './pretty-doc.ts';
import { ModulePrinter } from './pretty-module.ts';
import { quoteString } from './quote.ts';
import { NodeModulePrinter, printNode } from './ts-print.ts';
import { prettyStatement } from './pretty/index.ts';
import type { Statement } from './ts-nodes.ts';

export { ModulePrinter, NodeModulePrinter, NotPrinted };

export interface Printer {
  /**
   * A new module: statements added as nodes (`node(statement)`, `nodes(overloads)`), import and export
   * lines as data (`moduleLine(line)`, module-lines.ts) or as text (`line`, `statement`), printed (or,
   * where the printer throws `NotPrinted`, left to prettier); `file(path)` gives
   * the `EmittedFile` with its `formatted` claim.
   */
  module(): NodeModulePrinter;
  /** A statement node as prettier prints it (no trailing newline), or `NotPrinted` for a shape the printer does not reproduce. */
  statement(node: Statement): string;
  /** A node as the TypeScript compiler prints it (unformatted: what is left to prettier). */
  plain(node: Statement): string;
  /** A string literal as prettier writes it (single quotes unless the text holds more of them). */
  string(value: string): string;
  /** Thrown for a shape the printer does not reproduce: `module().node(…)` then leaves the statement to prettier. */
  NotPrinted: typeof NotPrinted;
}

export const printer: Printer = {
  module: () => new NodeModulePrinter(),
  statement: prettyStatement,
  plain: printNode,
  string: (value) => quoteString(value),
  NotPrinted,
};
