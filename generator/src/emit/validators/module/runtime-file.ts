/**
 * `src/runtime.ts` of a validators module: the public part (runtime/public.ts, whole: result types, the
 * operation-validators contract, options and their bits, the depth guard), then the helpers the other
 * modules referenced (runtime/helpers, with what they need). The declarations are copied as they are
 * written, prettier-clean where they live (test/print/prettier-clean.test.ts), so the module is formatted.
 */
import type { Code } from '../../../codegen/index.ts';
import { ModulePrinter } from '../../../codegen/pretty-module.ts';
import type { SymbolRegistry } from '../../symbols.ts';
import { HELPERS } from '../runtime/helpers/index.ts';
import { publicDeclarations, RUNTIME } from './symbols.ts';

export function runtimeFile(symbols: SymbolRegistry, header: Code): ModulePrinter {
  const module = new ModulePrinter().statement(header.text);
  for (const d of [...publicDeclarations(), ...HELPERS.close(symbols.referencedFrom(RUNTIME))]) module.statement(d.text);
  return module;
}
