/**
 * One pass over the own keys for `propertyNames` (§10.3.2.4), `patternProperties` (§10.3.2.2) and
 * `additionalProperties` (§10.3.2.3): patterns apply to every matching key, additionalProperties to keys
 * matched neither by `properties` nor by a pattern.
 */
import { code, join, prettyLit as lit, type Code } from '../../../../codegen/index.ts';
import type { Schema, SchemaObject } from '../../../../model/types.ts';
import { isTrivial } from '../analysis/trivial.ts';
import type { Compiler } from '../compiler.ts';
import { childNode, compileSub } from '../node.ts';
import { atChild, failure, inPlace, type Site } from '../site.ts';
import { forOwnKeys } from './own.ts';
import { schemaMap } from './properties.ts';
import { negate } from './type-tests.ts';

/** Condition: `key` is one of `names` (a chain of comparisons, or a hoisted set for many names). */
export function isKnownKey(c: Compiler, names: readonly string[], key: Code): Code {
  if (names.length === 0) return code`false`;
  if (names.length <= 8) return join(names.map((n) => code`${key} === ${lit(n)}`), ' || ');
  return code`${c.hoist.set(names)}.has(${key})`;
}

function propertyNames(c: Compiler, sub: Schema, site: Site, key: Code): Code[] {
  if (isTrivial(sub)) return [];
  const tokens = ['propertyNames'];
  const node = childNode(c, site, sub, tokens);
  if (site.mode === 'check') {
    return compileSub(c, sub, { ...inPlace(site, node, tokens), data: key, evP: undefined, evI: undefined });
  }
  const label = site.fn.local('L');
  const ok = site.fn.local('ok');
  const body = compileSub(c, sub, { ...inPlace(site, node, tokens), mode: 'check', data: key, stop: code`break ${label};`, evP: undefined, evI: undefined });
  const fail = failure(site, c.err(site), {
    keyword: 'propertyNames',
    message: 'property name must be valid',
    params: code`{ propertyName: ${key} }`,
  });
  return [code`let ${ok} = false;\n${label}: {\n${join(body, '\n')}\n${ok} = true;\n}\nif (!${ok}) {\n${fail}\n}`];
}

export function propertyLoop(c: Compiler, s: SchemaObject, site: Site): Code[] {
  const patterns = Object.entries(schemaMap(s.patternProperties));
  const additional = s.additionalProperties;
  const names = s.propertyNames;
  const key = site.fn.local('k');
  const d = site.data;
  const inLoop: Code[] = [];
  if (names !== undefined) inLoop.push(...propertyNames(c, names, site, key));

  const checkAdditional = additional !== undefined && !isTrivial(additional);
  const matched = checkAdditional && patterns.length ? site.fn.local('m') : undefined;
  for (const [pattern, sub] of patterns) {
    const tokens = ['patternProperties', pattern];
    const trivial = isTrivial(sub);
    if (trivial && !matched && !site.evP) continue;
    const x = site.fn.local('x');
    const body = trivial ? [] : compileSub(c, sub, atChild(site, childNode(c, site, sub, tokens), tokens, x, code`${c.use('_esc')}(${key})`));
    const lines: Code[] = [];
    if (matched) lines.push(code`${matched} = true;`);
    if (site.evP) lines.push(code`${site.evP}.k[${key}] = true;`);
    if (body.length) lines.push(code`const ${x} = ${d}[${key}];`, ...body);
    inLoop.push(code`if (${c.hoist.regex(pattern)}.test(${key})) {\n${join(lines, '\n')}\n}`);
  }

  if (checkAdditional) {
    const known = Object.keys(schemaMap(s.properties));
    const conditions: Code[] = [];
    if (matched) conditions.push(code`!${matched}`);
    if (known.length) conditions.push(negate(isKnownKey(c, known, key)));
    let body: Code[];
    if (additional === false) {
      body = [failure(site, c.err(site), {
        keyword: 'additionalProperties',
        message: 'must NOT have additional properties',
        params: code`{ additionalProperty: ${key} }`,
      })];
    } else {
      const x = site.fn.local('x');
      const tokens = ['additionalProperties'];
      body = [code`const ${x} = ${d}[${key}];`, ...compileSub(c, additional, atChild(site, childNode(c, site, additional, tokens), tokens, x, code`${c.use('_esc')}(${key})`))];
    }
    const guarded = conditions.length ? code`if (${join(conditions, ' && ')}) {\n${join(body, '\n')}\n}` : join(body, '\n');
    if (matched) inLoop.push(code`let ${matched} = false;`);
    // The `let` must precede the pattern tests that set it.
    if (matched) inLoop.unshift(inLoop.pop()!);
    inLoop.push(guarded);
  }

  const out: Code[] = [];
  if (inLoop.length) out.push(code`${forOwnKeys(c, site, key)}\n${join(inLoop, '\n')}\n}`);
  if (site.evP && additional !== undefined) out.push(code`${site.evP}.a = true;`);
  return out;
}
