/** `allOf` (§10.2.1.1): every member in place, sharing the site (errors, stop and collectors). */
import type { Code } from '../../../../codegen/index.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { Compiler } from '../compiler.ts';
import { childNode, compileSub } from '../node.ts';
import { inPlace, type Site } from '../site.ts';

export function allOf(c: Compiler, s: SchemaObject, site: Site): Code[] {
  if (!Array.isArray(s.allOf)) return [];
  return s.allOf.flatMap((member, i) => compileSub(c, member, inPlace(site, childNode(c, site, member, ['allOf', i]), ['allOf', i])));
}
