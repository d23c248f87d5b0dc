/** The array keyword group: sizes (§6.4.1–2), items (items.ts), contains (contains.ts), uniqueItems (§6.4.3). */
import { code, prettyLit as lit, type Code } from '../../../../codegen/index.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { Compiler } from '../compiler.ts';
import { failure, guard, type Site } from '../site.ts';
import { contains } from './contains.ts';
import { items } from './items.ts';

function limit(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function sizes(c: Compiler, s: SchemaObject, site: Site): Code[] {
  const out: Code[] = [];
  const d = site.data;
  const max = limit(s.maxItems);
  const min = limit(s.minItems);
  if (max !== undefined) {
    out.push(guard(site, c.err(site), code`${d}.length > ${lit(max)}`, { keyword: 'maxItems', message: `must NOT have more than ${max} items`, params: code`{ limit: ${lit(max)} }` }));
  }
  if (min !== undefined && min > 0) {
    out.push(guard(site, c.err(site), code`${d}.length < ${lit(min)}`, { keyword: 'minItems', message: `must NOT have fewer than ${min} items`, params: code`{ limit: ${lit(min)} }` }));
  }
  return out;
}

/** Duplicates are found by `_dup`: pairwise for short arrays, hashing a canonical form otherwise (linear). */
function uniqueItems(c: Compiler, s: SchemaObject, site: Site): Code[] {
  if (s.uniqueItems !== true) return [];
  const d = site.data;
  const dup = c.use('_dup');
  if (site.mode === 'check') return [code`if (${d}.length > 1 && ${dup}(${d}) !== null) ${site.stop}`];
  const pair = site.fn.local('u');
  const fail = failure(site, c.err(site), {
    keyword: 'uniqueItems',
    message: 'must NOT have duplicate items',
    params: code`{ i: ${pair}[1], j: ${pair}[0] }`,
  });
  return [code`if (${d}.length > 1) {\nconst ${pair} = ${dup}(${d});\nif (${pair} !== null) {\n${fail}\n}\n}`];
}

export function arrayKeywords(c: Compiler, s: SchemaObject, site: Site): Code[] {
  return [...sizes(c, s, site), ...items(c, s, site), ...contains(c, s, site), ...uniqueItems(c, s, site)];
}
