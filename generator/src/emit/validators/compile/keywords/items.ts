/** `prefixItems` (§10.3.1.1) and `items` (§10.3.1.2). */
import { code, join, prettyLit as lit, type Code } from '../../../../codegen/index.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import { isTrivial } from '../analysis/trivial.ts';
import type { Compiler } from '../compiler.ts';
import { childNode, compileSub } from '../node.ts';
import { atChild, guard, type Site } from '../site.ts';

export function items(c: Compiler, s: SchemaObject, site: Site): Code[] {
  const d = site.data;
  const out: Code[] = [];
  const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : [];
  prefix.forEach((sub, j) => {
    if (isTrivial(sub)) return;
    const x = site.fn.local('x');
    const tokens = ['prefixItems', j];
    const body = compileSub(c, sub, atChild(site, childNode(c, site, sub, tokens), tokens, x, String(j)));
    out.push(code`if (${d}.length > ${lit(j)}) {\nconst ${x} = ${d}[${lit(j)}];\n${join(body, '\n')}\n}`);
  });
  if (site.evI && prefix.length) out.push(code`if (${site.evI}.n < ${lit(prefix.length)}) ${site.evI}.n = ${lit(prefix.length)};`);

  const rest = s.items;
  if (rest === undefined) return out;
  if (rest === false) {
    out.push(guard(site, c.err(site), code`${d}.length > ${lit(prefix.length)}`, {
      keyword: 'items',
      message: `must NOT have more than ${prefix.length} items`,
      params: code`{ limit: ${lit(prefix.length)} }`,
    }));
  } else if (!isTrivial(rest)) {
    const i = site.fn.local('i');
    const x = site.fn.local('x');
    const tokens = ['items'];
    const body = compileSub(c, rest, atChild(site, childNode(c, site, rest, tokens), tokens, x, i));
    out.push(code`for (let ${i} = ${lit(prefix.length)}; ${i} < ${d}.length; ${i}++) {\nconst ${x} = ${d}[${i}];\n${join(body, '\n')}\n}`);
  }
  if (site.evI) out.push(code`${site.evI}.n = Infinity;`);
  return out;
}
