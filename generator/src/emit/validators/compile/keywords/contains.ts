/** `contains` with `minContains` / `maxContains` (§10.3.1.3, §6.4.4–5). Items are tested in check mode. */
import { code, join, prettyLit as lit, type Code } from '../../../../codegen/index.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { Compiler } from '../compiler.ts';
import { childNode, compileSub } from '../node.ts';
import { guard, type Site } from '../site.ts';

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

export function contains(c: Compiler, s: SchemaObject, site: Site): Code[] {
  const sub = s.contains;
  if (sub === undefined) return [];
  const min = count(s.minContains) ?? 1;
  const max = count(s.maxContains);
  const d = site.data;
  const n = site.fn.local('n');
  const i = site.fn.local('i');
  const x = site.fn.local('x');
  const label = site.fn.local('L');
  const tokens = ['contains'];
  const node = childNode(c, site, sub, tokens);
  const body = compileSub(c, sub, {
    mode: 'check',
    fn: site.fn,
    node,
    data: x,
    o: site.o,
    path: site.path,
    schemaPath: `${site.schemaPath}/contains`,
    stop: code`break ${label};`,
    dyn: site.dyn,
  });
  const onMatch: Code[] = [code`${n}++;`];
  if (site.evI) onMatch.push(code`${site.evI}.c[${i}] = true;`);
  else if (max === undefined) onMatch.push(code`if (${n} >= ${lit(min)}) break;`);
  const out: Code[] = [];
  if (min === 0 && max === undefined && !site.evI) return out;
  out.push(code`let ${n} = 0;\nfor (let ${i} = 0; ${i} < ${d}.length; ${i}++) {\nconst ${x} = ${d}[${i}];\n${label}: {\n${join(body, '\n')}\n${join(onMatch, '\n')}\n}\n}`);
  if (min > 0) {
    const message = s.minContains === undefined ? 'must contain at least 1 valid item' : `must contain at least ${min} valid item(s)`;
    out.push(guard(site, c.err(site), code`${n} < ${lit(min)}`, {
      keyword: s.minContains === undefined ? 'contains' : 'minContains',
      message,
      params: code`{ minContains: ${lit(min)} }`,
    }));
  }
  if (max !== undefined) {
    out.push(guard(site, c.err(site), code`${n} > ${lit(max)}`, {
      keyword: 'maxContains',
      message: `must contain at most ${max} valid item(s)`,
      params: code`{ maxContains: ${lit(max)} }`,
    }));
  }
  return out;
}
