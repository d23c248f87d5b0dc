/**
 * Per-node memoization for schema facts: each fact is computed at most once per schema object, and a
 * node met again while its own fact is being computed (a recursive schema) answers `onCycle`.
 */
import type { Schema, SchemaObject } from '../types.ts';

export function memoPerNode<T>(compute: (schema: SchemaObject) => T, forBoolean: (value: boolean) => T, onCycle: () => T): (schema: Schema) => T {
  const done = new WeakMap<object, T>();
  const inProgress = new WeakSet<object>();
  return (schema) => {
    if (typeof schema === 'boolean') return forBoolean(schema);
    const known = done.get(schema);
    if (known !== undefined || done.has(schema)) return known as T;
    if (inProgress.has(schema)) return onCycle();
    inProgress.add(schema);
    try {
      const value = compute(schema);
      done.set(schema, value);
      return value;
    } finally {
      inProgress.delete(schema);
    }
  };
}
