/** Comments of a node: leading JSDoc blocks and `//` lines, re-indented as prettier re-indents them, and a `//` after a statement. */
import { ts } from '../typescript.mjs';
import { builders } from 'prettier/doc';
import { blockComment, blockCommentLines } from '../pretty-doc.ts';
import { type D, K, unhandled } from './base.ts';

const { hardline, lineSuffix, breakParent } = builders;

/** A node's leading comments (synthetic: JSDoc blocks and `//` lines), each on its own line, as prettier re-indents them (pretty-doc.ts `blockComment`). */
export function comments(node: ts.Node): D {
  const list = ts.getSyntheticLeadingComments(node);
  if (!list?.length) return '';
  return list.map((c) => {
    if (!c.hasTrailingNewLine) unhandled('inline comment');
    return c.kind === K.MultiLineCommentTrivia ? blockComment(c.text) : ['//', c.text.trimEnd(), hardline];
  });
}

/**
 * A node's leading comments as text standing `column` columns in, as the document printer prints them
 * there: each line break a new line at the indentation, trailing blanks trimmed; the text ends at the
 * indentation of the node's first line ('' without comments). Comments settle nothing around them (a
 * comment's hard line break ends every measure), so the node after them prints as it would alone.
 * Throws `NotPrinted` as `comments` does.
 */
export function leadingText(node: ts.Node, column: number): string {
  // `comments`' documents spelled directly: a JSDoc block before most members of the types target's
  // interfaces made building and walking them a large part of its layout.
  const list = ts.getSyntheticLeadingComments(node);
  if (!list?.length) return '';
  const indentation = ' '.repeat(column);
  let text = '';
  let line = '';
  for (const c of list) {
    if (!c.hasTrailingNewLine) unhandled('inline comment');
    if (c.kind === K.MultiLineCommentTrivia) {
      const lines = blockCommentLines(c.text);
      line += '/*' + (lines.length === 1 ? c.text : lines[0]);
      for (let i = 1; i < lines.length; i++) (text += trimBlanks(line) + '\n'), (line = indentation + lines[i]);
      line += '*/';
    } else line += '//' + c.text.trimEnd();
    text += trimBlanks(line) + '\n';
    line = indentation;
  }
  return text + line;
}

/** A line without its trailing spaces and tabs (what the document printer trims at a line break). */
function trimBlanks(line: string): string {
  let end = line.length;
  while (end > 0 && (line.charCodeAt(end - 1) === 32 || line.charCodeAt(end - 1) === 9)) end--;
  return end === line.length ? line : line.slice(0, end);
}

/** A `//` comment after a statement, at the end of its last line (prettier's printTrailingComment: a line suffix that breaks the enclosing groups). */
export function trailingComments(node: ts.Node): D {
  const list = ts.getSyntheticTrailingComments(node);
  if (!list?.length) return '';
  return list.map((c) => (c.kind === K.SingleLineCommentTrivia ? [lineSuffix([' //', c.text.trimEnd()]), breakParent] : unhandled('trailing block comment')));
}
