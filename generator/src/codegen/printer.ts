/**
 * The printer an emitter (a plugin's too: `EmitContext.printer`, docs/plugins.md) prints its modules with,
 * so its files come out as prettier prints them and the pipeline runs no prettier for them: the module
 * printer the built-in targets use (pretty-module.ts), prettier's document builders (`prettier/doc`: the
 * layout language of prettier's own printers, whose line fitting is the cheap part of prettier) and the
 * layouts prettier gives the common shapes (pretty-doc.ts).
 *
 * Spec strings still enter code only through the safe builder: `string()` is `prettyLit` for one string
 * (prettier's quote, escapes as `lit` writes them), and names must be identifiers (`codegen.ident`).
 */
import { builders } from 'prettier/doc';
import { PRETTIER_OPTIONS } from '../write/format.ts';
import {
  arrayLiteral,
  blockComment,
  breakAfterOperator,
  callArguments,
  commentDoc,
  fitting,
  fluidAssignment,
  huggedCallArguments,
  importStatement,
  jsonParseStatement,
  moduleLine,
  NotPrinted,
  printDoc,
  prettyString,
  typeArguments,
} from './pretty-doc.ts';
import { ModulePrinter } from './pretty-module.ts';
import { NodeModulePrinter, printNode } from './ts-print.ts';
import { prettyStatement } from './ts-pretty.ts';
import type { Statement } from './ts-nodes.ts';

export { ModulePrinter, NodeModulePrinter, NotPrinted };

export interface Printer {
  /**
   * A new module: statements added as nodes (`node(statement)`, built with `EmitContext.nodes`) or as text,
   * printed (or, where the printer throws `NotPrinted`, left to prettier); `file(path)` gives the `EmittedFile`.
   */
  module(): NodeModulePrinter;
  /** A statement node as prettier prints it (no trailing newline), or `NotPrinted` for a shape the printer does not reproduce. */
  statement(node: Statement): string;
  /** A node as the TypeScript compiler prints it (unformatted: what is left to prettier). */
  plain(node: Statement): string;
  /** prettier's document builders (`group`, `indent`, `line`, `softline`, `hardline`, `ifBreak`, `join`, …). */
  doc: typeof builders;
  /** A document as prettier's printer lays it out at the output's options (print width 120, two spaces). */
  print(doc: builders.Doc): string;
  /** The print width. */
  width: number;
  /** A string literal as prettier writes it (single quotes unless the text holds more of them). */
  string(value: string): string;
  /** A block comment as codegen's `docComment` writes it (with its line break), re-indented as prettier does: put it before a statement's document. */
  comment(text: string): builders.Doc;
  /** A comment body (between `/*` and `*\/`, as `docCommentBody` writes it) the same way. */
  commentBody(body: string): builders.Doc;
  /** `(a, b)`: call arguments none of which prettier hugs (no object, array or function last). */
  callArguments(args: readonly builders.Doc[]): builders.Doc;
  /** `(a, [b])`: call arguments whose last one prettier hugs (a non-empty array or object literal, given as its group). */
  huggedCallArguments(init: readonly builders.Doc[], last: builders.Doc): builders.Doc;
  /** `[a, b]`: an array literal of strings (elements that do not break). */
  arrayLiteral(items: readonly builders.Doc[]): builders.Doc;
  /** `<A, B>`: two or more type arguments (prettier breaks them one a line, without a trailing comma). */
  typeArguments(args: readonly builders.Doc[]): builders.Doc;
  /** `left = right` / `key: value` with a call, object or array on the right (prettier's "fluid" layout). */
  fluidAssignment(left: builders.Doc, right: builders.Doc): builders.Doc;
  /** `left = right` with a string or member chain on the right (broken after the operator). */
  breakAfterOperator(left: builders.Doc, right: builders.Doc): builders.Doc;
  /** `import { a, type B } from 'm';` (or `export`, `import type`) in prettier's layout. */
  importStatement(keyword: 'import' | 'export', names: readonly string[], from: string, typeOnly?: boolean): string;
  /** A one-line import or export as a symbol registry writes it (`import type { a } from "m";`) in prettier's layout. */
  importLine(text: string): string;
  /** `<head> = JSON.parse('…');` with the value's JSON text (head: `export const NAME: Type`). */
  jsonParse(head: string, value: unknown): string;
  /** Template text whose layout is prettier's when it fits: returned when every line fits the width, else `NotPrinted`. */
  fitting(text: string): string;
  /** Thrown by a printer for a shape it does not reproduce: `module().printed(print, fallback)` then leaves the statement to prettier. */
  NotPrinted: typeof NotPrinted;
}

export const printer: Printer = {
  module: () => new NodeModulePrinter(),
  statement: prettyStatement,
  plain: printNode,
  doc: builders,
  print: printDoc,
  width: PRETTIER_OPTIONS.printWidth!,
  string: prettyString,
  comment: commentDoc,
  commentBody: blockComment,
  callArguments,
  huggedCallArguments,
  arrayLiteral,
  typeArguments,
  fluidAssignment,
  breakAfterOperator,
  importStatement,
  importLine: moduleLine,
  jsonParse: jsonParseStatement,
  fitting,
  NotPrinted,
};
