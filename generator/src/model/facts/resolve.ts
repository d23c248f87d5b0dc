/**
 * Following `$ref`s. In the model every schema reference reads `#/components/schemas/<key>` with the key
 * written as an RFC 6901 segment (`~1` for `/`, `~0` for `~`, possibly percent-encoded as a URI fragment);
 * this is the one place that turns such a reference back into the named schema.
 */
import { refKey } from '../refs.ts';
import type { NamedSchema, Schema } from '../types.ts';

export interface Resolver {
  /** The named schema a `$ref` value designates, or undefined for anything that is not a model reference. */
  byRef(ref: string): NamedSchema | undefined;
  /** The named schema at the end of a `$ref` chain starting at `schema` (undefined when `schema` is no reference). */
  named(schema: Schema): NamedSchema | undefined;
  /** The schema at the end of a `$ref` chain (the schema itself when it is no reference; cycles stop where they close). */
  target(schema: Schema): Schema;
}

export function createResolver(schemas: readonly NamedSchema[]): Resolver {
  const byKey = new Map(schemas.map((s) => [s.key, s]));
  const byRef = (ref: string): NamedSchema | undefined => {
    const key = refKey(ref);
    return key === undefined ? undefined : byKey.get(key);
  };
  const named = (schema: Schema): NamedSchema | undefined => {
    let last: NamedSchema | undefined;
    const seen = new Set<NamedSchema>();
    let node = schema;
    while (typeof node === 'object' && typeof node.$ref === 'string') {
      const next = byRef(node.$ref);
      if (!next || seen.has(next)) break;
      seen.add(next);
      last = next;
      node = next.schema;
    }
    return last;
  };
  return {
    byRef,
    named,
    target: (schema) => named(schema)?.schema ?? schema,
  };
}
