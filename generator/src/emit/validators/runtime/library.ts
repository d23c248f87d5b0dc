/**
 * Run-time code pulled into generated validators by use (the way Ajv's `useFunc` does it): the helpers and
 * format checks are real TypeScript modules in this folder — type-checked with the generator, unit-tested
 * in test/ — and the compiler records the names it uses (`Compiler.use`, `Compiler.formats`). This file
 * reads those modules' source, splits it into top-level declarations, finds what each declaration refers
 * to, and hands an emitter exactly the declarations a module needs, with their dependencies, as written.
 *
 * The modules follow two rules that keep the split simple: every top-level declaration starts at column 0
 * (`export function _x`, `const _re = ...`, `export interface _T`), with its doc comment right above it;
 * and imports exist only so the module type-checks (they are never copied).
 */
import { readFileSync } from 'node:fs';

export interface Declaration {
  name: string;
  /** `function`, `const`, `interface`, `type`, ... */
  kind: string;
  /** Types only: imported with `import type`. */
  typeOnly: boolean;
  exported: boolean;
  /** The source text, doc comment included, as written in the module. */
  text: string;
  /** Names of other declarations of the library this one refers to. */
  deps: string[];
}

const START = /^(export\s+)?(?:declare\s+)?(?:async\s+)?(function\*?|const|let|var|interface|type|class|enum|namespace)\s+([A-Za-z_$][\w$]*)/;

/** The top-level declarations of one module's source, in order (deps not yet resolved). */
export function splitDeclarations(source: string): Omit<Declaration, 'deps'>[] {
  const lines = source.split('\n');
  const starts: { line: number; from: number; name: string; kind: string; exported: boolean }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = START.exec(lines[i]);
    if (!m) continue;
    // A doc comment that ends on the line right above belongs to the declaration.
    let from = i;
    if (i > 0 && lines[i - 1].trimEnd().endsWith('*/')) {
      let j = i - 1;
      while (j >= 0 && !lines[j].startsWith('/*')) j--;
      if (j >= 0) from = j;
    }
    starts.push({ line: i, from, name: m[3], kind: m[2], exported: m[1] !== undefined });
  }
  return starts.map((s, k) => {
    const end = k + 1 < starts.length ? starts[k + 1].from : lines.length;
    const text = lines.slice(s.from, end).join('\n').trimEnd();
    return { name: s.name, kind: s.kind, typeOnly: s.kind === 'interface' || s.kind === 'type', exported: s.exported, text };
  });
}

const wholeModules = new Map<string, readonly string[]>();

/** A runtime module copied whole (its imports left out): its declarations' texts, as written, in order (read once). */
export function copiedWhole(url: URL): readonly string[] {
  let texts = wholeModules.get(url.href);
  if (!texts) wholeModules.set(url.href, (texts = splitDeclarations(readFileSync(url, 'utf8')).map((d) => d.text)));
  return texts;
}

/** The text without comments, for finding the names it uses (a comment may mention a helper it does not call). */
function codeOnly(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** A set of modules whose declarations are copied into generated code by use. */
export class RuntimeLibrary {
  private cache: Map<string, Declaration> | undefined;

  /** `modules` in the order their declarations are written out. */
  constructor(private readonly modules: readonly URL[]) {}

  /** Every declaration of the library by name, in module order. */
  declarations(): ReadonlyMap<string, Declaration> {
    if (this.cache) return this.cache;
    const all = new Map<string, Declaration>();
    for (const url of this.modules) {
      for (const d of splitDeclarations(readFileSync(url, 'utf8'))) {
        if (all.has(d.name)) throw new Error(`internal: ${d.name} is declared twice in the runtime library`);
        all.set(d.name, { ...d, deps: [] });
      }
    }
    for (const d of all.values()) {
      const used = new Set(codeOnly(d.text).match(/[A-Za-z_$][\w$]*/g) ?? []);
      used.delete(d.name);
      d.deps = [...used].filter((name) => all.has(name));
    }
    this.cache = all;
    return all;
  }

  has(name: string): boolean {
    return this.declarations().has(name);
  }

  /** `names` (those the library declares) and everything they refer to, in library order. */
  close(names: Iterable<string>): Declaration[] {
    const all = this.declarations();
    const wanted = new Set<string>();
    const visit = (name: string): void => {
      const d = all.get(name);
      if (!d || wanted.has(name)) return;
      wanted.add(name);
      d.deps.forEach(visit);
    };
    for (const name of names) visit(name);
    return [...all.values()].filter((d) => wanted.has(d.name));
  }
}
