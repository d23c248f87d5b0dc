/**
 * A rendered README as prettier's markdown formatter leaves it, so it needs no formatting pass (prettier's
 * markdown plugin alone costs more to load than the rest of the package files). The templates and the
 * escaping helpers (markdown.ts) already write what prettier keeps; what is left is its table layout:
 * every cell padded to its column's width (at least 3), the delimiter row as dashes of that width.
 *
 * Declined (undefined: the README goes to prettier): non-ASCII text in a table or an example (prettier
 * measures widths in display columns; prose lines and comments are never wrapped, so their width does not
 * matter), aligned columns (`:---`), rows of unequal length, and example code prettier could still change
 * (see settledCode); examples.ts prints the example as prettier prints it. test/print/prettier-clean.test.ts
 * holds every generated README to prettier's output.
 */
import { PRETTIER_OPTIONS } from '../../codegen/layout-options.ts';

const WIDTH = PRETTIER_OPTIONS.printWidth!;

const NON_ASCII = /[^\x00-\x7f]/;

/** `printedCode`: an example printed as prettier prints it by its producer (examples.ts `examplePrinted`): its fence is kept as it is. */
export function prettyMarkdown(text: string, printedCode?: string): string | undefined {
  const printed = printedCode?.replace(/\n+$/, '');
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = /^(`{3,})([\w-]*)$/.exec(line);
    if (fence) {
      const end = lines.indexOf(fence[1], i + 1);
      if (end < 0) return undefined;
      const body = lines.slice(i + 1, end);
      if (fence[2] !== 'sh' && body.join('\n') !== printed && !body.every(settledCode)) return undefined;
      out.push(...lines.slice(i, end + 1));
      i = end;
      continue;
    }
    if (!line.startsWith('|')) {
      out.push(line);
      continue;
    }
    let end = i;
    while (end < lines.length && lines[end].startsWith('|')) end++;
    const table = alignTable(lines.slice(i, end));
    if (!table) return undefined;
    out.push(...table);
    i = end - 1;
  }
  return out.join('\n');
}

/**
 * A line of the TypeScript example that prettier keeps as it is, given that the example is printed as
 * prettier prints it: a whole-line comment (prettier never reflows one), or code that fits the print width,
 * is ASCII (widths in display columns) and holds no backslash or `["` (spellings prettyLit leaves to prettier).
 */
function settledCode(line: string): boolean {
  if (/^\s*\/\/[^\n]*$/.test(line)) return true;
  return line.length <= WIDTH && !NON_ASCII.test(line) && !line.includes('\\') && !line.includes('["');
}

/** Header, delimiter row and body rows, padded as prettier pads them; undefined for what it does not handle. */
function alignTable(rows: string[]): string[] | undefined {
  if (rows.some((row) => NON_ASCII.test(row))) return undefined;
  const cells = rows.map(splitRow);
  if (cells.length < 2 || cells.some((c) => !c || c.length !== cells[0]!.length)) return undefined;
  if (!cells[1]!.every((c) => /^-+$/.test(c))) return undefined;
  const widths = cells[0]!.map((_, column) => Math.max(3, ...cells.filter((_, row) => row !== 1).map((c) => c![column]!.length)));
  return cells.map((c, row) => `| ${c!.map((cell, column) => (row === 1 ? '-'.repeat(widths[column]!) : cell.padEnd(widths[column]!))).join(' | ')} |`);
}

/** The trimmed cells of `| a | b |` (a backslash escapes the next character, `\|` included). */
function splitRow(row: string): string[] | undefined {
  if (!row.endsWith('|') || row.length < 2) return undefined;
  const cells: string[] = [];
  let current = '';
  for (let i = 1; i < row.length; i++) {
    const c = row[i];
    if (c === '\\' && i + 1 < row.length) {
      current += c + row[++i];
    } else if (c === '|') {
      cells.push(current.trim());
      current = '';
    } else current += c;
  }
  return current.trim() === '' ? cells : undefined;
}
