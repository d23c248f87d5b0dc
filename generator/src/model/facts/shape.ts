/**
 * The object shape of a schema in one direction: which members a value may carry and which it must, after
 * `$ref`s are followed and `allOf` parts merged. A `readOnly` member is not part of a request and a
 * `writeOnly` member not part of a response (OpenAPI 3.1 §4.8.24: such a property "MAY be sent" only one
 * way; its `required` applies only that way).
 */
import type { Schema, SchemaObject } from '../types.ts';
import { presentIn, type Access, type Direction } from './access.ts';
import type { MemberFact, ShapeFact } from '../fact-types.ts';
export type { MemberFact, ShapeFact } from '../fact-types.ts';

export function shapeOf(merged: (schema: Schema) => SchemaObject, access: (schema: Schema) => Access): (schema: Schema, direction: Direction) => ShapeFact {
  const cache = new Map<Direction, WeakMap<object, ShapeFact>>([
    ['request', new WeakMap()],
    ['response', new WeakMap()],
  ]);
  return (schema: Schema, direction: Direction): ShapeFact => {
    if (typeof schema === 'boolean') return { members: [], omitted: [], closed: !schema };
    const perDirection = cache.get(direction)!;
    const known = perDirection.get(schema);
    if (known) return known;
    const view = merged(schema);
    const required = new Set(view.required ?? []);
    const members: MemberFact[] = [];
    const omitted: string[] = [];
    for (const [name, sub] of Object.entries(view.properties ?? {})) {
      const a = access(sub);
      if (presentIn(a, direction)) members.push({ name, schema: sub, access: a, required: required.has(name) });
      else omitted.push(name);
    }
    for (const name of required) {
      if (!view.properties || !Object.prototype.hasOwnProperty.call(view.properties, name)) members.push({ name, access: undefined, required: true });
    }
    const shape: ShapeFact = { members, omitted, closed: view.additionalProperties === false || view.unevaluatedProperties === false };
    perDirection.set(schema, shape);
    return shape;
  };
}
