/**
 * The validators modules' imports: data from the symbol registry (codegen/module-lines.ts), each line laid
 * out by the one printer (pretty-doc.ts `printModuleLine`). The modules themselves are `ModulePrinter`s
 * (codegen/pretty-module.ts) whose statements come from the printer, which says whether each is prettier's
 * layout, or from the checked runtime modules (runtime/), which are prettier-clean where they live.
 * test/print/prettier-clean.test.ts holds every claim to account.
 */
import type { ModuleLine } from '../../../codegen/module-lines.ts';
import { printModuleLine } from '../../../codegen/pretty-doc.ts';

/** Import (or re-export) statements, as the symbol registry gives them, in prettier's layout, one a line. */
export function prettyImports(lines: readonly ModuleLine[]): string {
  return lines.map(printModuleLine).join('\n');
}
