/**
 * Some real specs (DigitalOcean's among them) write a JSON Reference where OpenAPI expects a map of
 * schemas: `properties: { $ref: 'shared_props.yml' }`. JSON Reference semantics replace the whole object,
 * and that is what every tool in practice does, so after bundling we replace such maps by their target.
 */
import { getAtPointer } from './pointer.ts';

const MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

export function inlineMapRefs(document: unknown): void {
  const seen = new Set<object>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      let child = record[key];
      if (MAP_KEYWORDS.has(key)) {
        for (let hops = 0; hops < 16 && isRefOnly(child); hops++) {
          const target = getAtPointer(document, (child as { $ref: string }).$ref);
          if (target === undefined) break;
          child = target;
        }
        record[key] = child;
      }
      walk(child);
    }
  };
  walk(document);
}

function isRefOnly(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && typeof (value as Record<string, unknown>).$ref === 'string' && ((value as Record<string, string>).$ref).startsWith('#');
}
