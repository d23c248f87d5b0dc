/**
 * Reuse keys blind to the text of schemas' annotations, for the watch's emit cache (emit-cache.ts). An edit
 * of a schema's description changes the model, so a key of the whole model emits every target again; but
 * only the types print schemas' descriptions and titles (as JSDoc). The validators, the client and the
 * server read them in two ways only, which the blind key keeps: whether a schema has one and whether it is
 * empty (the server and client ask whether a `$ref` stands alone: model/facts/problem-shape.ts), and
 * whether a schema's JSON, texts included, is short (the validators inline a short schema instead of
 * calling its function: compile/keywords/ref.ts `inlinable`). A non-empty text becomes `x`, and the key
 * ends with that one bit per schema object.
 *
 * What is blind is checked against fresh runs by test/pipeline/watch-incremental.test.ts (random edits of
 * every blinded annotation, in component, parameter and response schemas); a target that starts reading
 * one of these texts otherwise must leave SCHEMA_TEXT_BLIND.
 */
import { contentKey } from '../content-key.ts';
import { INLINE_JSON_LENGTH } from '../emit/validators/compile/inline-limit.ts';
import { forEachSubschema } from '../emit/validators/compile/subschemas.ts';
import type { ApiModel, OperationModel, Schema } from '../model/types.ts';

/** The annotations whose text is blinded: a schema's `description`, `title` and `$comment`. */
const SCHEMA_TEXT: ReadonlySet<string> = new Set(['description', 'title', '$comment']);

/** The built-in targets whose output does not depend on the text of SCHEMA_TEXT (only on the facts kept above). */
export const SCHEMA_TEXT_BLIND: ReadonlySet<string> = new Set(['validators', 'client', 'server']);

/** The model's key with SCHEMA_TEXT's texts blinded (each schema's short JSON kept); undefined: none. */
export function schemaTextBlindKey(model: ApiModel): string | undefined {
  const { schemas, short } = schemaObjects(model);
  const key = contentKey(model, (holder, name, value) => (typeof value === 'string' && SCHEMA_TEXT.has(name) && schemas.has(holder) ? (value === '' ? '' : 'x') : value));
  return key === undefined ? undefined : `${key}\u0000${short}`;
}

/**
 * Every schema object of the model, by the places the model holds schemas (named schemas, and parameters,
 * bodies, responses and their headers of operations and webhooks) and the applicators under them, and in
 * the order met, a bit each: `1` when its JSON is short enough to inline. A schema held anywhere else is
 * not blinded: its text stays in the key (a key too strict only emits again).
 */
function schemaObjects(model: ApiModel): { schemas: Set<object>; short: string } {
  const schemas = new Set<object>();
  let short = '';
  // A short schema's subschemas are short too (their JSON is part of its JSON): not stringified again.
  const visit = (schema: unknown, shortParent: boolean): void => {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || schemas.has(schema)) return;
    schemas.add(schema);
    const isShort = shortParent || JSON.stringify(schema).length <= INLINE_JSON_LENGTH;
    short += isShort ? '1' : '0';
    forEachSubschema(schema, (child) => visit(child, isShort));
  };
  const operation = (op: OperationModel): void => {
    for (const p of op.parameters) visit(p.schema, false);
    for (const m of op.requestBody?.content ?? []) visit(m.schema, false);
    for (const r of op.responses) {
      for (const m of r.content) visit(m.schema, false);
      for (const h of r.headers) visit(h.schema, false);
    }
  };
  for (const named of model.schemas) visit(named.schema satisfies Schema, false);
  for (const op of model.operations) operation(op);
  for (const w of model.webhooks ?? []) operation(w.operation);
  return { schemas, short };
}
