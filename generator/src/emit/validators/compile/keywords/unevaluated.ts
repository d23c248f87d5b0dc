/**
 * `unevaluatedProperties` (§11.3) and `unevaluatedItems` (§11.2). When static analysis (analysis/evaluated.ts)
 * knows every property/item the schema's in-place evaluation marks, the check is a loop against those
 * names, patterns or prefix length. Otherwise a collector is created for this schema: its keywords and
 * in-place subschemas record what they evaluate (branches only when they pass), and the loop reads it.
 * A schema with `unevaluated*` evaluates everything itself, which it reports to a collector above it.
 */
import { raw, type Code } from '../../../../codegen/index.ts';
import { assign, binary, call, constDecl, continueStmt, exprStmt, forLoop, ifStmt, increment, index, letDecl, lit, member, not, object, or, type Expr, type Stmt } from '../../../../codegen/statements.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import { evaluated } from '../analysis/evaluated.ts';
import type { KeywordContext } from '../context.ts';
import { atChild, failure, type Site } from '../site.ts';
import { forOwnKeys } from './own.ts';
import { isKnownKey } from './property-loop.ts';
import { groupGuard } from './type-tests.ts';

export interface UnevaluatedPlan {
  /** The site for the schema's other keywords (with this schema's own collectors, if any). */
  site: Site;
  head: Stmt[];
  tail: Stmt[];
}

export function planUnevaluated(c: KeywordContext, s: SchemaObject, site: Site): UnevaluatedPlan {
  const hasP = s.unevaluatedProperties !== undefined;
  const hasI = s.unevaluatedItems !== undefined;
  if (!hasP && !hasI) return { site, head: [], tail: [] };
  const a = evaluated(c.registry, s, site.node, false);
  const head: Stmt[] = [];
  const tail: Stmt[] = [];
  let inner: Site = site;
  const d = site.data;

  if (hasP) {
    const sub = s.unevaluatedProperties!;
    let collector: Code | undefined;
    if (!a.allProps && a.dynamicProps) {
      collector = site.fn.local('ep');
      head.push(constDecl(collector, call(c.use('_evp'))));
    }
    inner = { ...inner, evP: collector };
    if (!a.allProps) {
      const key = site.fn.local('k');
      const skip: Expr[] = [];
      if (collector) skip.push(binary(index(member(collector, 'k'), key), '===', raw('true')));
      else {
        if (a.names.size) skip.push(isKnownKey(c, [...a.names], key));
        for (const p of a.patterns) skip.push(c.hoist.test(p, key));
      }
      let body: Stmt[];
      if (sub === false) {
        body = [failure(site, c.err(site), { keyword: 'unevaluatedProperties', message: 'must NOT have unevaluated properties', params: object([[raw('unevaluatedProperty'), key]]) })];
      } else {
        const x = site.fn.local('x');
        const tokens = ['unevaluatedProperties'];
        body = [constDecl(x, index(d, key)), ...c.compileSub(sub, atChild(site, c.childNode(site, sub, tokens), tokens, x, call(c.use('_esc'), key)))];
      }
      const loop = forOwnKeys(c, site, key, [...(skip.length ? [ifStmt(or(...skip), continueStmt)] : []), ...body]);
      tail.push(ifStmt(groupGuard('object', d), [collector ? ifStmt(not(member(collector, 'a')), [loop]) : loop]));
    }
    if (site.evP) tail.push(exprStmt(assign(member(site.evP, 'a'), raw('true'))));
  }

  if (hasI) {
    const sub = s.unevaluatedItems!;
    let collector: Code | undefined;
    if (!a.allItems && a.dynamicItems) {
      collector = site.fn.local('ei');
      head.push(constDecl(collector, call(c.use('_evi'))));
    }
    inner = { ...inner, evI: collector };
    if (!a.allItems) {
      const i = site.fn.local('i');
      const start = collector ? member(collector, 'n') : lit(a.prefix);
      let body: Stmt[];
      if (sub === false) {
        body = [failure(site, c.err(site), { keyword: 'unevaluatedItems', message: 'must NOT have unevaluated items', params: object([[raw('unevaluatedItem'), i]]) })];
      } else {
        const x = site.fn.local('x');
        const tokens = ['unevaluatedItems'];
        body = [constDecl(x, index(d, i)), ...c.compileSub(sub, atChild(site, c.childNode(site, sub, tokens), tokens, x, i))];
      }
      const skip = collector ? [ifStmt(binary(index(member(collector, 'c'), i), '===', raw('true')), continueStmt)] : [];
      tail.push(ifStmt(groupGuard('array', d), [forLoop(letDecl(i, start), binary(i, '<', member(d, 'length')), increment(i), [...skip, ...body])]));
    }
    if (site.evI) tail.push(exprStmt(assign(member(site.evI, 'n'), raw('Infinity'))));
  }
  return { site: inner, head, tail };
}
