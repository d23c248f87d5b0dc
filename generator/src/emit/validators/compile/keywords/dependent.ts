/** `dependentRequired` (§6.5.4) and `dependentSchemas` (§10.2.2.4). */
import { code, join, prettyLit as lit, type Code } from '../../../../codegen/index.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { Compiler } from '../compiler.ts';
import { childNode, compileSub } from '../node.ts';
import { guard, inPlace, keywordPath, type Site } from '../site.ts';
import { present } from './own.ts';
import { schemaMap, stringList } from './properties.ts';

export function dependentRequired(c: Compiler, s: SchemaObject, site: Site): Code[] {
  const deps = s.dependentRequired;
  if (typeof deps !== 'object' || deps === null || Array.isArray(deps)) return [];
  const out: Code[] = [];
  for (const [name, list] of Object.entries(deps)) {
    const needed = stringList(list);
    if (!needed.length) continue;
    const checks = needed.map((missing) => guard(site, c.err(site), code`!${present(c, site, missing)}`, {
      keyword: 'dependentRequired',
      message: `must have property '${missing}' when property '${name}' is present`,
      params: code`{ property: ${lit(name)}, missingProperty: ${lit(missing)} }`,
      schemaPath: keywordPath(site, 'dependentRequired', name),
    }));
    out.push(code`if (${present(c, site, name)}) {\n${join(checks, '\n')}\n}`);
  }
  return out;
}

export function dependentSchemas(c: Compiler, s: SchemaObject, site: Site): Code[] {
  const out: Code[] = [];
  for (const [name, sub] of Object.entries(schemaMap(s.dependentSchemas))) {
    const tokens = ['dependentSchemas', name];
    const body = compileSub(c, sub, inPlace(site, childNode(c, site, sub, tokens), tokens));
    if (body.length) out.push(code`if (${present(c, site, name)}) {\n${join(body, '\n')}\n}`);
  }
  return out;
}
