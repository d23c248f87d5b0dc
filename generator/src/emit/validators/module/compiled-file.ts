/** `src/compiled.ts`: hoisted constants and the compiled check/errors functions (internal, not re-exported). */
import { code, join, type Code } from '../../../codegen/index.ts';
import type { SymbolRegistry } from '../../symbols.ts';
import type { Compiler } from '../compile/compiler.ts';
import { HELPERS } from '../runtime/helpers/index.ts';
import { stringFormats } from '../runtime/formats/index.ts';
import { COMPILED, IMPORT_ORDER } from './symbols.ts';

/** Call after `c.build()`: the helpers and formats the compiler recorded become references of this module. */
export function compiledFile(c: Compiler, functions: readonly Code[], header: Code, symbols: SymbolRegistry): string {
  // The compiled functions' signatures name ValidationError (`E: ValidationError[]`).
  symbols.ref(COMPILED, 'ValidationError');
  for (const h of c.helpers) if (HELPERS.has(h)) symbols.ref(COMPILED, h);
  for (const f of c.formats) symbols.ref(COMPILED, stringFormats()[f].piece);
  const imports = symbols.importsOf(COMPILED, IMPORT_ORDER);
  const exported = functions.map((f) => code`export ${f}`);
  return join([header, join(imports, '\n'), join([...c.hoist.declarations()], '\n'), join(exported, '\n\n')].filter((p) => p.text !== ''), '\n\n').text + '\n';
}
