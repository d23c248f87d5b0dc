/**
 * Printing nodes built by ts-nodes.ts into module text, formatted as prettier formats it (ts-pretty.ts).
 * A statement that printer does not handle is printed by the compiler's printer instead and its range is
 * reported, so the write stage runs prettier on that statement only.
 */
import { ts } from './typescript.mjs';
import { docCommentBody } from './comment.ts';
import type { DocLines, Statement } from './ts-nodes.ts';
import { prettyStatement, Unhandled } from './ts-pretty.ts';

let printer: ts.Printer | undefined;
let context: ts.SourceFile | undefined;

/** One node as text, with the compiler's printer and fixed settings (LF newlines, comments kept). */
export function printNode(node: ts.Node): string {
  printer ??= ts.createPrinter({ newLine: ts.NewLineKind.LineFeed, removeComments: false, omitTrailingSemicolon: false });
  context ??= ts.createSourceFile('generated.ts', '', ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return printer.printNode(ts.EmitHint.Unspecified, node, context);
}

/** A character range `[start, end)` of a module's text. */
export type TextRange = readonly [start: number, end: number];

export interface PrintedModule {
  text: string;
  /** Top-level statements printed unformatted (kinds ts-pretty.ts does not handle): prettier's to format. */
  unformatted: TextRange[];
}

/** Why statements were left for prettier, with how often (read by benchmarks and tests). */
export const fallbacks = new Map<string, number>();

/** A statement as prettier would print it, or the compiler's text and `false` when ts-pretty cannot. */
function printStatement(node: Statement): [text: string, formatted: boolean] {
  try {
    return [prettyStatement(node), true];
  } catch (error) {
    if (!(error instanceof Unhandled)) throw error;
    fallbacks.set(error.message, (fallbacks.get(error.message) ?? 0) + 1);
    return [printNode(node), false];
  }
}

/**
 * A module: the header comment, the imports (one per line), then each statement after a blank line. The
 * blank line before every top-level statement is what prettier keeps (it never adds or removes one).
 *
 * Statements are printed as the iterable yields them, so each statement's nodes die young instead of a
 * whole file's tree being kept for one print; imports are asked for last (what they name is known only
 * once every statement is built).
 */
export function printFormattedModule(header: DocLines, statements: Iterable<Statement>, imports: () => readonly Statement[] = () => []): PrintedModule {
  const printed: Array<[string, boolean]> = [];
  for (const statement of statements) printed.push(printStatement(statement));
  const body = docCommentBody(header);
  const head: Array<[string, boolean]> = body === undefined ? [] : [[`/*${body}*/`, true]];
  const imported = imports().map(printStatement);
  const parts: Array<{ text: string; formatted: boolean; separator: string }> = [];
  head.forEach(([text, formatted]) => parts.push({ text, formatted, separator: '' }));
  imported.forEach(([text, formatted]) => parts.push({ text, formatted, separator: parts.length ? '\n' : '' }));
  printed.forEach(([text, formatted]) => parts.push({ text, formatted, separator: parts.length ? '\n\n' : '' }));
  let text = '';
  const unformatted: TextRange[] = [];
  for (const part of parts) {
    text += part.separator;
    if (!part.formatted) unformatted.push([text.length, text.length + part.text.length]);
    text += part.text;
  }
  return { text: text + '\n', unformatted };
}

/** The module's text alone (for callers that let prettier format the whole file). */
export function printModule(header: DocLines, statements: Iterable<Statement>, imports: () => readonly Statement[] = () => []): string {
  return printFormattedModule(header, statements, imports).text;
}
