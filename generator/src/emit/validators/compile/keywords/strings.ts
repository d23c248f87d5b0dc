/**
 * The string keyword group: `maxLength` / `minLength` in code points (§6.3.1–2: a lone surrogate counts as
 * one), `pattern` (§6.3.3, ECMA-262 with the `u` flag, not anchored), then `format`.
 * Lengths use `.length` (UTF-16 units) to decide without counting when the answer is certain: code points
 * ≤ units ≤ 2 × code points.
 */
import { raw } from '../../../../codegen/index.ts';
import { and, binary, call, lit, member, not, object, or, type Stmt } from '../../../../codegen/statements.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import { guard, type Site } from '../site.ts';
import { stringFormat } from './format.ts';

function limit(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
}

export function stringKeywords(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  const d = site.data;
  const length = member(d, 'length');
  const out: Stmt[] = [];
  const max = limit(s.maxLength);
  const min = limit(s.minLength);
  if (max !== undefined) {
    const test = and(binary(length, '>', lit(max)), binary(call(c.use('_len'), d), '>', lit(max)));
    out.push(guard(site, c.err(site), test, { keyword: 'maxLength', message: `must NOT have more than ${max} characters`, params: object([[raw('limit'), lit(max)]]) }));
  }
  if (min !== undefined && min > 0) {
    // Fewer than `min` units is certainly too short; 2·min − 1 units or more certainly long enough.
    const test = min === 1 ? binary(length, '===', lit(0)) : or(binary(length, '<', lit(min)), and(binary(length, '<', lit(2 * min - 1)), binary(call(c.use('_len'), d), '<', lit(min))));
    out.push(guard(site, c.err(site), test, { keyword: 'minLength', message: `must NOT have fewer than ${min} characters`, params: object([[raw('limit'), lit(min)]]) }));
  }
  if (typeof s.pattern === 'string') {
    out.push(guard(site, c.err(site), not(c.hoist.test(s.pattern, d)), { keyword: 'pattern', message: `must match pattern "${s.pattern}"`, params: object([[raw('pattern'), lit(s.pattern)]]) }));
  }
  out.push(...stringFormat(c, s, site));
  return out;
}
