/**
 * The module printer every target uses (types, validators, client, server) and plugins get through
 * `EmitContext.printer`: a module put together from top-level statements, each either printed as prettier
 * prints it or left to prettier. The statements' text is joined as prettier keeps it (one blank line
 * between statements, or one line break: imports, overloads), and what is left to prettier becomes the
 * character ranges of `EmittedFile.formatted`, so the write stage formats those statements only (alone:
 * prettier's output for a top-level statement does not depend on its neighbours) and nothing else.
 *
 * A statement is "printed" when its text is what prettier prints for it: built with prettier's document
 * builders (pretty-doc.ts, `prettier/doc`) or fixed text kept prettier-clean where it is written. A printer
 * that meets a shape it does not reproduce throws `NotPrinted`; `printed()` then takes the statement's
 * plain text instead and leaves it to prettier. test/print/prettier-clean.test.ts runs prettier over every
 * generated file of every fixture and corpus spec and holds every claim to account.
 */
import { checkedLine, moduleLineText, type ModuleLine } from './module-lines.ts';
import { NotPrinted, printModuleLine } from './pretty-doc.ts';

export { NotPrinted };

/** A character range `[start, end)` of a module's text. */
export type Range = readonly [start: number, end: number];

/** What goes between a statement and the one before it: a blank line, or a line break. */
export type Separator = 'blank' | 'line';

/** Why statements were left for prettier (the message of each `NotPrinted`), with how often: read by tests and benchmarks. */
export const fallbacks = new Map<string, number>();

/** A module's text and, as `EmittedFile.formatted` takes it, `true` or the ranges prettier must format. */
export interface PrintedModule {
  text: string;
  formatted: true | Range[];
}

/**
 * `print()`'s text, formatted, or — when it throws `NotPrinted` — `fallback()`'s (trailing line breaks
 * dropped), for prettier; the reason is counted in `tally`.
 */
export function printedOr(print: () => string, fallback: () => string, tally: Map<string, number> = fallbacks): { text: string; formatted: boolean } {
  try {
    return { text: print(), formatted: true };
  } catch (error) {
    if (!(error instanceof NotPrinted)) throw error;
    tally.set(error.message, (tally.get(error.message) ?? 0) + 1);
    return { text: withoutTrailingBreaks(fallback()), formatted: false };
  }
}

const SEPARATORS: Record<Separator, string> = { blank: '\n\n', line: '\n' };

/** `text` without the line breaks it ends in: looked at from the end (a regular expression's `\n+$` scans a megabyte statement for line breaks). */
function withoutTrailingBreaks(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  return end === text.length ? text : text.slice(0, end);
}

export class ModulePrinter {
  private readonly parts: Array<{ text: string; formatted: boolean; separator: string }> = [];

  /**
   * One or more whole top-level statements (a header comment, an import block…) after a blank line (after
   * nothing when first): prettier's output already (`formatted`, the default) or left to it. Trailing line
   * breaks are dropped: the module puts the separators.
   */
  statement(text: string, formatted = true, separator: Separator = 'blank'): this {
    this.parts.push({ text: withoutTrailingBreaks(text), formatted, separator: SEPARATORS[separator] });
    return this;
  }

  /** A statement on the line after the one before (no blank line between: imports, overloads, a header). */
  line(text: string, formatted = true): this {
    return this.statement(text, formatted, 'line');
  }

  /**
   * An import or export statement given as data (module-lines.ts: `namedLine`, `namespaceImport`,
   * `starExport`; `EmitContext.moduleLines` for plugins), on the line after the one before (`separator`
   * `'blank'`: after a blank line, as the first export after the imports). Its names are checked (an
   * identifier each), and the printer lays it out as prettier does: quotes, and a list too wide for a line
   * broken one name a line.
   */
  moduleLine(line: ModuleLine, separator: Separator = 'line'): this {
    const checked = checkedLine(line);
    return this.printed(() => printModuleLine(checked), () => moduleLineText(checked), separator);
  }

  /**
   * `print()`'s text, prettier's layout, or — when it throws `NotPrinted` — `fallback()`'s, the same
   * statement written plainly, for prettier.
   */
  printed(print: () => string, fallback: () => string, separator: Separator = 'blank'): this {
    const { text, formatted } = printedOr(print, fallback);
    return this.statement(text, formatted, separator);
  }

  /**
   * Text holding several statements, of which `ranges` (relative to it, whole statements) are left to
   * prettier; after a blank line (`separator`), kept exactly as it is.
   */
  ranged(text: string, ranges: readonly Range[], separator: Separator = 'blank'): this {
    let at = 0;
    let glue = SEPARATORS[separator];
    const piece = (part: string, formatted: boolean) => {
      if (!part) return;
      this.parts.push({ text: part, formatted, separator: glue });
      glue = '';
    };
    for (const [start, end] of ranges) {
      piece(text.slice(at, start), true);
      piece(text.slice(start, end), false);
      at = end;
    }
    piece(text.slice(at), true);
    return this;
  }

  /** The module's text (ending in one line break) and the ranges left to prettier, adjacent ones merged. */
  build(): { text: string; ranges: Range[] } {
    const ranges: Range[] = [];
    // Joined once at the end: slicing a string grown by `+=` flattens all of it, once per part, which made
    // this quadratic (microsoft.com/graph's client module: most of a 110 s CPU generation).
    const texts: string[] = [];
    let length = 0;
    // Whether only white space was written since the last range left to prettier.
    let blank = false;
    for (const [i, part] of this.parts.entries()) {
      if (i) {
        texts.push(part.separator);
        length += part.separator.length;
        blank &&= !/\S/.test(part.separator);
      }
      const start = length;
      texts.push(part.text);
      length += part.text.length;
      if (part.formatted) {
        blank &&= !/\S/.test(part.text);
        continue;
      }
      const last = ranges[ranges.length - 1];
      // Statements left to prettier with only white space between go to it as one piece.
      if (last && blank) ranges[ranges.length - 1] = [last[0], length];
      else ranges.push([start, length]);
      blank = true;
    }
    return { text: texts.join('') + '\n', ranges };
  }

  /** The module as `EmittedFile` takes it: its text and its `formatted` claim. */
  module(): PrintedModule {
    const { text, ranges } = this.build();
    return { text, formatted: ranges.length ? ranges : true };
  }

  /** The module as an emitted TypeScript file at `path`. */
  file(path: string): { path: string; contents: string; format: 'typescript'; formatted: true | Range[] } {
    const { text, formatted } = this.module();
    return { path, contents: text, format: 'typescript', formatted };
  }
}
