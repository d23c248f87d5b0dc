/**
 * A planner of the symbols generated modules share: a module registers what it exports (or a lookup for
 * what it can export, like a runtime library), other modules reference those symbols by name while their
 * code is built, and each module's import statements — and what a providing module must contain — follow
 * from the references. No module keeps a hand-written list of what it imports from another.
 */
import { raw, type Code } from '../codegen/index.ts';

export interface SymbolInfo {
  /** A type or interface: imported with `import type`. */
  typeOnly: boolean;
}

type Lookup = (name: string) => SymbolInfo | undefined;

export class SymbolRegistry {
  private readonly providers: { module: string; lookup: Lookup }[] = [];
  private readonly references = new Map<string, Map<string, { from: string; typeOnly: boolean }>>();

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
  importsOf(user: string, order: readonly string[]): Code[] {
    const refs = this.references.get(user) ?? new Map<string, { from: string; typeOnly: boolean }>();
    const out: Code[] = [];
    for (const module of order) {
      const names = [...refs].filter(([, r]) => r.from === module);
      const types = names.filter(([, r]) => r.typeOnly).map(([n]) => n).sort();
      const values = names.filter(([, r]) => !r.typeOnly).map(([n]) => n).sort();
      if (types.length) out.push(raw(`import type { ${types.join(', ')} } from "${module}";`));
      if (values.length) out.push(raw(`import { ${values.join(', ')} } from "${module}";`));
    }
    return out;
  }
}
