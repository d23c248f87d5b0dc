/** The array keyword group: sizes (§6.4.1–2), items (items.ts), contains (contains.ts), uniqueItems (§6.4.3). */
import { raw } from '../../../../codegen/index.ts';
import { and, binary, call, constDecl, ifStmt, index, lit, member, object, type Stmt } from '../../../../codegen/statements.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import { failure, guard, type Site } from '../site.ts';
import { contains } from './contains.ts';
import { items } from './items.ts';

function limit(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function sizes(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  const out: Stmt[] = [];
  const length = member(site.data, 'length');
  const max = limit(s.maxItems);
  const min = limit(s.minItems);
  if (max !== undefined) {
    out.push(guard(site, c.err(site), binary(length, '>', lit(max)), { keyword: 'maxItems', message: `must NOT have more than ${max} items`, params: object([[raw('limit'), lit(max)]]) }));
  }
  if (min !== undefined && min > 0) {
    out.push(guard(site, c.err(site), binary(length, '<', lit(min)), { keyword: 'minItems', message: `must NOT have fewer than ${min} items`, params: object([[raw('limit'), lit(min)]]) }));
  }
  return out;
}

/** Duplicates are found by `_dup`: pairwise for short arrays, hashing a canonical form otherwise (linear). */
function uniqueItems(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  if (s.uniqueItems !== true) return [];
  const d = site.data;
  const dup = c.use('_dup');
  const several = binary(member(d, 'length'), '>', lit(1));
  const none = raw('null');
  if (site.mode === 'check') return [ifStmt(and(several, binary(call(dup, d), '!==', none)), site.stop)];
  const pair = site.fn.local('u');
  const fail = failure(site, c.err(site), {
    keyword: 'uniqueItems',
    message: 'must NOT have duplicate items',
    params: object([[raw('i'), index(pair, lit(1))], [raw('j'), index(pair, lit(0))]]),
  });
  return [ifStmt(several, [constDecl(pair, call(dup, d)), ifStmt(binary(pair, '!==', none), [fail])])];
}

export function arrayKeywords(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  return [...sizes(c, s, site), ...items(c, s, site), ...contains(c, s, site), ...uniqueItems(c, s, site)];
}
