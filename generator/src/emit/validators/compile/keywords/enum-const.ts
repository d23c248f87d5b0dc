/**
 * `enum` (§6.1.2) and `const` (§6.1.3) with JSON equality: primitives compare with `===` (1 and 1.0 are the
 * same number), objects and arrays with the deep `_eq`. Non-primitive values are hoisted constants.
 */
import { raw } from '../../../../codegen/index.ts';
import { binary, call, index, lit, member, not, object, or, type Expr, type Stmt } from '../../../../codegen/statements.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import type { Primitive } from '../hoist.ts';
import { guard, type Site } from '../site.ts';

/** A JSON scalar (finite numbers only): written inline, compared with `===`. */
export function isPrimitive(value: unknown): value is Primitive {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** A JSON value as an expression: a literal for primitives, a hoisted constant otherwise. */
export function jsonValue(c: KeywordContext, value: unknown): Expr {
  return isPrimitive(value) ? lit(value) : c.hoist.value(value);
}

/** NaN and ±Infinity are not JSON values: as enum members or const they match nothing. */
function isJson(value: unknown): boolean {
  return typeof value !== 'number' || Number.isFinite(value);
}

/** Condition: the value equals `value` (JSON equality). */
export function equals(c: KeywordContext, d: Expr, value: unknown): Expr {
  if (!isJson(value)) return FALSE;
  return isPrimitive(value) ? binary(d, '===', lit(value)) : call(c.use('_eq'), d, c.hoist.value(value));
}

const FALSE = raw('false');

function inEnum(c: KeywordContext, d: Expr, all: readonly unknown[]): Expr {
  const values = all.filter(isJson);
  const primitives = values.filter(isPrimitive);
  const others = values.filter((v) => !isPrimitive(v));
  const parts: Expr[] = [];
  if (primitives.length > 8) parts.push(call(member(c.hoist.set([...new Set(primitives)]), 'has'), d));
  else parts.push(...[...new Set(primitives)].map((v) => binary(d, '===', lit(v))));
  if (others.length) {
    const list = c.hoist.value(others);
    parts.push(others.length === 1 ? call(c.use('_eq'), d, index(list, lit(0))) : call(c.use('_inc'), list, d));
  }
  return parts.length ? or(...parts) : FALSE;
}

export function enumConst(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  const d = site.data;
  const out: Stmt[] = [];
  // `x-enum-incomplete: true`: the spec lists only the values its source shows and says others exist
  // (spec/README.md), so the list documents values without restricting them.
  if (Array.isArray(s.enum) && s['x-enum-incomplete'] !== true) {
    // The list is read only by the report: a check function hoists none (hoisted first, it keeps its name).
    const allowed = site.mode === 'errors' ? jsonValue(c, s.enum) : raw('undefined');
    out.push(guard(site, c.err(site), not(inEnum(c, d, s.enum)), {
      keyword: 'enum',
      message: 'must be equal to one of the allowed values',
      params: object([[raw('allowedValues'), allowed]]),
      short: { helper: '_fEnum', arg: allowed },
    }));
  }
  if (Object.prototype.hasOwnProperty.call(s, 'const')) {
    out.push(guard(site, c.err(site), not(equals(c, d, s.const)), () => ({
      keyword: 'const',
      message: 'must be equal to constant',
      params: object([[raw('allowedValue'), jsonValue(c, s.const)]]),
    })));
  }
  return out;
}
