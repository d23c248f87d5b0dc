/**
 * Static analysis for `unevaluatedProperties` / `unevaluatedItems` (JSON Schema 2020-12 §11): which
 * properties and items a schema's in-place evaluation always marks as evaluated, and whether some of it
 * depends on the instance (anyOf/oneOf/if/dependentSchemas/contains branches, `$dynamicRef`), in which case
 * the generated code collects annotations at run time instead.
 */
import type { Schema, SchemaObject } from '../../../../model/types.ts';
import type { NodeInfo, Registry } from '../registry.ts';

export interface Evaluated {
  allProps: boolean;
  names: Set<string>;
  patterns: string[];
  dynamicProps: boolean;
  allItems: boolean;
  prefix: number;
  dynamicItems: boolean;
}

function empty(): Evaluated {
  return { allProps: false, names: new Set(), patterns: [], dynamicProps: false, allItems: false, prefix: 0, dynamicItems: false };
}

function hasProps(e: Evaluated): boolean {
  return e.allProps || e.names.size > 0 || e.patterns.length > 0 || e.dynamicProps;
}

function hasItems(e: Evaluated): boolean {
  return e.allItems || e.prefix > 0 || e.dynamicItems;
}

function mergeInto(into: Evaluated, from: Evaluated): void {
  into.allProps ||= from.allProps;
  for (const n of from.names) into.names.add(n);
  for (const p of from.patterns) if (!into.patterns.includes(p)) into.patterns.push(p);
  into.dynamicProps ||= from.dynamicProps;
  into.allItems ||= from.allItems;
  into.prefix = Math.max(into.prefix, from.prefix);
  into.dynamicItems ||= from.dynamicItems;
}

/**
 * What evaluating `schema` in place marks. `self` false leaves out the schema's own `unevaluated*`
 * keywords (when analysing the schema that holds them).
 */
export function evaluated(registry: Registry, schema: Schema, node: NodeInfo, self = true, seen: Set<unknown> = new Set()): Evaluated {
  const out = empty();
  if (typeof schema !== 'object' || schema === null) return out;
  if (seen.has(schema)) {
    // An in-place cycle: whatever it evaluates is only known at run time.
    out.dynamicProps = out.dynamicItems = true;
    return out;
  }
  seen.add(schema);
  const s = schema as SchemaObject;
  const child = (sub: Schema, tokens: string): Evaluated => evaluated(registry, sub, registry.nodeOf(sub, node, `${node.pointer}/${tokens}`), true, seen);
  const conditional = (sub: Schema, tokens: string): void => {
    const e = child(sub, tokens);
    if (hasProps(e)) out.dynamicProps = true;
    if (hasItems(e)) out.dynamicItems = true;
  };

  if (s.properties && typeof s.properties === 'object') for (const name of Object.keys(s.properties)) out.names.add(name);
  if (s.patternProperties && typeof s.patternProperties === 'object') out.patterns.push(...Object.keys(s.patternProperties));
  if (s.additionalProperties !== undefined) out.allProps = true;
  if (self && s.unevaluatedProperties !== undefined) out.allProps = true;
  if (Array.isArray(s.prefixItems)) out.prefix = s.prefixItems.length;
  if (s.items !== undefined) out.allItems = true;
  if (self && s.unevaluatedItems !== undefined) out.allItems = true;
  if (s.contains !== undefined) out.dynamicItems = true;

  if (Array.isArray(s.allOf)) s.allOf.forEach((m, i) => mergeInto(out, child(m, `allOf/${i}`)));
  if (typeof s.$ref === 'string') {
    const target = registry.resolve(s.$ref, node);
    mergeInto(out, evaluated(registry, target.schema, target, true, seen));
  }
  if (typeof s.$dynamicRef === 'string') out.dynamicProps = out.dynamicItems = true;
  for (const kw of ['anyOf', 'oneOf'] as const) {
    const list = s[kw];
    if (Array.isArray(list)) list.forEach((m, i) => conditional(m, `${kw}/${i}`));
  }
  if (s.if !== undefined) {
    conditional(s.if, 'if');
    if (s.then !== undefined) conditional(s.then, 'then');
    if (s.else !== undefined) conditional(s.else, 'else');
  }
  if (s.dependentSchemas && typeof s.dependentSchemas === 'object') {
    for (const [name, sub] of Object.entries(s.dependentSchemas)) conditional(sub, `dependentSchemas/${name}`);
  }
  seen.delete(schema);
  return out;
}
