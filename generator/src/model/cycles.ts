/**
 * Reference cycles a type system cannot express: a schema that is only an alias, union or intersection of
 * the next, all the way round (`A = B`, `B = A | null`). Cycles through properties or items are fine.
 */
import { refKey } from './refs.ts';
import type { NamedSchema, Schema } from './types.ts';

/** Keys a schema refers to without an object or array in between. */
function directRefs(schema: Schema, out: Set<string>): void {
  if (typeof schema !== 'object') return;
  if (schema.$ref) {
    const key = refKey(schema.$ref);
    if (key !== undefined) out.add(key);
  }
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) for (const s of schema[keyword] ?? []) directRefs(s, out);
}

export function findAliasCycles(schemas: NamedSchema[]): NamedSchema[][] {
  const byKey = new Map(schemas.map((s) => [s.key, s]));
  const edges = new Map<string, string[]>();
  for (const s of schemas) {
    const out = new Set<string>();
    directRefs(s.schema, out);
    edges.set(s.key, [...out]);
  }
  const cycles: NamedSchema[][] = [];
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const reported = new Set<string>();
  const visit = (key: string): void => {
    state.set(key, 1);
    stack.push(key);
    for (const next of edges.get(key) ?? []) {
      if (state.get(next) === 1) {
        const cycle = stack.slice(stack.indexOf(next));
        const id = [...cycle].sort().join('\0');
        if (!reported.has(id)) {
          reported.add(id);
          cycles.push(cycle.map((k) => byKey.get(k)!));
        }
      } else if (!state.has(next) && byKey.has(next)) visit(next);
    }
    stack.pop();
    state.set(key, 2);
  };
  for (const s of schemas) if (!state.has(s.key)) visit(s.key);
  return cycles;
}
