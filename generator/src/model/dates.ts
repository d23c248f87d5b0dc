/**
 * Dates as `Date` objects (the config's `dates: 'Date'`): which schema nodes are dates, and where they sit
 * in the values an operation sends and receives, as plain-data plans the client and server runtimes walk
 * to convert wire strings to `Date` and back. Positions come from the schemas (properties, items,
 * additional properties, compositions, `$ref`s to named schemas), never from the look of a string.
 *
 * A node is a date when its `type` admits `string`, its `format` is `date-time` or `date`, and it has no
 * `enum`/`const` (those stay literal types). The types target maps exactly these nodes to `Date`.
 */
import { positionPlans, type OperationPositions, type PositionPlan, type PositionPlans } from './positions.ts';
import type { ApiModel, SchemaObject } from './types.ts';

/** Where the dates are in a value (model/positions.ts): the leaves are the date formats. */
export type DatePlan = PositionPlan<'date-time' | 'date'>;

/** The plans of one operation; absent members have no dates. */
export type OperationDates = OperationPositions<'date-time' | 'date'>;

export type DatePlans = PositionPlans<'date-time' | 'date'>;

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
  if (!plans) built.set(model, (plans = positionPlans(model, dateFormatOf)));
  return plans;
}
