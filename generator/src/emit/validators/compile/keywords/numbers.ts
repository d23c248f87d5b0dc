/** The number keyword group: bounds (§6.2.2–5), `multipleOf` (§6.2.1), then numeric `format`s. */
import { raw } from '../../../../codegen/index.ts';
import { binary, call, lit, not, object, type Stmt } from '../../../../codegen/statements.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import { guard, type Site } from '../site.ts';
import { admitsBigint, numberFormat } from './format.ts';

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

const BOUNDS = [
  { keyword: 'maximum', fails: '>', comparison: '<=' },
  { keyword: 'exclusiveMaximum', fails: '>=', comparison: '<' },
  { keyword: 'minimum', fails: '<', comparison: '>=' },
  { keyword: 'exclusiveMinimum', fails: '<=', comparison: '>' },
] as const;

export function numberKeywords(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  const d = site.data;
  const out: Stmt[] = [];
  for (const b of BOUNDS) {
    const limit = num(s[b.keyword]);
    if (limit === undefined) continue;
    out.push(guard(site, c.err(site), binary(d, b.fails, lit(limit)), {
      keyword: b.keyword,
      message: `must be ${b.comparison} ${limit}`,
      params: object([[raw('comparison'), lit(b.comparison)], [raw('limit'), lit(limit)]]),
    }));
  }
  const m = num(s.multipleOf);
  if (m !== undefined && m > 0) {
    // A `bigint` takes `%` by a `bigint` only (`_mul64`); bounds compare a `bigint` with a number exactly.
    const test = Number.isInteger(m) && admitsBigint(c, s) ? not(call(c.use('_mul64'), d, lit(m))) : Number.isInteger(m) ? binary(binary(d, '%', lit(m)), '!==', lit(0)) : not(call(c.use('_mul'), d, lit(m)));
    out.push(guard(site, c.err(site), test, { keyword: 'multipleOf', message: `must be multiple of ${m}`, params: object([[raw('multipleOf'), lit(m)]]) }));
  }
  out.push(...numberFormat(c, s, site));
  return out;
}
