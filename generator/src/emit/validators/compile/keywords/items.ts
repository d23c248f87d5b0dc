/** `prefixItems` (§10.3.1.1) and `items` (§10.3.1.2). */
import { raw } from '../../../../codegen/index.ts';
import { assign, binary, constDecl, exprStmt, forLoop, ifStmt, increment, index, letDecl, lit, member, object, type Stmt } from '../../../../codegen/statements.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import { isTrivial } from '../analysis/trivial.ts';
import type { KeywordContext } from '../context.ts';
import { atChild, guard, type Site } from '../site.ts';

export function items(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  const d = site.data;
  const length = member(d, 'length');
  const out: Stmt[] = [];
  const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : [];
  prefix.forEach((sub, j) => {
    if (isTrivial(sub)) return;
    const x = site.fn.local('x');
    const tokens = ['prefixItems', j];
    const body = c.compileSub(sub, atChild(site, c.childNode(site, sub, tokens), tokens, x, String(j)));
    out.push(ifStmt(binary(length, '>', lit(j)), [constDecl(x, index(d, lit(j))), ...body]));
  });
  if (site.evI && prefix.length) out.push(ifStmt(binary(member(site.evI, 'n'), '<', lit(prefix.length)), exprStmt(assign(member(site.evI, 'n'), lit(prefix.length)))));

  const rest = s.items;
  if (rest === undefined) return out;
  if (rest === false) {
    out.push(guard(site, c.err(site), binary(length, '>', lit(prefix.length)), {
      keyword: 'items',
      message: `must NOT have more than ${prefix.length} items`,
      params: object([[raw('limit'), lit(prefix.length)]]),
    }));
  } else if (!isTrivial(rest)) {
    const i = site.fn.local('i');
    const x = site.fn.local('x');
    const tokens = ['items'];
    const body = c.compileSub(rest, atChild(site, c.childNode(site, rest, tokens), tokens, x, i));
    out.push(forLoop(letDecl(i, lit(prefix.length)), binary(i, '<', length), increment(i), [constDecl(x, index(d, i)), ...body]));
  }
  if (site.evI) out.push(exprStmt(assign(member(site.evI, 'n'), raw('Infinity'))));
  return out;
}
