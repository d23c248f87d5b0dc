/**
 * Large integers as `bigint` (the config's `int64: 'bigint'`): which schema nodes are int64 integers, and
 * where they sit in the values an operation sends and receives (model/positions.ts), so the client and
 * server runtimes read exactly those JSON numbers as `bigint` (without a detour through a double, which
 * loses every integer above 2^53) and write `bigint`s back as their digits.
 *
 * A node is an int64 when its `type` admits `integer` (or `number`), its `format` is `int64`, and it has no
 * `enum`/`const` (those stay literal types). The types target maps exactly these nodes to `bigint`, and the
 * validators accept a `bigint` there.
 */
import { positionPlans, type OperationPositions, type PositionPlan, type PositionPlans } from './positions.ts';
import type { ApiModel, SchemaObject } from './types.ts';

/** Where the int64 integers are in a value: the leaf is `int64`. */
export type Int64Plan = PositionPlan<'int64'>;

export type OperationInt64 = OperationPositions<'int64'>;

export type Int64Plans = PositionPlans<'int64'>;

/** `int64` when the node itself is an int64 integer (see the header); else undefined. */
export function int64Of(schema: SchemaObject): 'int64' | undefined {
  if (schema.format !== 'int64' || schema.enum !== undefined || schema.const !== undefined) return undefined;
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('integer') || types.includes('number') ? 'int64' : undefined;
}

const built = new WeakMap<ApiModel, Int64Plans>();

export function int64PlansOf(model: ApiModel): Int64Plans {
  let plans = built.get(model);
  if (!plans) built.set(model, (plans = positionPlans(model, int64Of)));
  return plans;
}
