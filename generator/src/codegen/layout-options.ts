/**
 * The layout every generated file has: prettier's options as socialgen fixes them (no prettier config is
 * ever read, so the output does not depend on one lying around). The printers of codegen/ lay code out to
 * them and the write stage formats with them; a leaf module, so both read it without importing each other.
 */
import type { Options } from 'prettier';

export const PRETTIER_OPTIONS: Options = {
  printWidth: 120,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: true,
  trailingComma: 'all',
  bracketSpacing: true,
  arrowParens: 'always',
  endOfLine: 'lf',
  proseWrap: 'preserve',
};

/**
 * Text whose width is not its length: anything beyond printable ASCII. prettier measures a printable-ASCII
 * line by its length and any other by display width (wide and combining characters), so the printers'
 * length-based fitting tests (pretty-doc.ts `flatIfFits`, pretty/flat.ts, pretty/tree.ts) leave such text
 * to prettier's document printer.
 */
export const BEYOND_PRINTABLE_ASCII = /[^\x20-\x7e]/;
