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
