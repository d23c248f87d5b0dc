/**
 * `if` / `then` / `else` (§10.2.2.1–3): `if` is evaluated in check mode (its errors are never reported, its
 * annotations count when it passes); then `then` or `else` runs in place, in the site's mode.
 */
import { raw } from '../../../../codegen/index.ts';
import { assign, block, exprStmt, ifStmt, letDecl, not, type Stmt } from '../../../../codegen/statements.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import { inPlace, type Site } from '../site.ts';
import { branchCollectors, whenValid } from './branches.ts';

export function conditional(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  if (s.if === undefined) return [];
  const branch = (kw: 'then' | 'else'): Stmt[] => {
    const sub = s[kw];
    return sub === undefined ? [] : c.compileSub(sub, inPlace(site, c.childNode(site, sub, [kw]), [kw]));
  };
  const thenCode = branch('then');
  const elseCode = branch('else');
  const tracking = site.evP !== undefined || site.evI !== undefined;
  if (!thenCode.length && !elseCode.length && !tracking) return [];
  const ok = site.fn.local('ok');
  const col = branchCollectors(c, site);
  const test = whenValid(c, site, s.if, ['if'], [exprStmt(assign(ok, raw('true'))), ...col.merge], col.overrides);
  const out: Stmt[] = [letDecl(ok, raw('false')), ...col.decl, test];
  if (thenCode.length && elseCode.length) out.push(ifStmt(ok, thenCode, elseCode));
  else if (thenCode.length) out.push(ifStmt(ok, thenCode));
  else if (elseCode.length) out.push(ifStmt(not(ok), elseCode));
  return [block(out)];
}
