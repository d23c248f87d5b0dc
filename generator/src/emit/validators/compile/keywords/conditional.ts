/**
 * `if` / `then` / `else` (§10.2.2.1–3): `if` is evaluated in check mode (its errors are never reported, its
 * annotations count when it passes); then `then` or `else` runs in place, in the site's mode.
 */
import { code, join, type Code } from '../../../../codegen/index.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { Compiler } from '../compiler.ts';
import { childNode, compileSub } from '../node.ts';
import { inPlace, type Site } from '../site.ts';
import { branchCollectors, whenValid } from './branches.ts';

export function conditional(c: Compiler, s: SchemaObject, site: Site): Code[] {
  if (s.if === undefined) return [];
  const branch = (kw: 'then' | 'else'): Code[] => {
    const sub = s[kw];
    return sub === undefined ? [] : compileSub(c, sub, inPlace(site, childNode(c, site, sub, [kw]), [kw]));
  };
  const thenCode = branch('then');
  const elseCode = branch('else');
  const tracking = site.evP !== undefined || site.evI !== undefined;
  if (!thenCode.length && !elseCode.length && !tracking) return [];
  const ok = site.fn.local('ok');
  const col = branchCollectors(c, site);
  const test = whenValid(c, site, s.if, ['if'], [code`${ok} = true;`, ...col.merge], col.overrides);
  const out: Code[] = [code`let ${ok} = false;`, ...col.decl, test];
  if (thenCode.length && elseCode.length) out.push(code`if (${ok}) {\n${join(thenCode, '\n')}\n} else {\n${join(elseCode, '\n')}\n}`);
  else if (thenCode.length) out.push(code`if (${ok}) {\n${join(thenCode, '\n')}\n}`);
  else if (elseCode.length) out.push(code`if (!${ok}) {\n${join(elseCode, '\n')}\n}`);
  return [code`{\n${join(out, '\n')}\n}`];
}
