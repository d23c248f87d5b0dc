/**
 * Named schemas whose request shape differs from their response shape: those with a readOnly or writeOnly
 * member anywhere inside (access as the access fact finds it, through `$ref` and `allOf`), and, transitively,
 * those that refer to one. A fixed point over the reference graph; these get a separate request type.
 */
import { refKey } from '../refs.ts';
import type { NamedSchema, Schema } from '../types.ts';
import type { Access } from './access.ts';

const MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs']);
const LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SINGLE = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'unevaluatedProperties', 'unevaluatedItems', 'propertyNames']);

/** True when the schema (not following refs) has a member with an access; collects the keys it refers to. */
function scan(schema: Schema, access: (schema: Schema) => Access, refs: Set<string>): boolean {
  if (typeof schema !== 'object') return false;
  let own = false;
  if (schema.$ref) {
    const key = refKey(schema.$ref);
    if (key !== undefined) refs.add(key);
  }
  for (const property of Object.values(schema.properties ?? {})) if (access(property)) own = true;
  for (const [key, value] of Object.entries(schema)) {
    if (MAPS.has(key)) for (const sub of Object.values((value ?? {}) as Record<string, Schema>)) own = scan(sub, access, refs) || own;
    else if (LISTS.has(key)) for (const sub of (value ?? []) as Schema[]) own = scan(sub, access, refs) || own;
    else if (SINGLE.has(key)) own = scan(value as Schema, access, refs) || own;
  }
  return own;
}

export function directionalSchemas(schemas: readonly NamedSchema[], access: (schema: Schema) => Access): Set<string> {
  const differs = new Set<string>();
  const referrers = new Map<string, string[]>();
  for (const s of schemas) {
    const refs = new Set<string>();
    if (scan(s.schema, access, refs)) differs.add(s.key);
    for (const r of refs) {
      const list = referrers.get(r) ?? [];
      list.push(s.key);
      referrers.set(r, list);
    }
  }
  const queue = [...differs];
  while (queue.length) {
    const key = queue.pop()!;
    for (const referrer of referrers.get(key) ?? []) {
      if (!differs.has(referrer)) {
        differs.add(referrer);
        queue.push(referrer);
      }
    }
  }
  return differs;
}
