/**
 * The symbols the modules of a validators package share (see emit/symbols.ts): `src/runtime.ts` exports
 * its public part and whichever helpers are referenced, `src/compiled.ts` the entry functions the compiler
 * handed out, `src/formats.ts` the format checkers in use. Modules reference them by name; their imports,
 * and the helpers and formats copied into the package, follow from those references.
 */
import { readFileSync } from 'node:fs';
import { raw, type Code } from '../../../codegen/index.ts';
import { namespaceImport, type ModuleLine } from '../../../codegen/module-lines.ts';
import { SymbolRegistry } from '../../symbols.ts';
import type { Compiler } from '../compile/compiler.ts';
import { FORMATS } from '../runtime/formats/index.ts';
import { HELPERS } from '../runtime/helpers/index.ts';
import { splitDeclarations, type Declaration } from '../runtime/library.ts';

export const RUNTIME = './runtime.js';
export const COMPILED = './compiled.js';
export const FORMATS_MODULE = './formats.js';
/** The order a module's imports are written in. */
export const IMPORT_ORDER = [RUNTIME, FORMATS_MODULE, COMPILED] as const;

let publicPart: Omit<Declaration, 'deps'>[] | undefined;

/** runtime/public.ts's declarations: copied whole into every `src/runtime.ts`. */
export function publicDeclarations(): readonly Omit<Declaration, 'deps'>[] {
  publicPart ??= splitDeclarations(readFileSync(new URL('../runtime/public.ts', import.meta.url), 'utf8'));
  return publicPart;
}

/** The package's public API from the runtime: exported declarations not named `_...`. */
export function publicApi(): Omit<Declaration, 'deps'>[] {
  return publicDeclarations().filter((d) => d.exported && !d.name.startsWith('_'));
}

export function validatorSymbols(c: Compiler): SymbolRegistry {
  const pub = new Map(publicDeclarations().map((d) => [d.name, d]));
  return new SymbolRegistry()
    .provide(RUNTIME, (name) => {
      const d = pub.get(name) ?? HELPERS.declarations().get(name);
      return d ? { typeOnly: d.typeOnly } : undefined;
    })
    .provide(FORMATS_MODULE, (name) => (FORMATS.declarations().get(name)?.exported ? { typeOnly: false } : undefined))
    .provide(COMPILED, (name) => (c.entries.has(name) ? { typeOnly: false } : undefined));
}

/**
 * References from a module of the package (`user`) to the other modules' symbols: the compiled entry points
 * through one namespace import (`import * as C from './compiled.js'`, `C._eX`) rather than an import list
 * naming each of them once more (GitHub's operations.ts and schemas.ts named ~6,000), the rest by name.
 */
export class PackageRefs {
  private compiled = false;

  constructor(
    private readonly symbols: SymbolRegistry,
    private readonly user: string,
  ) {}

  readonly ref = (name: string): Code => {
    if (this.symbols.moduleOf(this.user, name) !== COMPILED) return this.symbols.ref(this.user, name);
    this.compiled = true;
    return raw(`C.${name}`);
  };

  /** The module's imports of the package's modules, in `IMPORT_ORDER` (after every reference was made). */
  imports(): ModuleLine[] {
    return [...this.symbols.importsOf(this.user, [RUNTIME, FORMATS_MODULE]), ...(this.compiled ? [namespaceImport('C', COMPILED)] : [])];
  }
}
