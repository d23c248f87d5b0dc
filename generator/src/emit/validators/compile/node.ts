/**
 * Compiles one schema at a site into statements: the dispatcher over keyword families. Order: type and the
 * type-specific keywords (cheap, most selective), enum/const, references, applicators, conditionals, and
 * last the `unevaluated*` keywords, which need every annotation collected before them.
 */
import { object, type Stmt } from '../../../codegen/statements.ts';
import type { Schema } from '../../../model/types.ts';
import type { KeywordContext } from './context.ts';
import { allOf } from './keywords/all-of.ts';
import { anyOf } from './keywords/any-of.ts';
import { conditional } from './keywords/conditional.ts';
import { discriminator } from './keywords/discriminator.ts';
import { enumConst } from './keywords/enum-const.ts';
import { not } from './keywords/not.ts';
import { oneOf } from './keywords/one-of.ts';
import { applyNode, refs } from './keywords/ref.ts';
import { typed } from './keywords/typed.ts';
import { planUnevaluated } from './keywords/unevaluated.ts';
import { append } from './pointer.ts';
import { CompileError, type NodeInfo } from './registry.ts';
import { relaxationAt } from './relax.ts';
import { enterResource } from './scope.ts';
import { failure, SP, type Site } from './site.ts';

export function compileNode(c: KeywordContext, schema: Schema, site: Site): Stmt[] {
  if (schema === true) return [];
  if (schema === false) {
    return [failure(site, c.err(site), { keyword: 'false schema', message: 'boolean schema is false', schemaPath: site.schemaPath, params: object([]) })];
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new CompileError(`not a schema at ${site.schemaPath.replace(SP, '')}`);
  }
  const entered: Site = { ...site, dyn: enterResource(site.dyn, site.node.resource), relax: relaxationAt(c.shape, schema, site.relax) };
  const plan = planUnevaluated(c, schema, entered);
  const s = plan.site;
  const dispatched = discriminator(c, schema, s);
  return [
    ...plan.head,
    ...typed(c, schema, s),
    ...enumConst(c, schema, s),
    ...refs(c, schema, s),
    ...allOf(c, schema, s),
    ...(dispatched ?? [...anyOf(c, schema, s), ...oneOf(c, schema, s)]),
    ...not(c, schema, s),
    ...conditional(c, schema, s),
    ...plan.tail,
  ];
}

const weights = new WeakMap<object, number>();

/** Size of a JSON value in members (memoized): how much code an inline copy of a schema costs. */
function weight(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 1;
  const known = weights.get(value);
  if (known !== undefined) return known;
  let total = 1;
  // Read in place (no array of values): every subschema is weighed.
  if (Array.isArray(value)) for (const v of value) total += weight(v);
  else for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) total += weight((value as Record<string, unknown>)[key]);
  weights.set(value, total);
  return total;
}

/**
 * A subschema at `site` (whose node is the subschema's): inline code, or for a large one a call to its own
 * function, so big documents give many moderate functions (each optimisable by the engine) and a large
 * branch needed both as a verdict and for its errors is not written twice.
 */
export function compileSub(c: KeywordContext, schema: Schema, site: Site): Stmt[] {
  if (typeof schema === 'object' && schema !== null && site.node.id >= 0 && site.node.schema === schema && weight(schema) > c.inlineLimit) {
    return applyNode(c, site.node, site, 'site');
  }
  return compileNode(c, schema, site);
}

/** The node of a subschema of the site's schema, by the tokens that lead to it. */
export function childNode(c: KeywordContext, site: Site, schema: Schema, tokens: readonly (string | number)[]): NodeInfo {
  return c.registry.nodeOf(schema, site.node, append(site.node.pointer, ...tokens));
}
