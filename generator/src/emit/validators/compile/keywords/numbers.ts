/** The number keyword group: bounds (§6.2.2–5), `multipleOf` (§6.2.1), then numeric `format`s. */
import { code, prettyLit as lit, type Code } from '../../../../codegen/index.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { Compiler } from '../compiler.ts';
import { guard, type Site } from '../site.ts';
import { numberFormat } from './format.ts';

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

const BOUNDS = [
  { keyword: 'maximum', fails: '>', comparison: '<=' },
  { keyword: 'exclusiveMaximum', fails: '>=', comparison: '<' },
  { keyword: 'minimum', fails: '<', comparison: '>=' },
  { keyword: 'exclusiveMinimum', fails: '<=', comparison: '>' },
] as const;

export function numberKeywords(c: Compiler, s: SchemaObject, site: Site): Code[] {
  const d = site.data;
  const out: Code[] = [];
  for (const b of BOUNDS) {
    const limit = num(s[b.keyword]);
    if (limit === undefined) continue;
    const op = { '>': code`>`, '>=': code`>=`, '<': code`<`, '<=': code`<=` }[b.fails];
    out.push(guard(site, c.err(site), code`${d} ${op} ${lit(limit)}`, {
      keyword: b.keyword,
      message: `must be ${b.comparison} ${limit}`,
      params: code`{ comparison: ${lit(b.comparison)}, limit: ${lit(limit)} }`,
    }));
  }
  const m = num(s.multipleOf);
  if (m !== undefined && m > 0) {
    const test = Number.isInteger(m) ? code`${d} % ${lit(m)} !== 0` : code`!${c.use('_mul')}(${d}, ${lit(m)})`;
    out.push(guard(site, c.err(site), test, { keyword: 'multipleOf', message: `must be multiple of ${m}`, params: code`{ multipleOf: ${lit(m)} }` }));
  }
  out.push(...numberFormat(c, s, site));
  return out;
}
