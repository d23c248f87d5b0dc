/** `contains` with `minContains` / `maxContains` (§10.3.1.3, §6.4.4–5). Items are tested in check mode. */
import { raw } from '../../../../codegen/index.ts';
import { assign, binary, block, breakStmt, constDecl, exprStmt, forLoop, ifStmt, increment, index, letDecl, lit, member, object, type Stmt } from '../../../../codegen/statements.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import { guard, type Site } from '../site.ts';

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

export function contains(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  const sub = s.contains;
  if (sub === undefined) return [];
  const min = count(s.minContains) ?? 1;
  const max = count(s.maxContains);
  const d = site.data;
  const n = site.fn.local('n');
  const i = site.fn.local('i');
  const x = site.fn.local('x');
  const label = site.fn.local('L');
  const tokens = ['contains'];
  const node = c.childNode(site, sub, tokens);
  const body = c.compileSub(sub, {
    mode: 'check',
    fn: site.fn,
    node,
    data: x,
    o: site.o,
    path: site.path,
    schemaPath: `${site.schemaPath}/contains`,
    stop: breakStmt(label),
    dyn: site.dyn,
  });
  const onMatch: Stmt[] = [exprStmt(increment(n))];
  if (site.evI) onMatch.push(exprStmt(assign(index(member(site.evI, 'c'), i), raw('true'))));
  else if (max === undefined) onMatch.push(ifStmt(binary(n, '>=', lit(min)), breakStmt()));
  const out: Stmt[] = [];
  if (min === 0 && max === undefined && !site.evI) return out;
  out.push(letDecl(n, lit(0)), forLoop(letDecl(i, lit(0)), binary(i, '<', member(d, 'length')), increment(i), [constDecl(x, index(d, i)), block([...body, ...onMatch], label)]));
  if (min > 0) {
    const message = s.minContains === undefined ? 'must contain at least 1 valid item' : `must contain at least ${min} valid item(s)`;
    out.push(guard(site, c.err(site), binary(n, '<', lit(min)), {
      keyword: s.minContains === undefined ? 'contains' : 'minContains',
      message,
      params: object([[raw('minContains'), lit(min)]]),
    }));
  }
  if (max !== undefined) {
    out.push(guard(site, c.err(site), binary(n, '>', lit(max)), {
      keyword: 'maxContains',
      message: `must contain at most ${max} valid item(s)`,
      params: object([[raw('maxContains'), lit(max)]]),
    }));
  }
  return out;
}
