/** A piece of trusted run-time code of a generated module, with the pieces it needs. */
import type { Code } from '../../../codegen/index.ts';

export interface Piece {
  deps: readonly string[];
  text: string | Code;
}

/** `names` plus everything they depend on, in the table's declaration order. */
export function closePieces(table: Record<string, Piece>, names: Iterable<string>): string[] {
  const all = new Set<string>();
  const visit = (name: string): void => {
    if (all.has(name)) return;
    const piece = table[name];
    if (!piece) throw new Error(`internal: unknown runtime piece ${name}`);
    all.add(name);
    piece.deps.forEach(visit);
  };
  for (const name of names) visit(name);
  return Object.keys(table).filter((name) => all.has(name));
}
