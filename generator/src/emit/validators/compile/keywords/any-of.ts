/**
 * `anyOf` (§10.2.1.2). Check mode: branches in order, first pass wins (all of them when annotations are
 * collected, since every passing branch contributes). Errors mode: the same verdict first; only when no
 * branch passes are the branches walked again for their errors, followed by an `anyOf` error.
 */
import { code, join, raw, type Code } from '../../../../codegen/index.ts';
import type { Schema, SchemaObject } from '../../../../model/types.ts';
import type { Compiler } from '../compiler.ts';
import { childNode, compileSub } from '../node.ts';
import { failure, inPlace, type Site } from '../site.ts';
import { afterCheck, branchCollectors, whenValid } from './branches.ts';
import { O } from '../option-bits.ts';

/** Check-mode evaluation setting `ok` when some branch passes (merging collectors of passing branches). */
export function anyPasses(c: Compiler, site: Site, branches: readonly Schema[], kw: string, ok: Code): Code[] {
  const tracking = site.evP !== undefined || site.evI !== undefined;
  if (!tracking) {
    const done = site.fn.local('L');
    const tries = branches.map((b, i) => whenValid(c, site, b, [kw, i], [code`${ok} = true;`, code`break ${done};`]));
    return [code`${done}: {\n${join(tries, '\n')}\n}`];
  }
  return branches.map((b, i) => {
    const col = branchCollectors(c, site);
    return code`{\n${join(col.decl, '\n')}\n${whenValid(c, site, b, [kw, i], [code`${ok} = true;`, ...col.merge], col.overrides)}\n}`;
  });
}

/** Errors-mode walk of every branch (options `o2`), setting `ok` when one passes. */
export function walkBranches(c: Compiler, site: Site, branches: readonly Schema[], kw: string, o2: Code, onPass: (i: number) => Code[]): Code[] {
  return branches.map((b, i) => {
    const col = branchCollectors(c, site);
    const label = site.fn.local('L');
    const before = site.fn.local('e');
    const tokens = [kw, i];
    const body = compileSub(c, b, inPlace(site, childNode(c, site, b, tokens), tokens, { o: o2, stop: code`break ${label};`, ...col.overrides }));
    return code`{\n${join(col.decl, '\n')}\nconst ${before} = E.length;\n${label}: {\n${join(body, '\n')}\n}\nif (E.length === ${before}) {\n${join([...onPass(i), ...col.merge], '\n')}\n}\n}`;
  });
}

export function anyOf(c: Compiler, s: SchemaObject, site: Site): Code[] {
  if (!Array.isArray(s.anyOf)) return [];
  const branches = s.anyOf;
  const ok = site.fn.local('ok');
  const fail = failure(site, c.err(site), { keyword: 'anyOf', message: 'must match a schema in anyOf', params: raw('{}') });
  if (site.mode === 'check') {
    return [code`let ${ok} = false;`, ...anyPasses(c, site, branches, 'anyOf', ok), code`if (!${ok}) ${fail}`];
  }
  const start = site.fn.local('e');
  const o2 = site.fn.local('o');
  return [
    code`let ${ok} = false;`,
    code`if ((${site.o} & ${O.branchCounter}) !== ${O.branchCounter}) {\n${join(anyPasses(c, site, branches, 'anyOf', ok), '\n')}\n}`,
    code`if (!${ok}) {\nconst ${start} = E.length;\nconst ${o2} = ${afterCheck(site)};\n${join(walkBranches(c, site, branches, 'anyOf', o2, () => [code`${ok} = true;`]), '\n')}\nif (${ok}) E.length = ${start};\nelse {\n${fail}\n}\n}`,
  ];
}
