/**
 * `src/runtime.ts` of a validators module: the public part (runtime/public.ts, whole: result types,
 * options and their bits, the depth guard), then the helpers the compiled code uses (runtime/helpers).
 */
import { readFileSync } from 'node:fs';
import { join, raw, type Code } from '../../../codegen/index.ts';
import { HELPERS } from '../runtime/helpers/index.ts';
import { splitDeclarations } from '../runtime/library.ts';

let publicPart: Code | undefined;

/** runtime/public.ts without its module comment and imports. */
function publicCode(): Code {
  publicPart ??= raw(splitDeclarations(readFileSync(new URL('../runtime/public.ts', import.meta.url), 'utf8')).map((d) => d.text).join('\n\n'));
  return publicPart;
}

export function runtimeFile(helpers: Iterable<string>, header: Code): string {
  const parts: Code[] = [header, publicCode(), ...HELPERS.close(helpers).map((d) => raw(d.text))];
  return join(parts, '\n\n').text + '\n';
}
