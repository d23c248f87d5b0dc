/**
 * `unevaluatedProperties` (§11.3) and `unevaluatedItems` (§11.2). When static analysis (analysis/evaluated.ts)
 * knows every property/item the schema's in-place evaluation marks, the check is a loop against those
 * names, patterns or prefix length. Otherwise a collector is created for this schema: its keywords and
 * in-place subschemas record what they evaluate (branches only when they pass), and the loop reads it.
 * A schema with `unevaluated*` evaluates everything itself, which it reports to a collector above it.
 */
import { code, join, prettyLit as lit, type Code } from '../../../../codegen/index.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import { evaluated } from '../analysis/evaluated.ts';
import type { Compiler } from '../compiler.ts';
import { childNode, compileSub } from '../node.ts';
import { atChild, failure, type Site } from '../site.ts';
import { forOwnKeys } from './own.ts';
import { isKnownKey } from './property-loop.ts';
import { groupGuard } from './type-tests.ts';

export interface UnevaluatedPlan {
  /** The site for the schema's other keywords (with this schema's own collectors, if any). */
  site: Site;
  head: Code[];
  tail: Code[];
}

export function planUnevaluated(c: Compiler, s: SchemaObject, site: Site): UnevaluatedPlan {
  const hasP = s.unevaluatedProperties !== undefined;
  const hasI = s.unevaluatedItems !== undefined;
  if (!hasP && !hasI) return { site, head: [], tail: [] };
  const a = evaluated(c.registry, s, site.node, false);
  const head: Code[] = [];
  const tail: Code[] = [];
  let inner: Site = site;
  const d = site.data;

  if (hasP) {
    const sub = s.unevaluatedProperties!;
    let collector: Code | undefined;
    if (!a.allProps && a.dynamicProps) {
      collector = site.fn.local('ep');
      head.push(code`const ${collector} = ${c.use('_evp')}();`);
    }
    inner = { ...inner, evP: collector };
    if (!a.allProps) {
      const key = site.fn.local('k');
      const skip: Code[] = [];
      if (collector) skip.push(code`${collector}.k[${key}] === true`);
      else {
        if (a.names.size) skip.push(isKnownKey(c, [...a.names], key));
        for (const p of a.patterns) skip.push(code`${c.hoist.regex(p)}.test(${key})`);
      }
      let body: Code[];
      if (sub === false) {
        body = [failure(site, c.err(site), { keyword: 'unevaluatedProperties', message: 'must NOT have unevaluated properties', params: code`{ unevaluatedProperty: ${key} }` })];
      } else {
        const x = site.fn.local('x');
        const tokens = ['unevaluatedProperties'];
        body = [code`const ${x} = ${d}[${key}];`, ...compileSub(c, sub, atChild(site, childNode(c, site, sub, tokens), tokens, x, code`${c.use('_esc')}(${key})`))];
      }
      const loop = code`${forOwnKeys(c, site, key)}\n${skip.length ? code`if (${join(skip, ' || ')}) continue;\n` : code``}${join(body, '\n')}\n}`;
      const guarded = collector ? code`if (!${collector}.a) {\n${loop}\n}` : loop;
      tail.push(code`if (${groupGuard('object', d)}) {\n${guarded}\n}`);
    }
    if (site.evP) tail.push(code`${site.evP}.a = true;`);
  }

  if (hasI) {
    const sub = s.unevaluatedItems!;
    let collector: Code | undefined;
    if (!a.allItems && a.dynamicItems) {
      collector = site.fn.local('ei');
      head.push(code`const ${collector} = ${c.use('_evi')}();`);
    }
    inner = { ...inner, evI: collector };
    if (!a.allItems) {
      const i = site.fn.local('i');
      const start = collector ? code`${collector}.n` : lit(a.prefix);
      let body: Code[];
      if (sub === false) {
        body = [failure(site, c.err(site), { keyword: 'unevaluatedItems', message: 'must NOT have unevaluated items', params: code`{ unevaluatedItem: ${i} }` })];
      } else {
        const x = site.fn.local('x');
        const tokens = ['unevaluatedItems'];
        body = [code`const ${x} = ${d}[${i}];`, ...compileSub(c, sub, atChild(site, childNode(c, site, sub, tokens), tokens, x, i))];
      }
      const skip = collector ? code`if (${collector}.c[${i}] === true) continue;\n` : code``;
      tail.push(code`if (Array.isArray(${d})) {\nfor (let ${i} = ${start}; ${i} < ${d}.length; ${i}++) {\n${skip}${join(body, '\n')}\n}\n}`);
    }
    if (site.evI) tail.push(code`${site.evI}.n = Infinity;`);
  }
  return { site: inner, head, tail };
}
