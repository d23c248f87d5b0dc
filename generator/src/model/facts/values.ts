/**
 * The finite set of values a schema node admits, when it has one: its `const`, or its `enum`, after its
 * `$ref` target and `allOf` parts are merged in (so `allOf: [{type: string}, {const: photo}]` admits just
 * `photo`, and a member whose `enum` is narrowed by another part admits only the common values). Undefined
 * when the node admits an open set. Emitters use it to tell whether a member is already pinned to a value
 * (a discriminator branch that declares its own tag needs no extra literal).
 */
import type { JsonValue, Schema, SchemaObject } from '../types.ts';
import { canonicalJson } from './all-of.ts';
import { memoPerNode } from './memo.ts';

export function enumeratedFact(merged: (schema: Schema) => SchemaObject): (schema: Schema) => readonly JsonValue[] | undefined {
  return memoPerNode<readonly JsonValue[] | undefined>(
    (schema) => {
      const view = merged(schema);
      const listed = Array.isArray(view.enum) ? view.enum : undefined;
      // A residual `const` part (two different `const`s in allOf) admits nothing.
      const conflicting = (view.allOf ?? []).some((part) => typeof part === 'object' && part.const !== undefined);
      if (view.const !== undefined) {
        if (conflicting) return [];
        return !listed || listed.some((v) => canonicalJson(v) === canonicalJson(view.const)) ? [view.const] : [];
      }
      return listed;
    },
    (value) => (value ? undefined : []),
    () => undefined,
  );
}

/** True when `a` and `b` hold the same values (order and duplicates aside). */
export function sameValues(a: readonly JsonValue[], b: readonly JsonValue[]): boolean {
  const left = new Set(a.map(canonicalJson));
  const right = new Set(b.map(canonicalJson));
  return left.size === right.size && [...left].every((v) => right.has(v));
}
