/**
 * `allOf` (§10.2.1.1): every member in place, sharing the site (errors, stop and collectors), each with the
 * part of the composite's relaxation of `required` it needs (../relax.ts).
 */
import type { Stmt } from '../../../../codegen/statements.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import { relaxationFor } from '../relax.ts';
import { inPlace, type Site } from '../site.ts';

export function allOf(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  if (!Array.isArray(s.allOf)) return [];
  return s.allOf.flatMap((member, i) => {
    const relax = relaxationFor(c.shape, member, site.relax);
    return c.compileSub(member, inPlace(site, c.childNode(site, member, ['allOf', i]), ['allOf', i], { relax }));
  });
}
