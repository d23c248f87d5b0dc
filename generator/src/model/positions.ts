/**
 * Where values of one kind sit in the values an operation sends and receives (dates for `dates: 'Date'`,
 * int64 integers for `int64: 'bigint'`), as plain-data plans the client and server runtimes walk. Positions
 * come from the schemas (properties, items, additional properties, compositions, `$ref`s to named
 * schemas), never from the look of a value. `leafOf` says which nodes are the kind and names their leaf.
 */
import { factsOf } from './facts/index.ts';
import type { ApiModel, OperationModel, Schema, SchemaObject } from './types.ts';

/**
 * Where the leaves are in a value: a leaf itself (`L`), members of an object (`p`), every item of an array
 * (`i`), every additional member of a map (`m`), a named schema's plan (`r`), or several plans that all
 * apply (`u`: compositions; a conversion only touches a leaf, so they compose).
 */
export type PositionPlan<L extends string> =
  | L
  | { p: Record<string, PositionPlan<L>> }
  | { i: PositionPlan<L> }
  | { m: PositionPlan<L> }
  | { r: string }
  | { u: PositionPlan<L>[] };

/** The plans of one operation; absent members have no leaves. */
export interface OperationPositions<L extends string> {
  /** The JSON request body. */
  body?: PositionPlan<L>;
  /** Success (2XX) JSON bodies. */
  ok?: PositionPlan<L>;
  /** Error JSON bodies. */
  error?: PositionPlan<L>;
  /** One item of a streamed success body (for event streams: one event's JSON `data`). */
  items?: PositionPlan<L>;
  /** Parameters by location, as `{ p: { <name>: plan } }`. */
  path?: PositionPlan<L>;
  query?: PositionPlan<L>;
  header?: PositionPlan<L>;
  cookie?: PositionPlan<L>;
}

export interface PositionPlans<L extends string> {
  /** Plans of the named schemas that contain leaves, by key (what `{ r: key }` refers to). */
  schemas: Record<string, PositionPlan<L>>;
  operation(op: OperationModel): OperationPositions<L>;
}

export function positionPlans<L extends string>(model: ApiModel, leafOf: (schema: SchemaObject) => L | undefined): PositionPlans<L> {
  const facts = factsOf(model);
  const schemas: Record<string, PositionPlan<L>> = {};
  // Named schemas being planned (a cycle refers to itself) and those found without leaves.
  const planning = new Set<string>();
  const none = new Set<string>();

  const named = (key: string, schema: Schema): PositionPlan<L> | undefined => {
    if (Object.prototype.hasOwnProperty.call(schemas, key) || planning.has(key)) return { r: key };
    if (none.has(key)) return undefined;
    planning.add(key);
    const plan = node(schema);
    planning.delete(key);
    if (plan === undefined) {
      none.add(key);
      return undefined;
    }
    schemas[key] = plan;
    return { r: key };
  };

  const node = (schema: Schema | undefined): PositionPlan<L> | undefined => {
    if (schema === undefined || typeof schema === 'boolean') return undefined;
    const target = facts.namedTarget(schema);
    if (target) return named(target.key, target.schema);
    const parts: PositionPlan<L>[] = [];
    const leaf = leafOf(schema);
    if (leaf) parts.push(leaf);
    const props: Record<string, PositionPlan<L>> = {};
    for (const [name, sub] of Object.entries(schema.properties ?? {})) {
      const plan = node(sub);
      if (plan !== undefined) props[name] = plan;
    }
    if (Object.keys(props).length) parts.push({ p: props });
    const items = schema.items !== undefined && !Array.isArray(schema.items) ? node(schema.items as Schema) : undefined;
    if (items !== undefined) parts.push({ i: items });
    const extra = typeof schema.additionalProperties === 'object' ? node(schema.additionalProperties) : undefined;
    if (extra !== undefined) parts.push({ m: extra });
    for (const list of [schema.allOf, schema.anyOf, schema.oneOf]) {
      for (const sub of list ?? []) {
        const plan = node(sub);
        if (plan !== undefined) parts.push(plan);
      }
    }
    return parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : { u: parts };
  };

  const all = (plans: (PositionPlan<L> | undefined)[]): PositionPlan<L> | undefined => {
    const found = plans.filter((p): p is PositionPlan<L> => p !== undefined);
    return found.length === 0 ? undefined : found.length === 1 ? found[0] : { u: found };
  };
  const json = (mediaType: string) => /[/+]json$/i.test(mediaType.split(';')[0]!.trim());

  const cache = new WeakMap<OperationModel, OperationPositions<L>>();
  return {
    schemas,
    operation(op) {
      let found = cache.get(op);
      if (found) return found;
      found = {};
      const body = all((op.requestBody?.content ?? []).filter((m) => json(m.mediaType)).map((m) => node(m.schema)));
      if (body) found.body = body;
      const responses = (ok: boolean) => all(op.responses.filter((r) => /^2/.test(r.status) === ok).flatMap((r) => r.content.filter((m) => json(m.mediaType)).map((m) => node(m.schema))));
      const okPlan = responses(true);
      if (okPlan) found.ok = okPlan;
      const errorPlan = responses(false);
      if (errorPlan) found.error = errorPlan;
      // Streamed answers (the model's stream fact): each item is converted as it arrives.
      const streamed = (factsOf(model).stream(op)?.streams ?? []).filter((m) => m.format !== 'sse' || m.jsonData);
      const itemsPlan = all(streamed.map((m) => node(m.schema)));
      if (itemsPlan) found.items = itemsPlan;
      for (const location of ['path', 'query', 'header', 'cookie'] as const) {
        const props: Record<string, PositionPlan<L>> = {};
        for (const p of op.parameters) {
          if (p.in !== location || p.contentType) continue;
          const plan = node(p.schema);
          if (plan !== undefined) props[p.name] = plan;
        }
        if (Object.keys(props).length) found[location] = { p: props };
      }
      cache.set(op, found);
      return found;
    },
  };
}
