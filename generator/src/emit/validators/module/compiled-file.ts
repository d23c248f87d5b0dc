/** `src/compiled.ts`: hoisted constants and the compiled check/errors functions (internal, not re-exported). */
import { code, join, raw, type Code } from '../../../codegen/index.ts';
import type { Compiler } from '../compile/compiler.ts';
import { HELPERS } from '../runtime/helpers/index.ts';
import { stringFormats } from '../runtime/formats/index.ts';

export function compiledFile(c: Compiler, functions: readonly Code[], header: Code): string {
  const declarations = HELPERS.declarations();
  const helpers = [...c.helpers].filter((h) => declarations.has(h)).sort();
  const values = helpers.filter((h) => !declarations.get(h)!.typeOnly);
  const types = ['ValidationError', ...helpers.filter((h) => declarations.get(h)!.typeOnly)];
  const formats = [...c.formats].sort().map((f) => stringFormats()[f].name.text);
  const imports: Code[] = [raw(`import type { ${types.join(', ')} } from "./runtime.js";`)];
  if (values.length) imports.push(raw(`import { ${values.join(', ')} } from "./runtime.js";`));
  if (formats.length) imports.push(raw(`import { ${formats.join(', ')} } from "./formats.js";`));
  const exported = functions.map((f) => code`export ${f}`);
  return join([header, join(imports, '\n'), join([...c.hoist.declarations()], '\n'), join(exported, '\n\n')].filter((p) => p.text !== ''), '\n\n').text + '\n';
}
