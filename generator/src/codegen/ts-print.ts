/**
 * Printing nodes built by ts-nodes.ts with the compiler's printer, with fixed settings (LF newlines,
 * comments kept), into module text.
 */
import { ts } from 'ts-morph';
import { docCommentBody } from './comment.ts';
import type { DocLines, Statement } from './ts-nodes.ts';

let printer: ts.Printer | undefined;
let context: ts.SourceFile | undefined;

/** One node as text, with fixed printer settings (LF newlines, comments kept). */
export function printNode(node: ts.Node): string {
  printer ??= ts.createPrinter({ newLine: ts.NewLineKind.LineFeed, removeComments: false, omitTrailingSemicolon: false });
  context ??= ts.createSourceFile('generated.ts', '', ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return printer.printNode(ts.EmitHint.Unspecified, node, context);
}

/**
 * A module: the header comment, the imports (one per line), then each statement after a blank line. The
 * blank line before every top-level statement (and the printer's indentation of everything nested) is what
 * lets the formatter split big files at statement boundaries.
 *
 * Statements are printed as the iterable yields them, so each statement's nodes die young instead of a
 * whole file's tree being kept for one print; imports are asked for last (what they name is known only
 * once every statement is built).
 */
export function printModule(header: DocLines, statements: Iterable<Statement>, imports: () => readonly Statement[] = () => []): string {
  const printed: string[] = [];
  for (const statement of statements) printed.push(printNode(statement));
  const body = docCommentBody(header);
  const head = [body === undefined ? '' : `/*${body}*/`, ...imports().map(printNode)].filter(Boolean).join('\n');
  return [head, ...printed].filter(Boolean).join('\n\n') + '\n';
}
