/**
 * OpenAPI `discriminator` (3.1 §4.8.25) on a `oneOf`/`anyOf`: for an object, the tag property selects the
 * one schema to apply (no trial of the other branches); a missing or non-string tag, or a value that maps
 * to nothing, is a `discriminator` error listing the accepted values. Non-objects fall back to the plain
 * `oneOf`/`anyOf`. For an OpenAPI document the mapping is the model's resolved discriminator fact
 * (explicit and implicit values, names decoded); for plain JSON Schema it is `discriminator.mapping`
 * (values: references or component names), else the decoded last segment of each branch's `$ref`.
 * With OAS 3.2 `defaultMapping`, an absent tag or a value that maps to nothing selects that schema instead
 * of being an error.
 */
import { raw } from '../../../../codegen/index.ts';
import { block, breakStmt, cond, ifStmt, lit, object, switchStmt, type Stmt } from '../../../../codegen/statements.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import type { NodeInfo } from '../registry.ts';
import { failure, inPlace, propertySegment, type Site } from '../site.ts';
import { anyOf } from './any-of.ts';
import { oneOf } from './one-of.ts';
import { readProperty } from './own.ts';
import { applyNode } from './ref.ts';
import { groupGuard } from './type-tests.ts';

function target(c: KeywordContext, ref: string, site: Site): NodeInfo {
  const value = /[#/]/.test(ref) ? ref : `#/components/schemas/${ref}`;
  return c.registry.resolve(value, site.node);
}

export function discriminator(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] | undefined {
  const disc = s.discriminator;
  const kw = Array.isArray(s.oneOf) ? 'oneOf' : Array.isArray(s.anyOf) ? 'anyOf' : undefined;
  if (!kw || typeof disc !== 'object' || disc === null || typeof disc.propertyName !== 'string') return undefined;
  const prop = disc.propertyName;
  const cases = new Map<string, NodeInfo>();
  const resolved = c.resolvedDiscriminator(s);
  if (resolved) {
    for (const { value, ref } of resolved.mapping) if (!cases.has(value)) cases.set(value, target(c, ref, site));
  } else if (disc.mapping && typeof disc.mapping === 'object') {
    for (const [value, ref] of Object.entries(disc.mapping)) if (typeof ref === 'string') cases.set(value, target(c, ref, site));
  } else {
    for (const branch of s[kw] ?? []) {
      if (typeof branch !== 'object' || branch === null || typeof branch.$ref !== 'string') continue;
      const name = lastSegment(branch.$ref);
      if (!cases.has(name)) cases.set(name, target(c, branch.$ref, site));
    }
  }
  const fallbackRef = resolved ? resolved.defaultRef : typeof disc.defaultMapping === 'string' ? disc.defaultMapping : undefined;
  const values = [...cases.keys()];
  const tag = readProperty(c, site, prop);
  const tagSite = inPlace(site, site.node, ['discriminator']);
  const arms = [...cases].map(([value, node]) => ({ test: lit(value), body: [block([...applyNode(c, node, tagSite), breakStmt()])] }));
  // Without a default, a tag that maps to nothing is an error listing the accepted values.
  const unknown = (): Stmt => failure(site, c.err(site), () => ({
    keyword: 'discriminator',
    message: `property "${prop}" must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`,
    params: object([[raw('propertyName'), lit(prop)], [raw('value'), tag.local], [raw('allowedValues'), c.hoist.value(values)]]),
    at: { root: site.path.root, parts: [...site.path.parts, '/', propertySegment(prop)] },
  }));
  const fallback = kw === 'oneOf' ? oneOf(c, s, site) : anyOf(c, s, site);
  const otherwise = fallbackRef === undefined ? [unknown()] : applyNode(c, target(c, fallbackRef, site), tagSite);
  const select = switchStmt(cond(tag.present, tag.local, raw('undefined')), [...arms, { body: [block(otherwise)] }]);
  return [ifStmt(groupGuard('object', site.data), [tag.decl, select], fallback)];
}

/** The last JSON Pointer segment of a reference, `~1`/`~0` and `%`-escapes decoded (a component name). */
function lastSegment(ref: string): string {
  const raw = ref.slice(ref.lastIndexOf('/') + 1);
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // not percent-encoded text: keep it as written
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}
