/** `src/formats.ts`: the format checkers the compiled code references, with what they need (copied as written, prettier-clean). */
import type { Code } from '../../../codegen/index.ts';
import { ModulePrinter } from '../../../codegen/pretty-module.ts';
import type { SymbolRegistry } from '../../symbols.ts';
import { FORMATS } from '../runtime/formats/index.ts';
import { FORMATS_MODULE } from './symbols.ts';

export function formatsFile(symbols: SymbolRegistry, header: Code): ModulePrinter | undefined {
  const declarations = FORMATS.close(symbols.referencedFrom(FORMATS_MODULE));
  if (!declarations.length) return undefined;
  const module = new ModulePrinter().statement(header.text);
  for (const d of declarations) module.statement(d.text);
  return module;
}
