/** Shared shapes for applicators that need a subschema's verdict without reporting its errors. */
import type { Code } from '../../../../codegen/index.ts';
import { binary, block, breakStmt, call, constDecl, exprStmt, lit, type Expr, type Stmt } from '../../../../codegen/statements.ts';
import type { Schema } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import { inPlace, type Site } from '../site.ts';
import { O } from '../option-bits.ts';

/**
 * Statements that run `onPass` when `schema` (a subschema at `tokens`) holds for the site's value, evaluated
 * in check mode (or the given mode) with the given collectors. Failure leaves a labelled block.
 */
export function whenValid(
  c: KeywordContext,
  site: Site,
  schema: Schema,
  tokens: readonly (string | number)[],
  onPass: readonly Stmt[],
  overrides: Partial<Site> = {},
): Stmt {
  const label = site.fn.local('L');
  const sub = inPlace(site, c.childNode(site, schema, tokens), tokens, { mode: 'check', stop: breakStmt(label), evP: undefined, evI: undefined, ...overrides });
  const body = c.compileSub(schema, sub);
  return block([...body, ...onPass], body.length ? label : undefined);
}

/** Fresh collectors for a branch whose annotations only count if it passes, and the code to merge them. */
export function branchCollectors(c: KeywordContext, site: Site): { decl: Stmt[]; overrides: { evP?: Code; evI?: Code }; merge: Stmt[] } {
  const decl: Stmt[] = [];
  const merge: Stmt[] = [];
  const overrides: { evP?: Code; evI?: Code } = { evP: undefined, evI: undefined };
  if (site.evP) {
    const t = site.fn.local('tp');
    decl.push(constDecl(t, call(c.use('_evp'))));
    merge.push(exprStmt(call(c.use('_mrgp'), site.evP, t)));
    overrides.evP = t;
  }
  if (site.evI) {
    const t = site.fn.local('ti');
    decl.push(constDecl(t, call(c.use('_evi'))));
    merge.push(exprStmt(call(c.use('_mrgi'), site.evI, t)));
    overrides.evI = t;
  }
  return { decl, overrides, merge };
}

/** `(o & skipCheck) !== 0` (`skips`) or `=== 0`: whether this errors walk runs without prefilters (see ref.ts). */
export function skipsCheck(site: Site, skips = true): Expr {
  return binary(binary(site.o, '&', O.skipCheck), skips ? '!==' : '===', lit(0));
}

/** The options expression for an errors-mode walk after a failed check (see ref.ts): the `skipCheck` bit set. */
export function afterCheck(site: Site): Expr {
  return binary(site.o, '|', O.skipCheck);
}

