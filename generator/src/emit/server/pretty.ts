/**
 * The server target's modules printed as prettier prints them (issue 14: formatted by construction), so
 * the write stage has nothing left to format. The line fitting is prettier's own document printer
 * (`prettier/doc`), fed the layout documents prettier's TypeScript printer builds for the few statement
 * shapes these modules hold; the rest of each module is fixed text already in prettier's style.
 *
 * Whatever cannot be printed this way (a shape outside what is reproduced here) throws `NotPrinted` and stays
 * a pending top-level statement: the module printer (codegen/pretty-module.ts) reports its range and
 * prettier formats just that statement. The claim is held
 * to by test/print/prettier-clean.test.ts and test/server/pretty.test.ts, which run prettier itself.
 */
import { builders } from 'prettier/doc';
import { callArguments, NotPrinted, printDoc, prettyModuleLine, prettyString } from '../../codegen/pretty-doc.ts';
import { PRETTIER_OPTIONS } from '../../write/format.ts';

type Doc = builders.Doc;

const { group, indent, softline, line, join } = builders;

/** `<A, B>` type arguments of more than one argument: broken one per line, with no trailing comma. */
export function typeArguments(args: readonly Doc[]): Doc {
  return group(['<', indent([softline, join([',', line], [...args])]), softline, '>']);
}

/**
 * `export const NAME: Type = JSON.parse('…');` — the value's JSON text as one string argument: on one line
 * when it fits, else the argument alone on the next line. (The right side never moves below the `=`:
 * `JSON.parse(` always fits after it, and prettier's fluid assignment layout keeps it there.)
 */
export function jsonParseConstant(name: string, type: string, value: unknown): string {
  const head = `export const ${name}: ${type} = JSON.parse`;
  const text = prettyString(JSON.stringify(value));
  // More than a line's worth of printable ASCII (one column each, never less in prettier's measure) cannot
  // fit: broken without measuring megabytes.
  if (printableAscii(text.slice(0, 2 * PRETTIER_OPTIONS.printWidth!)) > PRETTIER_OPTIONS.printWidth!) return `${head}(\n  ${text},\n);`;
  return printDoc([head, callArguments([text]), ';']);
}

function printableAscii(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) n++;
  }
  return n;
}

/** A one-line import or export of the symbol registry in prettier's layout (see prettyModuleLine); throws `NotPrinted` for other text. */
export function moduleLine(text: string): string {
  const printed = prettyModuleLine(text);
  if (printed === undefined) throw new NotPrinted(`not a one-line import or export: ${text}`);
  return printed;
}
