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
import { jsonParseStatement, typeArguments } from '../../codegen/pretty-doc.ts';

export { typeArguments };

/**
 * `export const NAME: Type = JSON.parse('…');` — the value's JSON text as one string argument: on one line
 * when it fits, else the argument alone on the next line (codegen/pretty-doc.ts `jsonParseStatement`).
 */
export function jsonParseConstant(name: string, type: string, value: unknown): string {
  return jsonParseStatement(`export const ${name}: ${type}`, value);
}
