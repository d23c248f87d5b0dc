/**
 * The client's modules as the one printer prints them (codegen/pretty/): statements are built as
 * nodes (codegen/ts-nodes.ts) and laid out as prettier lays them out, so the write stage has nothing to
 * format. A shape the printer does not reproduce throws `NotPrinted`; that statement is then the compiler's
 * text, left to prettier (`assemble` records its range for `EmittedFile.formatted`).
 * test/print/prettier-clean.test.ts holds the result to account on every fixture and corpus spec.
 */
import { ModulePrinter, printedOr, type PrintedModule } from '../../codegen/pretty-module.ts';
import { printNode, printStatements } from '../../codegen/ts-print.ts';
import { prettyStatement } from '../../codegen/pretty/index.ts';
import type { Statement } from '../../codegen/ts-nodes.ts';

/** A statement's text (no trailing newline), and whether it is printed formatted. */
export interface Part {
  text: string;
  formatted: boolean;
}

/** Why statements of the client were left for prettier, with how often (read by tests and benchmarks). */
export const fallbacks = new Map<string, number>();

/** `print()`'s text, or (when it throws `NotPrinted`) `fallback()`'s, the emitter's unformatted text, for prettier. */
export function part(print: () => string, fallback: () => string): Part {
  return printedOr(print, fallback, fallbacks);
}

/** A statement node printed by the one printer, or the compiler's text left to prettier. */
export function nodePart(statement: Statement): Part {
  return part(() => prettyStatement(statement), () => printNode(statement));
}

/** Statements printed one a line (a function's overloads and implementation), as one part. */
export function nodesPart(statements: readonly Statement[]): Part {
  const { text, formatted } = printStatements(statements, fallbacks);
  return { text, formatted };
}

export type PrintedFile = PrintedModule;

/**
 * A module (codegen/pretty-module.ts): the header comment (ending in a newline, may be empty), the import
 * lines, a blank line, then the statements separated by blank lines.
 */
export function assemble(header: string, imports: readonly Part[], statements: readonly Part[]): PrintedFile {
  const module = new ModulePrinter();
  if (header) module.line(header);
  for (const p of imports) module.line(p.text, p.formatted);
  statements.forEach((p, i) => module.statement(p.text, p.formatted, i || imports.length ? 'blank' : 'line'));
  return module.module();
}

