/**
 * Dates as `Date` objects (generated with `dates: 'Date'`): the parsed, validated parameters and body get
 * `Date`s at the positions the operation's date plans name (validation saw the wire strings), and the
 * `Date`s of a handler's answer are written as RFC 3339 strings (`date` members as `YYYY-MM-DD`) before it
 * is checked and serialized. Positions come from the schemas (`DatePlan`), never from the look of a string.
 */
import type { DatePlan, HandlerContext, HandlerResult, OperationDates } from './types.js';

type Leaf = (kind: 'date-time' | 'date', value: unknown) => unknown;

const wire: Leaf = (kind, v) =>
  v instanceof Date && !isNaN(v.getTime()) ? (kind === 'date' ? v.toISOString().slice(0, 10) : v.toISOString()) : v;

const revive: Leaf = (kind, v) => {
  if (typeof v !== 'string') return v;
  // A full-date is midnight UTC, so it prints back as the same date.
  const d = new Date(kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v + 'T00:00:00Z' : v);
  return isNaN(d.getTime()) ? v : d;
};

const own = Object.prototype.hasOwnProperty;

/** `v` with the leaves at the plan's positions converted; objects and arrays copied only along changed paths. */
function walk(plan: DatePlan, v: unknown, leaf: Leaf, schemas: Record<string, DatePlan>): unknown {
  if (typeof plan === 'string') return leaf(plan, v);
  if ('r' in plan) return own.call(schemas, plan.r) ? walk(schemas[plan.r]!, v, leaf, schemas) : v;
  if ('u' in plan) return plan.u.reduce((acc, p) => walk(p, acc, leaf, schemas), v);
  if (v === null || typeof v !== 'object') return v;
  if ('i' in plan) {
    if (!Array.isArray(v)) return v;
    let out: unknown[] | undefined;
    v.forEach((x, n) => {
      const y = walk(plan.i, x, leaf, schemas);
      if (y !== x) (out ??= v.slice())[n] = y;
    });
    return out ?? v;
  }
  if (Array.isArray(v)) return v;
  const record = v as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  const set = (k: string, sub: DatePlan) => {
    const x = record[k];
    const y = walk(sub, x, leaf, schemas);
    if (y !== x) (out ??= Object.assign(Object.create(Object.getPrototypeOf(record)), record))[k] = y;
  };
  if ('p' in plan) for (const k of Object.keys(plan.p)) if (own.call(record, k)) set(k, plan.p[k]!);
  if ('m' in plan) for (const k of Object.keys(record)) set(k, plan.m);
  return out ?? v;
}

/** The handler's context with its parameters and body revived (a new object; the request is still made on first use). */
export function reviveContext(
  context: HandlerContext,
  dates: OperationDates,
  schemas: Record<string, DatePlan>,
): HandlerContext {
  const at = (plan: DatePlan | undefined, v: unknown) => (plan === undefined ? v : walk(plan, v, revive, schemas));
  return {
    params: at(dates.path, context.params) as Record<string, unknown>,
    query: at(dates.query, context.query) as Record<string, unknown>,
    headers: at(dates.header, context.headers) as Record<string, unknown>,
    cookies: at(dates.cookie, context.cookies) as Record<string, unknown>,
    body: at(dates.body, context.body),
    principal: context.principal,
    get request() {
      return context.request;
    },
  };
}

/** The answer with its `Date`s as wire strings, by the success or error plan its status picks. */
export function resultToWire(
  result: HandlerResult,
  dates: OperationDates,
  schemas: Record<string, DatePlan>,
): HandlerResult {
  const plan = result.status >= 200 && result.status < 300 ? dates.ok : dates.error;
  if (plan === undefined || result.body === undefined) return result;
  const body = walk(plan, result.body, wire, schemas);
  return body === result.body ? result : { ...result, body };
}
