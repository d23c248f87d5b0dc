/** `src/formats.ts`: the format checkers the compiled code references, with what they need. */
import { join, raw, type Code } from '../../../codegen/index.ts';
import type { SymbolRegistry } from '../../symbols.ts';
import { FORMATS } from '../runtime/formats/index.ts';
import { FORMATS_MODULE } from './symbols.ts';

export function formatsFile(symbols: SymbolRegistry, header: Code): string | undefined {
  const declarations = FORMATS.close(symbols.referencedFrom(FORMATS_MODULE));
  if (!declarations.length) return undefined;
  return join([header, ...declarations.map((d) => raw(d.text))], '\n\n').text + '\n';
}
