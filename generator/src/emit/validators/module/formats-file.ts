/** `src/formats.ts`: the format checkers the compiled code uses. */
import { join, type Code } from '../../../codegen/index.ts';
import { formatDeclarations } from '../runtime/formats/index.ts';

export function formatsFile(formats: Iterable<string>, header: Code): string {
  return join([header, ...formatDeclarations([...formats].sort())], '\n\n').text + '\n';
}
