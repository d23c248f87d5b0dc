/**
 * `src/compiled.ts`: hoisted constants and the compiled check/errors functions (internal, not re-exported).
 *
 * The imports are printed by module/pretty.ts; the constants and the functions are statement trees, which
 * codegen/statement-printer.ts prints in prettier's layout. A statement it cannot vouch for (a line wider
 * than the print width that no layout of it breaks, a literal in JSON's spelling) is left to prettier.
 */
import type { Code } from '../../../codegen/index.ts';
import { ModulePrinter } from '../../../codegen/pretty-module.ts';
import { printStatement } from '../../../codegen/statement-printer.ts';
import { readsName, type Stmt } from '../../../codegen/statements.ts';
import type { SymbolRegistry } from '../../symbols.ts';
import type { Compiler } from '../compile/compiler.ts';
import { HELPERS } from '../runtime/helpers/index.ts';
import { stringFormats } from '../runtime/formats/index.ts';
import { prettyImports } from './pretty.ts';
import { COMPILED, IMPORT_ORDER } from './symbols.ts';

/** Call after `c.build()`: the helpers and formats the compiler recorded become references of this module. */
export function compiledFile(c: Compiler, functions: readonly Stmt[], header: Code, symbols: SymbolRegistry): ModulePrinter {
  // The errors functions' signatures name ValidationError (`E: ValidationError[]`); a spec whose schemas
  // compile to check functions alone has none.
  if (readsName(functions, 'ValidationError')) symbols.ref(COMPILED, 'ValidationError');
  for (const h of c.helpers) if (HELPERS.has(h)) symbols.ref(COMPILED, h);
  for (const f of c.formats) symbols.ref(COMPILED, stringFormats()[f].piece);
  const imports = symbols.importsOf(COMPILED, IMPORT_ORDER);
  const module = new ModulePrinter().statement(header.text);
  // A spec whose schemas compile to plain checks imports nothing (no errors function, no helper).
  if (imports.length) module.statement(prettyImports(imports));
  // The constants one a line after a blank one, the functions a blank line apart.
  c.hoist.declarations().forEach((d, i) => {
    const { text, formatted } = printStatement(d);
    module.statement(text, formatted, i ? 'line' : 'blank');
  });
  for (const f of functions) {
    const { text, formatted } = printStatement(f);
    module.statement(text, formatted);
  }
  return module;
}
