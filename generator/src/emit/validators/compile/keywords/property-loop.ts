/**
 * One pass over the own keys for `propertyNames` (§10.3.2.4), `patternProperties` (§10.3.2.2) and
 * `additionalProperties` (§10.3.2.3): patterns apply to every matching key, additionalProperties to keys
 * matched neither by `properties` nor by a pattern.
 */
import { raw, type Code } from '../../../../codegen/index.ts';
import { and, assign, binary, block, breakStmt, call, constDecl, exprStmt, ifStmt, index, letDecl, lit, member, not, object, or, type Expr, type Stmt } from '../../../../codegen/statements.ts';
import type { Schema, SchemaObject } from '../../../../model/types.ts';
import { isTrivial } from '../analysis/trivial.ts';
import type { KeywordContext } from '../context.ts';
import { atChild, failure, inPlace, type Site } from '../site.ts';
import { forOwnKeys } from './own.ts';
import { schemaMap } from './properties.ts';

/** Condition: `key` is one of `names` (a chain of comparisons, or a hoisted set for many names). */
export function isKnownKey(c: KeywordContext, names: readonly string[], key: Code): Expr {
  if (names.length === 0) return raw('false');
  if (names.length <= 8) return or(...names.map((n) => binary(key, '===', lit(n))));
  return call(member(c.hoist.set(names), 'has'), key);
}

function propertyNames(c: KeywordContext, sub: Schema, site: Site, key: Code): Stmt[] {
  if (isTrivial(sub)) return [];
  const tokens = ['propertyNames'];
  const node = c.childNode(site, sub, tokens);
  if (site.mode === 'check') {
    return c.compileSub(sub, { ...inPlace(site, node, tokens), data: key, evP: undefined, evI: undefined });
  }
  const label = site.fn.local('L');
  const ok = site.fn.local('ok');
  const body = c.compileSub(sub, { ...inPlace(site, node, tokens), mode: 'check', data: key, stop: breakStmt(label), evP: undefined, evI: undefined });
  const fail = failure(site, c.err(site), {
    keyword: 'propertyNames',
    message: 'property name must be valid',
    params: object([[raw('propertyName'), key]]),
  });
  return [letDecl(ok, raw('false')), block([...body, exprStmt(assign(ok, raw('true')))], label), ifStmt(not(ok), [fail])];
}

export function propertyLoop(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  const patterns = Object.entries(schemaMap(s.patternProperties));
  const additional = s.additionalProperties;
  const names = s.propertyNames;
  const key = site.fn.local('k');
  const d = site.data;
  const inLoop: Stmt[] = [];
  if (names !== undefined) inLoop.push(...propertyNames(c, names, site, key));

  const checkAdditional = additional !== undefined && !isTrivial(additional);
  const matched = checkAdditional && patterns.length ? site.fn.local('m') : undefined;
  for (const [pattern, sub] of patterns) {
    const tokens = ['patternProperties', pattern];
    const trivial = isTrivial(sub);
    if (trivial && !matched && !site.evP) continue;
    const x = site.fn.local('x');
    const body = trivial ? [] : c.compileSub(sub, atChild(site, c.childNode(site, sub, tokens), tokens, x, call(c.use('_esc'), key)));
    const lines: Stmt[] = [];
    if (matched) lines.push(exprStmt(assign(matched, raw('true'))));
    if (site.evP) lines.push(exprStmt(assign(index(member(site.evP, 'k'), key), raw('true'))));
    if (body.length) lines.push(constDecl(x, index(d, key)), ...body);
    inLoop.push(ifStmt(c.hoist.test(pattern, key), lines));
  }

  if (checkAdditional) {
    const known = Object.keys(schemaMap(s.properties));
    const conditions: Expr[] = [];
    if (matched) conditions.push(not(matched));
    if (known.length) conditions.push(not(isKnownKey(c, known, key)));
    let body: Stmt[];
    if (additional === false) {
      body = [failure(site, c.err(site), {
        keyword: 'additionalProperties',
        message: 'must NOT have additional properties',
        params: object([[raw('additionalProperty'), key]]),
      })];
    } else {
      const x = site.fn.local('x');
      const tokens = ['additionalProperties'];
      body = [constDecl(x, index(d, key)), ...c.compileSub(additional, atChild(site, c.childNode(site, additional, tokens), tokens, x, call(c.use('_esc'), key)))];
    }
    const guarded = conditions.length ? [ifStmt(and(...conditions), body)] : body;
    // The `let` must precede the pattern tests that set it.
    if (matched) inLoop.unshift(letDecl(matched, raw('false')));
    inLoop.push(...guarded);
  }

  const out: Stmt[] = [];
  if (inLoop.length) out.push(forOwnKeys(c, site, key, inLoop));
  if (site.evP && additional !== undefined) out.push(exprStmt(assign(member(site.evP, 'a'), raw('true'))));
  return out;
}
