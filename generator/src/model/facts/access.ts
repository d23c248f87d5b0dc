/**
 * Access of a schema node (OpenAPI 3.1 §4.8.24, JSON Schema readOnly/writeOnly): `readOnly` (sent only in
 * responses) or `writeOnly` (sent only in requests). Reached through `$ref`, through any `allOf` member
 * (every member applies), and through `anyOf`/`oneOf` when every branch that admits more than `null` agrees
 * (a nullable reference `anyOf: [{$ref}, {type: null}]` keeps its target's access).
 */
import type { Schema, SchemaObject } from '../types.ts';
import { memoPerNode } from './memo.ts';
import type { Resolver } from './resolve.ts';
import type { Access, Direction } from '../fact-types.ts';
export type { Access, Direction } from '../fact-types.ts';

export function accessFact(resolver: Resolver): (schema: Schema) => Access {
  const access: (schema: Schema) => Access = memoPerNode<Access>(
    (schema: SchemaObject): Access => {
      if (schema.readOnly === true) return 'readOnly';
      if (schema.writeOnly === true) return 'writeOnly';
      if (typeof schema.$ref === 'string') {
        const target = resolver.byRef(schema.$ref);
        const found = target ? access(target.schema) : undefined;
        if (found) return found;
      }
      for (const member of schema.allOf ?? []) {
        const found = access(member);
        if (found) return found;
      }
      for (const branches of [schema.anyOf, schema.oneOf]) {
        const found = agreed(branches, access);
        if (found) return found;
      }
      return undefined;
    },
    () => undefined,
    () => undefined,
  );
  return access;
}

function agreed(branches: Schema[] | undefined, access: (schema: Schema) => Access): Access {
  const relevant = (branches ?? []).filter((b) => !onlyNull(b));
  if (!relevant.length) return undefined;
  const first = access(relevant[0]);
  return first && relevant.every((b) => access(b) === first) ? first : undefined;
}

function onlyNull(schema: Schema): boolean {
  if (typeof schema !== 'object') return false;
  const s: SchemaObject = schema;
  return s.type === 'null' || (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === 'null') || s.const === null;
}

/** True when a member with this access is part of the value in `direction`. */
export function presentIn(access: Access, direction: Direction): boolean {
  return direction === 'request' ? access !== 'readOnly' : access !== 'writeOnly';
}
