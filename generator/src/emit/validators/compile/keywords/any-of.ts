/**
 * `anyOf` (§10.2.1.2). Check mode: branches in order, first pass wins (all of them when annotations are
 * collected, since every passing branch contributes). Errors mode: the same verdict first; only when no
 * branch passes are the branches walked again for their errors, followed by an `anyOf` error.
 */
import { raw, type Code } from '../../../../codegen/index.ts';
import { assign, binary, block, breakStmt, constDecl, exprStmt, ifStmt, letDecl, member, not, object, type Stmt } from '../../../../codegen/statements.ts';
import type { Schema, SchemaObject } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import { E, failure, inPlace, type Site } from '../site.ts';
import { afterCheck, branchCollectors, skipsCheck, whenValid } from './branches.ts';

/** Check-mode evaluation setting `ok` when some branch passes (merging collectors of passing branches). */
export function anyPasses(c: KeywordContext, site: Site, branches: readonly Schema[], kw: string, ok: Code): Stmt[] {
  const tracking = site.evP !== undefined || site.evI !== undefined;
  const passed = exprStmt(assign(ok, raw('true')));
  if (!tracking) {
    const done = site.fn.local('L');
    const tries = branches.map((b, i) => whenValid(c, site, b, [kw, i], [passed, breakStmt(done)]));
    return [block(tries, done)];
  }
  return branches.map((b, i) => {
    const col = branchCollectors(c, site);
    return block([...col.decl, whenValid(c, site, b, [kw, i], [passed, ...col.merge], col.overrides)]);
  });
}

/** Errors-mode walk of every branch (options `o2`), setting `ok` when one passes. */
export function walkBranches(c: KeywordContext, site: Site, branches: readonly Schema[], kw: string, o2: Code, onPass: (i: number) => Stmt[]): Stmt[] {
  return branches.map((b, i) => {
    const col = branchCollectors(c, site);
    const label = site.fn.local('L');
    const before = site.fn.local('e');
    const tokens = [kw, i];
    const body = c.compileSub(b, inPlace(site, c.childNode(site, b, tokens), tokens, { o: o2, stop: breakStmt(label), ...col.overrides }));
    return block([
      ...col.decl,
      constDecl(before, member(E, 'length')),
      block(body, label),
      ifStmt(binary(member(E, 'length'), '===', before), [...onPass(i), ...col.merge]),
    ]);
  });
}

export function anyOf(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  if (!Array.isArray(s.anyOf)) return [];
  const branches = s.anyOf;
  const ok = site.fn.local('ok');
  const fail = failure(site, c.err(site), { keyword: 'anyOf', message: 'must match a schema in anyOf', params: object([]) });
  if (site.mode === 'check') {
    return [letDecl(ok, raw('false')), ...anyPasses(c, site, branches, 'anyOf', ok), ifStmt(not(ok), fail)];
  }
  const start = site.fn.local('e');
  const o2 = site.fn.local('o');
  return [
    letDecl(ok, raw('false')),
    ifStmt(skipsCheck(site, false), anyPasses(c, site, branches, 'anyOf', ok)),
    ifStmt(not(ok), [
      constDecl(start, member(E, 'length')),
      constDecl(o2, afterCheck(site)),
      ...walkBranches(c, site, branches, 'anyOf', o2, () => [exprStmt(assign(ok, raw('true')))]),
      ifStmt(ok, exprStmt(assign(member(E, 'length'), start)), [fail]),
    ]),
  ];
}
