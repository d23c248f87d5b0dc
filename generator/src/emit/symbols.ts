/**
 * A planner of the symbols generated modules share: a module registers what it exports (or a lookup for
 * what it can export, like a runtime library), other modules reference those symbols by name while their
 * code is built, and each module's import statements — and what a providing module must contain — follow
 * from the references. Statements come out as data (codegen/module-lines.ts), for the printer to lay out. No module keeps a hand-written list of what it imports from another.
 */
import { isIdentifier, raw, type Code } from '../codegen/index.ts';
import { namedLine, type ModuleLine } from '../codegen/module-lines.ts';

export interface SymbolInfo {
  /** A type or interface: imported with `import type`. */
  typeOnly: boolean;
}

/** A symbol a module declares it exports (see `declare`). */
export interface DeclaredSymbol extends SymbolInfo {
  name: string;
}

type Lookup = (name: string) => SymbolInfo | undefined;

export class SymbolRegistry {
  private readonly providers: { module: string; lookup: Lookup }[] = [];
  private readonly references = new Map<string, Map<string, { from: string; typeOnly: boolean }>>();
  private readonly declared = new Map<string, DeclaredSymbol[]>();

  /** `module` (its import specifier, e.g. `./runtime.js`) exports the names `lookup` knows. */
  provide(module: string, lookup: Lookup): this {
    this.providers.push({ module, lookup });
    return this;
  }

  /** `module` exports exactly these names. */
  provideNames(module: string, names: Iterable<string>, info: SymbolInfo = { typeOnly: false }): this {
    const set = new Set(names);
    return this.provide(module, (name) => (set.has(name) ? info : undefined));
  }

  /**
   * `module` exports exactly these symbols, and the package root re-exports them (`reexportsOf`). A name
   * two modules declare is a generator bug: the package root could not export both.
   */
  declare(module: string, symbols: Iterable<DeclaredSymbol>): this {
    const list = [...symbols];
    const taken = this.declaredNames();
    for (const s of list) {
      if (!isIdentifier(s.name)) throw new Error(`internal: ${JSON.stringify(s.name)} is not an identifier (${module})`);
      if (taken.has(s.name)) throw new Error(`internal: ${s.name} is declared by two modules (${module})`);
    }
    this.declared.set(module, [...(this.declared.get(module) ?? []), ...list]);
    const byName = new Map(list.map((s) => [s.name, { typeOnly: s.typeOnly }]));
    return this.provide(module, (name) => byName.get(name));
  }

  /** Every name declared so far: what a newly planned public name must avoid. */
  declaredNames(): Set<string> {
    return new Set([...this.declared.values()].flat().map((s) => s.name));
  }

  /** The module that exports `name` (for a dynamic `import()`, which records no static import). */
  moduleOf(user: string, name: string): string {
    const provider = this.providers.find((p) => p.module !== user && p.lookup(name));
    if (!provider) throw new Error(`internal: no module exports ${name} (referenced from ${user})`);
    return provider.module;
  }

  /** The package root: `export type { ... }` then `export { ... }` per declaring module, in `order`, names sorted. */
  reexportsOf(order: readonly string[]): ModuleLine[] {
    const out: ModuleLine[] = [];
    for (const module of order) out.push(...exportLines(module, this.declared.get(module) ?? []));
    return out;
  }

  /** `names`, each re-exported from the module that provides it (a module forwarding another's symbols). */
  forward(user: string, names: readonly string[]): ModuleLine[] {
    const byModule = new Map<string, DeclaredSymbol[]>();
    for (const name of names) {
      const module = this.moduleOf(user, name);
      const info = this.providers.find((p) => p.module === module)!.lookup(name)!;
      byModule.set(module, [...(byModule.get(module) ?? []), { name, ...info }]);
    }
    return [...byModule].flatMap(([module, symbols]) => exportLines(module, symbols));
  }

  /** The identifier of `name` for code written in `user`, recording the import it needs. */
  ref(user: string, name: string): Code {
    const provider = this.providers.find((p) => p.module !== user && p.lookup(name));
    if (!provider) throw new Error(`internal: no generated module exports ${name} (referenced from ${user})`);
    let refs = this.references.get(user);
    if (!refs) this.references.set(user, (refs = new Map()));
    refs.set(name, { from: provider.module, typeOnly: provider.lookup(name)!.typeOnly });
    return raw(name);
  }

  /** Names other modules referenced from `module`: what it must export. */
  referencedFrom(module: string): string[] {
    const out = new Set<string>();
    for (const refs of this.references.values()) for (const [name, r] of refs) if (r.from === module) out.add(name);
    return [...out].sort();
  }

  /** `import type { ... }` then `import { ... }` per providing module, in `order`, names sorted. */
  importsOf(user: string, order: readonly string[]): ModuleLine[] {
    const refs = this.references.get(user) ?? new Map<string, { from: string; typeOnly: boolean }>();
    const out: ModuleLine[] = [];
    for (const module of order) {
      const names = [...refs].filter(([, r]) => r.from === module);
      const types = names.filter(([, r]) => r.typeOnly).map(([n]) => n).sort();
      const values = names.filter(([, r]) => !r.typeOnly).map(([n]) => n).sort();
      if (types.length) out.push(namedLine('import', types, module, true));
      if (values.length) out.push(namedLine('import', values, module));
    }
    return out;
  }
}

function exportLines(module: string, symbols: readonly DeclaredSymbol[]): ModuleLine[] {
  const types = symbols.filter((s) => s.typeOnly).map((s) => s.name).sort();
  const values = symbols.filter((s) => !s.typeOnly).map((s) => s.name).sort();
  const out: ModuleLine[] = [];
  if (types.length) out.push(namedLine('export', types, module, true));
  if (values.length) out.push(namedLine('export', values, module));
  return out;
}
