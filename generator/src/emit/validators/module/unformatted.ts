/**
 * Which statements of a validators file still need prettier (`EmittedFile.formatted` ranges). The emitters
 * write code in prettier's layout and spell literals as prettier does (`prettyLit`), so a statement group is
 * left as printed when nothing in it is of a kind that layout does not settle: a line wider than the print
 * width, or a double quote outside a single-quoted string (a string prettier may quote differently, JSON's spelling of an escape). The head
 * (header comment and imports) always goes to prettier: it is small, and its blank lines are prettier's to fix.
 * test/print/prettier-clean.test.ts checks the result against prettier on every fixture and corpus spec.
 */
import { PRETTIER_OPTIONS } from '../../../codegen/layout-options.ts';

/** A single-quoted string on one line: a double quote inside one is prettier's spelling too. */
const SINGLE_QUOTED = /'(?:[^'\\\n]|\\.)*'/g;

type Range = readonly [start: number, end: number];

/** Ranges of `text` (top-level statement groups, split as the write stage splits them) prettier must format. */
export function unformattedRanges(text: string): Range[] {
  const width = PRETTIER_OPTIONS.printWidth!;
  const ranges: Range[] = [];
  const boundary = /\n\n(?=[^\s])/g;
  let start = 0;
  let head = true;
  const visit = (end: number) => {
    const piece = text.slice(start, end);
    head &&= /^(\/\*|import )/.test(piece);
    const clean = !head && !piece.endsWith('\n') && !/\{\n\s*\n|\n\s*\n\s*\}|\n\s*\n\s*\n/.test(piece) && !piece.replace(SINGLE_QUOTED, '').includes('"') && piece.split('\n').every((l) => l.length <= width && l === l.trimEnd());
    if (!clean) {
      const last = ranges[ranges.length - 1];
      if (last && last[1] + 2 === start) ranges[ranges.length - 1] = [last[0], end];
      else ranges.push([start, end]);
    }
  };
  for (const match of text.matchAll(boundary)) {
    visit(match.index);
    start = match.index + 2;
  }
  visit(text.endsWith('\n') ? text.length - 1 : text.length);
  return ranges;
}
