/**
 * readOnly / writeOnly of a property schema, looking through `$ref` and `allOf` (the usual ways an OpenAPI
 * document attaches them). Used to relax `required` by direction (see keywords/properties.ts).
 */
import type { Schema } from '../../../../model/types.ts';
import type { NodeInfo, Registry } from '../registry.ts';

export type Access = 'readOnly' | 'writeOnly' | undefined;

export function accessOf(registry: Registry, schema: Schema, node: NodeInfo, seen: Set<unknown> = new Set()): Access {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return undefined;
  seen.add(schema);
  if (schema.readOnly === true) return 'readOnly';
  if (schema.writeOnly === true) return 'writeOnly';
  if (typeof schema.$ref === 'string') {
    const target = registry.resolve(schema.$ref, node);
    const found = accessOf(registry, target.schema, target, seen);
    if (found) return found;
  }
  if (Array.isArray(schema.allOf)) {
    for (const [i, member] of schema.allOf.entries()) {
      const found = accessOf(registry, member, registry.nodeOf(member, node, `${node.pointer}/allOf/${i}`), seen);
      if (found) return found;
    }
  }
  return undefined;
}
