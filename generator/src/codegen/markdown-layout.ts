/**
 * The printer's markdown layout: a rendered README as prettier's markdown formatter leaves it, so it needs
 * no formatting pass (prettier's markdown plugin alone costs more to load than the rest of the package
 * files). The templates and the escaping helpers (emit/package/markdown.ts) already write the prose as
 * prettier keeps it; what is left is layout:
 *
 * - tables: every cell padded to its column's width (at least 3), the delimiter row as dashes of that width;
 * - code fences: prettier formats a TypeScript fence's code as it formats a `.ts` file. A fence is kept as
 *   it is only when its code is the one printer's output (`printedCode`: an example built from nodes and
 *   laid out by the printer, PackageExample), or a shell fence (prettier has no shell formatter). Any other
 *   code fence sends the README to prettier: nothing here measures code against the print width.
 *
 * Declined (undefined: the README goes to prettier): such a fence, non-ASCII text in a table (prettier
 * measures widths in display columns), aligned columns (`:---`), rows of unequal length.
 * test/print/prettier-clean.test.ts holds every generated README to prettier's output.
 */

const NON_ASCII = /[^\x00-\x7f]/;

/** A markdown file's text and whether it is printed as prettier prints it (else the write stage formats it). */
export interface MarkdownFileText {
  text: string;
  formatted: boolean;
}

/** `text` as a markdown file: `prettyMarkdown`'s layout, formatted, or the text as it is, left to prettier. */
export function markdownText(text: string, printedCode?: string): MarkdownFileText {
  const pretty = prettyMarkdown(text, printedCode);
  return pretty === undefined ? { text, formatted: false } : { text: pretty, formatted: true };
}

/**
 * `text` as prettier prints it, or undefined when this layout does not know how. `printedCode`: the code
 * the one printer printed (an example), whose fence is kept as it is.
 */
export function prettyMarkdown(text: string, printedCode?: string): string | undefined {
  const printed = printedCode?.replace(/\n+$/, '');
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^(`{3,})([\w-]*)$/.exec(line);
    if (fence) {
      const end = lines.indexOf(fence[1]!, i + 1);
      if (end < 0) return undefined;
      if (fence[2] !== 'sh' && (printed === undefined || lines.slice(i + 1, end).join('\n') !== printed)) return undefined;
      out.push(...lines.slice(i, end + 1));
      i = end;
      continue;
    }
    if (!line.startsWith('|')) {
      out.push(line);
      continue;
    }
    let end = i;
    while (end < lines.length && lines[end]!.startsWith('|')) end++;
    const table = alignTable(lines.slice(i, end));
    if (!table) return undefined;
    out.push(...table);
    i = end - 1;
  }
  return out.join('\n');
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
