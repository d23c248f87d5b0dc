/**
 * Dates as `Date` objects (the config's `dates: 'Date'`): which schema nodes are dates, and where they sit
 * in the values an operation sends and receives, as plain-data plans the client and server runtimes walk
 * to convert wire strings to `Date` and back. Positions come from the schemas (properties, items,
 * additional properties, compositions, `$ref`s to named schemas), never from the look of a string.
 *
 * A node is a date when its `type` admits `string`, its `format` is `date-time` or `date`, and it has no
 * `enum`/`const` (those stay literal types). The types target maps exactly these nodes to `Date`.
 */
import { factsOf } from './facts/index.ts';
import type { ApiModel, OperationModel, Schema, SchemaObject } from './types.ts';

/**
 * Where the dates are in a value: a date itself (`date-time` / `date`), members of an object (`p`), every
 * item of an array (`i`), every additional member of a map (`m`), a named schema's plan (`r`), or several
 * plans that all apply (`u`: compositions; a conversion only touches a string, or a `Date`, so they compose).
 */
export type DatePlan =
  | 'date-time'
  | 'date'
  | { p: Record<string, DatePlan> }
  | { i: DatePlan }
  | { m: DatePlan }
  | { r: string }
  | { u: DatePlan[] };

/** The plans of one operation; absent members have no dates. */
export interface OperationDates {
  /** The JSON request body. */
  body?: DatePlan;
  /** Success (2XX) JSON bodies. */
  ok?: DatePlan;
  /** Error JSON bodies. */
  error?: DatePlan;
  /** One item of a streamed success body (for event streams: one event's JSON `data`). */
  items?: DatePlan;
  /** Parameters by location, as `{ p: { <name>: plan } }`. */
  path?: DatePlan;
  query?: DatePlan;
  header?: DatePlan;
  cookie?: DatePlan;
}

export interface DatePlans {
  /** Plans of the named schemas that contain dates, by key (what `{ r: key }` refers to). */
  schemas: Record<string, DatePlan>;
  operation(op: OperationModel): OperationDates;
}

/** `date-time` / `date` when the node itself is a date string (see the header); else undefined. */
export function dateFormatOf(schema: SchemaObject): 'date-time' | 'date' | undefined {
  if (schema.format !== 'date-time' && schema.format !== 'date') return undefined;
  if (schema.enum !== undefined || schema.const !== undefined) return undefined;
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('string') ? schema.format : undefined;
}

const built = new WeakMap<ApiModel, DatePlans>();

export function datePlansOf(model: ApiModel): DatePlans {
  let plans = built.get(model);
  if (!plans) built.set(model, (plans = buildPlans(model)));
  return plans;
}

function buildPlans(model: ApiModel): DatePlans {
  const facts = factsOf(model);
  const schemas: Record<string, DatePlan> = {};
  // Named schemas being planned (a cycle refers to itself) and those found without dates.
  const planning = new Set<string>();
  const none = new Set<string>();

  const named = (key: string, schema: Schema): DatePlan | undefined => {
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

  const node = (schema: Schema | undefined): DatePlan | undefined => {
    if (schema === undefined || typeof schema === 'boolean') return undefined;
    const target = facts.namedTarget(schema);
    if (target) return named(target.key, target.schema);
    const parts: DatePlan[] = [];
    const leaf = dateFormatOf(schema);
    if (leaf) parts.push(leaf);
    const props: Record<string, DatePlan> = {};
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

  const all = (plans: (DatePlan | undefined)[]): DatePlan | undefined => {
    const found = plans.filter((p): p is DatePlan => p !== undefined);
    return found.length === 0 ? undefined : found.length === 1 ? found[0] : { u: found };
  };
  const json = (mediaType: string) => /[/+]json$/i.test(mediaType.split(';')[0]!.trim());

  const cache = new WeakMap<OperationModel, OperationDates>();
  return {
    schemas,
    operation(op) {
      let dates = cache.get(op);
      if (dates) return dates;
      dates = {};
      const body = all((op.requestBody?.content ?? []).filter((m) => json(m.mediaType)).map((m) => node(m.schema)));
      if (body) dates.body = body;
      const responses = (ok: boolean) => all(op.responses.filter((r) => /^2/.test(r.status) === ok).flatMap((r) => r.content.filter((m) => json(m.mediaType)).map((m) => node(m.schema))));
      const okPlan = responses(true);
      if (okPlan) dates.ok = okPlan;
      const errorPlan = responses(false);
      if (errorPlan) dates.error = errorPlan;
      // Streamed answers (the model's stream fact): each item is revived as it arrives.
      const streamed = (factsOf(model).stream(op)?.streams ?? []).filter((m) => m.format !== 'sse' || m.jsonData);
      const itemsPlan = all(streamed.map((m) => node(m.schema)));
      if (itemsPlan) dates.items = itemsPlan;
      for (const location of ['path', 'query', 'header', 'cookie'] as const) {
        const props: Record<string, DatePlan> = {};
        for (const p of op.parameters) {
          if (p.in !== location || p.contentType) continue;
          const plan = node(p.schema);
          if (plan !== undefined) props[p.name] = plan;
        }
        if (Object.keys(props).length) dates[location] = { p: props };
      }
      cache.set(op, dates);
      return dates;
    },
  };
}
