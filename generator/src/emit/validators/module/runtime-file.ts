/**
 * `src/runtime.ts` of a validators module: the public part (runtime/public.ts, whole: result types, the
 * operation-validators contract, options and their bits, the depth guard), then the helpers the other
 * modules referenced (runtime/helpers, with what they need).
 */
import { join, raw, type Code } from '../../../codegen/index.ts';
import type { SymbolRegistry } from '../../symbols.ts';
import { HELPERS } from '../runtime/helpers/index.ts';
import { publicDeclarations, RUNTIME } from './symbols.ts';

export function runtimeFile(symbols: SymbolRegistry, header: Code): string {
  const parts: Code[] = [header, ...publicDeclarations().map((d) => raw(d.text)), ...HELPERS.close(symbols.referencedFrom(RUNTIME)).map((d) => raw(d.text))];
  return join(parts, '\n\n').text + '\n';
}
