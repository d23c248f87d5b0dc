/**
 * The validators modules' printer (codegen/pretty-module.ts `ModulePrinter`): their statements are built as
 * nodes or statement trees and laid out by the one printer (codegen/pretty/), which says whether each
 * is prettier's layout; the imports are data (module-lines.ts). What is still fixed text (the runtime's
 * helpers, the operation helpers) is vouched for here: a statement whose text `vouched` doubts is left to
 * prettier, recorded as a range of `EmittedFile.formatted`. test/print/prettier-clean.test.ts holds every
 * claim to account.
 */
import type { ModuleLine } from '../../../codegen/module-lines.ts';
import { printModuleLine } from '../../../codegen/pretty-doc.ts';
import { ModulePrinter } from '../../../codegen/pretty-module.ts';
import { PRETTIER_OPTIONS } from '../../../codegen/layout-options.ts';

const WIDTH = PRETTIER_OPTIONS.printWidth!;

/** Import (or re-export) statements, as the symbol registry gives them, in prettier's layout. */
export function prettyImports(lines: readonly ModuleLine[]): string {
  return lines.map(printModuleLine).join('\n');
}

const SINGLE_QUOTED = /'(?:[^'\\\n]|\\.)*'/g;

/**
 * True when printed text is certainly what prettier prints for it: no line wider than the print width but
 * a comment's (the layouts here do not model what prettier does with one), no trailing blanks, and no double quote outside
 * a single-quoted string (a string `prettyLit` left in JSON's spelling, whose escapes prettier may change).
 */
export function vouched(text: string, wide = false): boolean {
  return text.split('\n').every((l) => (wide || l.length <= WIDTH || COMMENT_LINE.test(l)) && l === l.trimEnd()) && !text.replace(SINGLE_QUOTED, '').includes('"');
}

/** A line of a block comment: prettier leaves it as it is, however wide. */
const COMMENT_LINE = /^ *(\/\*\*? .*\*\/|\/\*\*?|\* .*|\*\/)$/;

type Range = readonly [start: number, end: number];

/**
 * A validators module (codegen/pretty-module.ts `ModulePrinter`) whose statements are vouched for where they
 * are added: `add` and `next` claim a statement printed only when `vouched` agrees.
 */
export class PrettyModule extends ModulePrinter {
  /**
   * A statement printed formatted, unless `vouched` says otherwise. `wide`: its layout is plain groups only
   * (arrays, objects of literals), which the document printer overflows exactly as prettier does, so a line
   * wider than the print width (a long string) is no reason to doubt it.
   */
  add(text: string, wide = false): this {
    return this.statement(text, vouched(text, wide));
  }

  /** A statement whose text is prettier's output already (checked where it lives) or that prettier must format. */
  addAs(text: string, formatted: boolean): this {
    return this.statement(text, formatted);
  }

  /** A statement on the line after the previous one (no blank line between), vouched for like `add`. */
  next(text: string, wide = false): this {
    return this.line(text, vouched(text, wide));
  }

  /** Text already split into statements with `ranges` (relative to it) prettier must format. */
  addRanged(text: string, ranges: readonly Range[]): this {
    return this.ranged(text, ranges);
  }
}
