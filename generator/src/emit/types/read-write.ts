/**
 * Which schemas need a separate request (`Write`) type: those declaring a readOnly or writeOnly property
 * anywhere inside, and, transitively, those referring to one. A fixed point over the reference graph.
 */
import { refKey } from '../../model/refs.ts';
import type { NamedSchema, Schema } from '../../model/types.ts';

function scan(schema: Schema, refs: Set<string>): boolean {
  if (typeof schema !== 'object') return false;
  let own = false;
  if (schema.$ref) {
    const key = refKey(schema.$ref);
    if (key !== undefined) refs.add(key);
  }
  for (const property of Object.values(schema.properties ?? {})) {
    if (typeof property === 'object' && (property.readOnly || property.writeOnly)) own = true;
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' || key === 'patternProperties' || key === 'dependentSchemas' || key === '$defs') {
      for (const sub of Object.values((value ?? {}) as Record<string, Schema>)) own = scan(sub, refs) || own;
    } else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf' || key === 'prefixItems') {
      for (const sub of (value ?? []) as Schema[]) own = scan(sub, refs) || own;
    } else if (key === 'items' || key === 'additionalProperties' || key === 'not' || key === 'if' || key === 'then' || key === 'else' || key === 'contains' || key === 'unevaluatedProperties' || key === 'unevaluatedItems' || key === 'propertyNames') {
      own = scan(value as Schema, refs) || own;
    }
  }
  return own;
}

export function schemasWithWriteView(schemas: NamedSchema[]): Set<string> {
  const differs = new Set<string>();
  const referrers = new Map<string, string[]>();
  for (const s of schemas) {
    const refs = new Set<string>();
    if (scan(s.schema, refs)) differs.add(s.key);
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
