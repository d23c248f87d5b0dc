/**
 * `oneOf` (§10.2.1.3): exactly one branch passes. Same two-phase shape as anyOf: count passing branches in
 * check mode; walk them for errors only when none passes; report `passingSchemas` when several do.
 */
import { raw } from '../../../../codegen/index.ts';
import { array, assign, binary, block, constDecl, exprStmt, ifStmt, increment, letDecl, lit, member, object, type Stmt } from '../../../../codegen/statements.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import { E, failure, type Site } from '../site.ts';
import { walkBranches } from './any-of.ts';
import { afterCheck, branchCollectors, skipsCheck, whenValid } from './branches.ts';

export function oneOf(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  if (!Array.isArray(s.oneOf)) return [];
  const branches = s.oneOf;
  const n = site.fn.local('n');
  // Which branches passed is read only by an errors function's report (`passingSchemas`); a check function
  // only counts them.
  const reports = site.mode === 'errors';
  const first = reports ? site.fn.local('a') : undefined;
  const second = reports ? site.fn.local('b') : undefined;
  const tracking = site.evP !== undefined || site.evI !== undefined;
  // The collectors of the passing branch are merged only when it is the only one.
  const pending: Stmt[] = [];
  const pendingMerges: Stmt[] = [];
  const counted = (i: number): Stmt[] => [
    ...(first && second
      ? [ifStmt(binary(n, '===', lit(0)), exprStmt(assign(first, raw(String(i)))), ifStmt(binary(n, '===', lit(1)), exprStmt(assign(second, raw(String(i))))))]
      : []),
    exprStmt(increment(n)),
  ];
  const checkPhase = branches.map((b, i) => {
    if (!tracking) return whenValid(c, site, b, ['oneOf', i], counted(i));
    const col = branchCollectors(c, site);
    const keep = site.fn.local('m');
    pending.push(letDecl(keep, raw('false')), ...col.decl);
    pendingMerges.push(ifStmt(keep, col.merge));
    return whenValid(c, site, b, ['oneOf', i], [...counted(i), exprStmt(assign(keep, raw('true')))], col.overrides);
  });
  if (!first || !second) {
    return [block([letDecl(n, lit(0)), ...pending, ...checkPhase, ifStmt(binary(n, '!==', lit(1)), site.stop), ...pendingMerges])];
  }
  const many = failure(site, c.err(site), {
    keyword: 'oneOf',
    message: 'must match exactly one schema in oneOf',
    params: object([[raw('passingSchemas'), array([first, second])]]),
  });
  const none = failure(site, c.err(site), { keyword: 'oneOf', message: 'must match exactly one schema in oneOf', params: object([[raw('passingSchemas'), raw('null')]]) });
  const unset = raw('-1');
  const head = [letDecl(n, lit(0)), letDecl(first, unset), letDecl(second, unset), ...pending];
  const start = site.fn.local('e');
  const o2 = site.fn.local('o');
  const walk = walkBranches(c, site, branches, 'oneOf', o2, (i) => counted(i));
  return [
    block([
      ...head,
      ifStmt(skipsCheck(site, false), checkPhase),
      ifStmt(binary(n, '===', lit(0)), [
        constDecl(start, member(E, 'length')),
        constDecl(o2, afterCheck(site)),
        ...walk,
        ifStmt(binary(n, '===', lit(0)), [none], exprStmt(assign(member(E, 'length'), start))),
      ]),
      ifStmt(binary(n, '>', lit(1)), [many]),
      ...pendingMerges,
    ]),
  ];
}
