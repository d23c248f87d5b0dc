/**
 * The layering of generator/src, checked over its import graph as dpdm reads it (type-only imports and
 * dynamic `import()`s count: each is a dependency of one module on another).
 *
 * A cycle across folders: in some folder, its own files and its subfolders (each subfolder taken as one
 * whole) import each other in a cycle that passes through a subfolder. Files of one folder may import each
 * other in a cycle (mutual recursion inside a folder); a subfolder may not both depend on its parent's
 * files and be depended on by them, and two sibling folders may not depend on each other.
 */
import { parseDependencyTree, type DependencyTree } from 'dpdm';

/** `from` imports `to`: paths relative to the source root, with forward slashes. */
export type Edge = readonly [from: string, to: string];

/** The import edges between the modules under `sourceRoot` (a folder of `repoRoot`), and imports that did not resolve. */
export async function importGraph(repoRoot: string, sourceRoot: string): Promise<{ edges: Edge[]; unresolved: string[] }> {
  const tree: DependencyTree = await parseDependencyTree(`${sourceRoot}/**/*.{ts,mts,mjs}`, {
    context: repoRoot,
    // Keep type-only imports (dpdm's `transform` drops them).
    transform: false,
    skipDynamicImports: false,
    extensions: ['.ts', '.mts', '.mjs', '.js'],
  });
  const prefix = sourceRoot.replace(/\/?$/, '/');
  const edges: Edge[] = [];
  const unresolved: string[] = [];
  for (const [file, dependencies] of Object.entries(tree)) {
    if (!file.startsWith(prefix) || !dependencies) continue;
    for (const dependency of dependencies) {
      if (dependency.id === null) {
        if (dependency.request.startsWith('.')) unresolved.push(`${file}: ${dependency.request}`);
        continue;
      }
      if (dependency.id.startsWith(prefix)) edges.push([file.slice(prefix.length), dependency.id.slice(prefix.length)]);
    }
  }
  return { edges: dedupe(edges), unresolved };
}

function dedupe(edges: Edge[]): Edge[] {
  const seen = new Map<string, Edge>();
  for (const edge of edges) seen.set(edge.join('\0'), edge);
  return [...seen.values()].sort((a, b) => a.join('\0').localeCompare(b.join('\0')));
}

/**
 * The edges that take part in a cycle across folders, each as `from -> to (in folder: unit -> unit)`. An
 * edge is named once, in the folder where its two ends part: the units there are the files of that folder
 * and its subfolders (`sub/`).
 */
export function crossFolderCycles(edges: readonly Edge[]): string[] {
  // Per folder: its unit graph, and the file edges behind each unit edge.
  const folders = new Map<string, Map<string, Map<string, Edge[]>>>();
  for (const edge of edges) {
    const a = edge[0].split('/');
    const b = edge[1].split('/');
    let i = 0;
    while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i++;
    const folder = a.slice(0, i).join('/') || '.';
    const unit = (parts: string[]) => (i < parts.length - 1 ? `${parts[i]}/` : parts[i]);
    const from = unit(a);
    const to = unit(b);
    if (from === to) continue;
    let graph = folders.get(folder);
    if (!graph) folders.set(folder, (graph = new Map()));
    let out = graph.get(from);
    if (!out) graph.set(from, (out = new Map()));
    let behind = out.get(to);
    if (!behind) out.set(to, (behind = []));
    behind.push(edge);
  }
  const problems: string[] = [];
  for (const [folder, graph] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
    for (const component of stronglyConnected(graph)) {
      if (!component.some((unit) => unit.endsWith('/'))) continue;
      const members = new Set(component);
      for (const from of component) {
        for (const [to, behind] of graph.get(from) ?? []) {
          // Between two files of the folder, the edge is a folder's own mutual recursion: not named.
          if (!members.has(to) || (!from.endsWith('/') && !to.endsWith('/'))) continue;
          for (const [a, b] of behind) problems.push(`${a} -> ${b} (in ${folder}: ${from} -> ${to})`);
        }
      }
    }
  }
  return problems.sort();
}

/** Tarjan's strongly connected components of more than one node. */
function stronglyConnected(graph: Map<string, Map<string, unknown>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

/** Edges from a module under `from/` to one under `to/` (folders relative to the source root). */
export function importsBetween(edges: readonly Edge[], from: string, to: string): Edge[] {
  const inside = (file: string, folder: string) => file.startsWith(folder.replace(/\/?$/, '/'));
  return edges.filter(([a, b]) => inside(a, from) && inside(b, to));
}

/** `edges` without the listed ones. */
export function without(edges: readonly Edge[], allowed: readonly Edge[]): Edge[] {
  const skip = new Set(allowed.map((edge) => edge.join('\0')));
  return edges.filter((edge) => !skip.has(edge.join('\0')));
}
