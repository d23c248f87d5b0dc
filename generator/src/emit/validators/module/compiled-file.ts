/** `src/compiled.ts`: hoisted constants and the compiled check/errors functions (internal, not re-exported). */
import { code, join, raw, type Code } from '../../../codegen/index.ts';
import type { Compiler } from '../compile/compiler.ts';
import { closeHelpers } from '../runtime/helpers/index.ts';
import { STRING_FORMATS } from '../runtime/formats/index.ts';

const TYPE_ONLY = new Set(['_EvP', '_EvI']);

export function compiledFile(c: Compiler, functions: readonly Code[], header: Code): string {
  const helpers = [...c.helpers].filter((h) => closeHelpers([h]).length > 0).sort();
  const values = helpers.filter((h) => !TYPE_ONLY.has(h));
  const types = ['ValidationError', ...helpers.filter((h) => TYPE_ONLY.has(h))];
  const formats = [...c.formats].sort().map((f) => STRING_FORMATS[f].name.text);
  const imports: Code[] = [raw(`import type { ${types.join(', ')} } from "./runtime.js";`)];
  if (values.length) imports.push(raw(`import { ${values.join(', ')} } from "./runtime.js";`));
  if (formats.length) imports.push(raw(`import { ${formats.join(', ')} } from "./formats.js";`));
  const exported = functions.map((f) => code`export ${f}`);
  return join([header, join(imports, '\n'), join([...c.hoist.declarations()], '\n'), join(exported, '\n\n')].filter((p) => p.text !== ''), '\n\n').text + '\n';
}
