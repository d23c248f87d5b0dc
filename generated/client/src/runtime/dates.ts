/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * Dates as `Date` objects (generated with `dates: 'Date'`): request bodies are sent with their `Date`s as
 * RFC 3339 strings (`date` members as `YYYY-MM-DD`), response bodies get `Date`s back — at the positions
 * the operation's date plans name (from the schemas, see `DatePlan`), never by the look of a string.
 * Only clients generated with dates carry this module.
 */
import type { Feature } from './core.js';
import { ApiError, asProblem } from './errors.js';
import type { DatePlan } from './types.js';

/** Also the operations' feature (`OperationSpec.hooks`): request bodies sent with strings, answers revived. */
export interface DateCodec extends Feature {
  /** A copy of `value` with the `Date`s at the plan's positions as wire strings. */
  toWire(plan: DatePlan, value: unknown): unknown;
  /** `value` (freshly parsed JSON) with the strings at the plan's positions as `Date`s. */
  revive(plan: DatePlan, value: unknown): unknown;
}

type Leaf = (kind: 'date-time' | 'date', value: unknown) => unknown;

const wire: Leaf = (kind, v) =>
  v instanceof Date && !isNaN(v.getTime()) ? (kind === 'date' ? v.toISOString().slice(0, 10) : v.toISOString()) : v;

const revive: Leaf = (kind, v) => {
  if (typeof v !== 'string') return v;
  // A full-date is midnight UTC, so it prints back as the same date.
  const d = new Date(kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v + 'T00:00:00Z' : v);
  return isNaN(d.getTime()) ? v : d;
};

/** The converter over the named schemas' plans (`datePlans` of the generated operations module). */
export function dateCodec(schemas: Readonly<Record<string, DatePlan>>): DateCodec {
  const own = Object.prototype.hasOwnProperty;
  // Copies objects and arrays only along the way to a changed value.
  const walk = (plan: DatePlan, v: unknown, leaf: Leaf): unknown => {
    if (typeof plan === 'string') return leaf(plan, v);
    if ('r' in plan) return own.call(schemas, plan.r) ? walk(schemas[plan.r]!, v, leaf) : v;
    if ('u' in plan) return plan.u.reduce((acc, p) => walk(p, acc, leaf), v);
    if (v === null || typeof v !== 'object') return v;
    if ('i' in plan) {
      if (!Array.isArray(v)) return v;
      let out: unknown[] | undefined;
      v.forEach((x, n) => {
        const y = walk(plan.i, x, leaf);
        if (y !== x) (out ??= v.slice())[n] = y;
      });
      return out ?? v;
    }
    if (Array.isArray(v)) return v;
    const record = v as Record<string, unknown>;
    let out: Record<string, unknown> | undefined;
    const set = (k: string, sub: DatePlan) => {
      const x = record[k];
      const y = walk(sub, x, leaf);
      if (y !== x) (out ??= { ...record })[k] = y;
    };
    if ('p' in plan) for (const k of Object.keys(plan.p)) if (own.call(record, k)) set(k, plan.p[k]!);
    if ('m' in plan) for (const k of Object.keys(record)) set(k, plan.m);
    return out ?? v;
  };
  const toWire = (plan: DatePlan, v: unknown) => walk(plan, v, wire);
  const back = (plan: DatePlan, v: unknown) => walk(plan, v, revive);
  const feature: Feature = (next) => async (op, args, call) => {
    const plans = op.dates;
    if (plans?.body && args?.body !== undefined) args = { ...args, body: toWire(plans.body, args.body) };
    try {
      const sent = await next(op, args, call);
      // Success bodies read another way than the default (`parseAs`) are left as they are.
      return plans?.ok && call.parseAs === undefined ? { ...sent, data: back(plans.ok, sent.data) } : sent;
    } catch (e) {
      if (plans?.error && e instanceof ApiError) {
        const body = back(plans.error, e.body);
        Object.assign(e, { body, problem: asProblem(body) });
      }
      throw e;
    }
  };
  return Object.assign(feature, { toWire, revive: back });
}
