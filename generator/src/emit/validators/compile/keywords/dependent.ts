/** `dependentRequired` (§6.5.4) and `dependentSchemas` (§10.2.2.4). */
import { raw } from '../../../../codegen/index.ts';
import { ifStmt, lit, not, object, type Stmt } from '../../../../codegen/statements.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import { guard, inPlace, keywordPath, type Site } from '../site.ts';
import { present } from './own.ts';
import { schemaMap, stringList } from './properties.ts';

export function dependentRequired(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  const deps = s.dependentRequired;
  if (typeof deps !== 'object' || deps === null || Array.isArray(deps)) return [];
  const out: Stmt[] = [];
  for (const [name, list] of Object.entries(deps)) {
    const needed = stringList(list);
    if (!needed.length) continue;
    const checks = needed.map((missing) => guard(site, c.err(site), not(present(c, site, missing)), {
      keyword: 'dependentRequired',
      message: `must have property '${missing}' when property '${name}' is present`,
      params: object([[raw('property'), lit(name)], [raw('missingProperty'), lit(missing)]]),
      schemaPath: keywordPath(site, 'dependentRequired', name),
    }));
    out.push(ifStmt(present(c, site, name), checks));
  }
  return out;
}

export function dependentSchemas(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  const out: Stmt[] = [];
  for (const [name, sub] of Object.entries(schemaMap(s.dependentSchemas))) {
    const tokens = ['dependentSchemas', name];
    const body = c.compileSub(sub, inPlace(site, c.childNode(site, sub, tokens), tokens));
    if (body.length) out.push(ifStmt(present(c, site, name), body));
  }
  return out;
}
