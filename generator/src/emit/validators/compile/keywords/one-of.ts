/**
 * `oneOf` (§10.2.1.3): exactly one branch passes. Same two-phase shape as anyOf: count passing branches in
 * check mode; walk them for errors only when none passes; report `passingSchemas` when several do.
 */
import { code, join, raw, type Code } from '../../../../codegen/index.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { Compiler } from '../compiler.ts';
import { failure, type Site } from '../site.ts';
import { walkBranches } from './any-of.ts';
import { afterCheck, branchCollectors, whenValid } from './branches.ts';
import { O } from '../option-bits.ts';

export function oneOf(c: Compiler, s: SchemaObject, site: Site): Code[] {
  if (!Array.isArray(s.oneOf)) return [];
  const branches = s.oneOf;
  const n = site.fn.local('n');
  const first = site.fn.local('a');
  const second = site.fn.local('b');
  const tracking = site.evP !== undefined || site.evI !== undefined;
  // The collectors of the passing branch are merged only when it is the only one.
  const pending: Code[] = [];
  const pendingMerges: Code[] = [];
  const counted = (i: number): Code[] => [code`if (${n} === 0) ${first} = ${raw(String(i))};\nelse if (${n} === 1) ${second} = ${raw(String(i))};`, code`${n}++;`];
  const checkPhase = branches.map((b, i) => {
    if (!tracking) return whenValid(c, site, b, ['oneOf', i], counted(i));
    const col = branchCollectors(c, site);
    const keep = site.fn.local('m');
    pending.push(code`let ${keep} = false;`, ...col.decl);
    pendingMerges.push(code`if (${keep}) {\n${join(col.merge, '\n')}\n}`);
    return whenValid(c, site, b, ['oneOf', i], [...counted(i), code`${keep} = true;`], col.overrides);
  });
  const many = failure(site, c.err(site), {
    keyword: 'oneOf',
    message: 'must match exactly one schema in oneOf',
    params: code`{ passingSchemas: [${first}, ${second}] }`,
  });
  const none = failure(site, c.err(site), { keyword: 'oneOf', message: 'must match exactly one schema in oneOf', params: raw('{ passingSchemas: null }') });
  const head = [code`let ${n} = 0;`, code`let ${first} = -1;`, code`let ${second} = -1;`, ...pending];
  if (site.mode === 'check') {
    return [code`{\n${join([...head, ...checkPhase, code`if (${n} !== 1) ${site.stop}`, ...pendingMerges], '\n')}\n}`];
  }
  const start = site.fn.local('e');
  const o2 = site.fn.local('o');
  const walk = walkBranches(c, site, branches, 'oneOf', o2, (i) => counted(i));
  return [
    code`{\n${join(head, '\n')}\nif ((${site.o} & ${O.branchCounter}) !== ${O.branchCounter}) {\n${join(checkPhase, '\n')}\n}`,
    code`if (${n} === 0) {\nconst ${start} = E.length;\nconst ${o2} = ${afterCheck(site)};\n${join(walk, '\n')}\nif (${n} === 0) {\n${none}\n} else E.length = ${start};\n}`,
    code`if (${n} > 1) {\n${many}\n}`,
    code`${join(pendingMerges, '\n')}\n}`,
  ];
}
