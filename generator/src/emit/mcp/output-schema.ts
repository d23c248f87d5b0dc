/**
 * A tool's `outputSchema` (MCP 2025-06-18, "Output Schema"): the JSON Schema of the operation's success
 * body, taken from the model's schemas (JSON Schema 2020-12) rather than converted from the `zod` target
 * (Zod's `toJSONSchema` drops what that target writes as refinements: formats, code-point lengths, the
 * exclusive `oneOf`). MCP requires an object schema, so a body that can be anything but an object is
 * advertised and returned wrapped as `{ value }`.
 *
 * The component schemas the outputs reach are written once (`DEFS`, each `$ref` rewritten from
 * `#/components/schemas/<key>` to `#/$defs/<key>`); the runtime puts the ones a tool reaches into its
 * schema's `$defs` (runtime/server.ts, `outputSchemaOf`).
 */
import { escapeSegment } from '../../load/pointer.ts';
import type { SchemaFacts } from '../../model/fact-types.ts';
import { refKey } from '../../model/refs.ts';
import type { ApiModel, OperationModel, Schema } from '../../model/types.ts';
import { LIST, MAP, SINGLE, isSchemaValue } from '../validators/compile/subschemas.ts';

/** What a tool advertises and how its result is shaped. */
export interface ToolOutput {
  /** The output schema without `$defs` (its references point into `DEFS`). */
  schema: Record<string, unknown>;
  /** The body is returned as `{ value: body }` (the schema admits more than objects). */
  wrapped: boolean;
}

/** `#/components/schemas/<key>` → `#/$defs/<key>` (a JSON pointer in a URI fragment). */
function defsRef(key: string): string {
  return `#/$defs/${encodeURIComponent(escapeSegment(key))}`;
}

/**
 * A copy of a model schema whose references point into `$defs`; `reached` collects the component keys it
 * refers to. Only subschema positions are walked: `enum`, `const`, `examples` and unknown keywords are data.
 */
function rewrite(schema: Schema, reached: Set<string>): Schema {
  if (typeof schema === 'boolean') return schema;
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    let copied: unknown = value;
    if (keyword === '$ref' && typeof value === 'string') {
      const key = refKey(value);
      if (key !== undefined) {
        reached.add(key);
        copied = defsRef(key);
      }
    } else if (SINGLE.includes(keyword) && isSchemaValue(value)) {
      copied = rewrite(value as Schema, reached);
    } else if (MAP.includes(keyword) && isSchemaValue(value) && typeof value === 'object') {
      const map: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(value as Record<string, unknown>)) {
        Object.defineProperty(map, name, { value: isSchemaValue(child) ? rewrite(child as Schema, reached) : child, enumerable: true });
      }
      copied = map;
    } else if (LIST.includes(keyword) && Array.isArray(value)) {
      copied = value.map((child) => (isSchemaValue(child) ? rewrite(child as Schema, reached) : child));
    }
    Object.defineProperty(out, keyword, { value: copied, enumerable: true });
  }
  return out as Schema;
}

/** The success bodies: one JSON media of each 2XX response, or undefined when a 2XX response has none (no `outputSchema` then). */
function successSchemas(op: OperationModel, facts: SchemaFacts): Schema[] | undefined {
  const success = op.responses.filter((r) => /^2/.test(r.status));
  const schemas: Schema[] = [];
  for (const response of success) {
    const kinds = facts.responseMedia(response).map((m) => m.kind);
    const json = response.content[kinds.indexOf('json')];
    if (!json) return undefined;
    schemas.push(json.schema);
  }
  return schemas.length ? schemas : undefined;
}

/**
 * Each operation's output (those with a JSON body in every 2XX response), and `defs`: every component
 * schema the outputs reach, transitively, in the model's order.
 */
export function toolOutputs(
  model: ApiModel,
  facts: SchemaFacts,
  operations: readonly OperationModel[],
): { outputs: Map<OperationModel, ToolOutput>; defs: Record<string, Schema> } {
  const reached = new Set<string>();
  const outputs = new Map<OperationModel, ToolOutput>();
  for (const op of operations) {
    const schemas = successSchemas(op, facts);
    if (!schemas) continue;
    const body: Schema = schemas.length === 1 ? schemas[0]! : { anyOf: schemas };
    const types = facts.jsonTypes(body);
    const wrapped = !(types.size === 1 && types.has('object'));
    const rewritten = rewrite(body, reached);
    // MCP has the root say `type: object`; a root admitting only objects through `$ref` or `allOf` gets it
    // beside those (the same set of values). `rewritten` is an object unless wrapped: `true` admits anything.
    const schema = wrapped
      ? { type: 'object', properties: { value: rewritten }, required: ['value'] }
      : { ...(rewritten as object), type: 'object' };
    outputs.set(op, { schema: schema as Record<string, unknown>, wrapped });
  }
  const byKey = new Map(model.schemas.map((s) => [s.key, s.schema]));
  const rewritten = new Map<string, Schema>();
  const pending = [...reached];
  while (pending.length) {
    const key = pending.pop()!;
    const target = byKey.get(key);
    if (rewritten.has(key) || target === undefined) continue;
    const found = new Set<string>();
    rewritten.set(key, rewrite(target, found));
    for (const k of found) if (!rewritten.has(k)) pending.push(k);
  }
  const defs: Record<string, Schema> = {};
  for (const s of model.schemas) {
    if (rewritten.has(s.key)) Object.defineProperty(defs, s.key, { value: rewritten.get(s.key), enumerable: true });
  }
  return { outputs, defs };
}
