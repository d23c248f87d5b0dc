/** `minProperties` / `maxProperties` (§6.5.1–2): own enumerable keys, counted without allocating. */
import { raw } from '../../../../codegen/index.ts';
import { binary, exprStmt, increment, letDecl, lit, object, type Stmt } from '../../../../codegen/statements.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import { guard, type Site } from '../site.ts';
import { forOwnKeys } from './own.ts';

function limit(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

export function objectSize(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  const min = limit(s.minProperties);
  const max = limit(s.maxProperties);
  if ((min === undefined || min === 0) && max === undefined) return [];
  const n = site.fn.local('n');
  const k = site.fn.local('k');
  const out: Stmt[] = [letDecl(n, lit(0)), forOwnKeys(c, site, k, [exprStmt(increment(n))])];
  if (max !== undefined) {
    out.push(guard(site, c.err(site), binary(n, '>', lit(max)), { keyword: 'maxProperties', message: `must NOT have more than ${max} properties`, params: object([[raw('limit'), lit(max)]]) }));
  }
  if (min !== undefined && min > 0) {
    out.push(guard(site, c.err(site), binary(n, '<', lit(min)), { keyword: 'minProperties', message: `must NOT have fewer than ${min} properties`, params: object([[raw('limit'), lit(min)]]) }));
  }
  return out;
}
