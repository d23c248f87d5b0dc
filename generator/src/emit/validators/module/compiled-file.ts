/**
 * `src/compiled.ts`: hoisted constants and the compiled check/errors functions (internal, not re-exported).
 *
 * Printed in prettier's layout as far as it goes: the imports (module/pretty.ts), each hoisted constant (a
 * `new RegExp(...)`'s strings spelled as prettier spells them), and the functions, whose templates are
 * written in prettier's layout; blank lines prettier would drop (at the start or end of a block, or more
 * than one) are dropped, and the one layout the templates leave open (a line wider than the print width)
 * is settled by module/break-lines.ts. What is left goes to prettier (module/unformatted.ts).
 */
import { code, join, type Code } from '../../../codegen/index.ts';
import { indentCode } from '../../../codegen/indent.ts';
import type { SymbolRegistry } from '../../symbols.ts';
import type { Compiler } from '../compile/compiler.ts';
import { HELPERS } from '../runtime/helpers/index.ts';
import { stringFormats } from '../runtime/formats/index.ts';
import { prettierQuotes } from '../../../codegen/pretty-doc.ts';
import { breakLongConditions } from './break-lines.ts';
import { prettyImports, PrettyModule } from './pretty.ts';
import { COMPILED, IMPORT_ORDER } from './symbols.ts';
import { unformattedRanges } from './unformatted.ts';
import { breakWideConstant } from './wide-constants.ts';

/** Call after `c.build()`: the helpers and formats the compiler recorded become references of this module. */
export function compiledFile(c: Compiler, functions: readonly Code[], header: Code, symbols: SymbolRegistry): PrettyModule {
  // The compiled functions' signatures name ValidationError (`E: ValidationError[]`).
  symbols.ref(COMPILED, 'ValidationError');
  for (const h of c.helpers) if (HELPERS.has(h)) symbols.ref(COMPILED, h);
  for (const f of c.formats) symbols.ref(COMPILED, stringFormats()[f].piece);
  const module = new PrettyModule().add(header.text).add(prettyImports(symbols.importsOf(COMPILED, IMPORT_ORDER)));
  [...c.hoist.declarations()].forEach((d, i) => {
    const text = respellRegExp(d.text);
    const broken = breakWideConstant(text);
    // Broken as prettier breaks it: a line still wider (one long string) is one prettier leaves as it is.
    const wide = broken !== text;
    return i ? module.next(broken, wide) : module.add(broken, wide);
  });
  if (functions.length) {
    const body = breakLongConditions(dropBlankLines(indentCode(join(functions.map((f) => code`export ${f}`), '\n\n').text)));
    module.addRanged(body, unformattedRanges(body));
  }
  return module;
}

/** Blank lines prettier drops: at the start or the end of a block, and all but one of several in a row. */
function dropBlankLines(text: string): string {
  return text.replace(/\{\n(?:[ \t]*\n)+/g, '{\n').replace(/\n(?:[ \t]*\n)+([ \t]*\})/g, '\n$1').replace(/\n(?:[ \t]*\n){2,}/g, '\n\n');
}

const REGEXP = /^const ([\w$]+) = new RegExp\(("(?:[^"\\\n]|\\.)*"), ("[a-z]*")\);$/;

/** `const _reN = new RegExp("…", "u");` with prettier's spelling of its strings (other text as it is). */
function respellRegExp(text: string): string {
  const m = REGEXP.exec(text);
  return m ? `const ${m[1]} = new RegExp(${prettierQuotes(m[2])}, ${prettierQuotes(m[3])});` : text;
}
