/**
 * `$ref` (§8.2.3.1) and `$dynamicRef` (§8.2.3.2): the target becomes a hoisted function, so recursion is
 * plain recursion (a stack overflow on absurdly deep input is caught at the entry point).
 *
 * A target has a check and an errors function (compiler.ts); in errors mode a call first runs the cheap
 * check function and only walks the target for errors when that fails ("prefilter"). That walk runs with
 * the options' `skipCheck` bit set, and below it no prefilter runs: on the failing path each one would fail
 * again after re-walking the value up to its failure (one re-walk per level: quadratic in the depth), while
 * a walk without them visits every value below once (linear, and the first error is found in one pass).
 */
import type { Code } from '../../../../codegen/index.ts';
import { and, binary, call, ifStmt, lit, not, type Expr, type Stmt } from '../../../../codegen/statements.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import type { NodeInfo } from '../registry.ts';
import { relaxationFor } from '../relax.ts';
import { enterResource } from '../scope.ts';
import { E, renderPath, schemaPathOf, splitPath, type Site } from '../site.ts';
import { decodeFragment, resolveUri, splitFragment } from '../uri.ts';
import { O } from '../option-bits.ts';

/** inlinable's answer per schema object: asked at every reference to the target. */
const inlinableCache = new WeakMap<object, boolean>();

/**
 * Small leaf targets (no references, identifiers or unevaluated keywords inside, short) are compiled inline
 * instead of called: the usual `PostId`-style string formats of an API.
 */
function inlinable(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  // GitHub's large shared schemas were stringified at each of their thousands of references.
  let known = inlinableCache.get(schema);
  if (known === undefined) {
    const text = JSON.stringify(schema);
    inlinableCache.set(schema, (known = text.length <= 400 && !/"\$(ref|dynamicRef|id|anchor|dynamicAnchor)"|"unevaluated(Properties|Items)"/.test(text)));
  }
  return known;
}

/**
 * Applies the schema at `target` to the site's value through its function (inline for booleans). With
 * `relocatable` the function may be shared by equal copies and its errors variant is passed the schema
 * path of the one it checks: `site` for an inline subschema (the site is at it), `target` for a reference
 * (the target's own path).
 */
export function applyNode(c: KeywordContext, target: NodeInfo, site: Site, relocatable?: 'site' | 'target'): Stmt[] {
  if (typeof target.schema === 'boolean') {
    return c.compileNode(target.schema, { ...site, node: target, schemaPath: schemaPathOf(target) });
  }
  const inline = site.evP === undefined && site.evI === undefined && inlinable(target.schema);
  if (inline && site.mode === 'check') {
    return c.compileNode(target.schema, { ...site, node: target, schemaPath: schemaPathOf(target) });
  }
  const dyn = enterResource(site.dyn, target.resource);
  const trackP = site.evP !== undefined;
  const trackI = site.evI !== undefined;
  const ev: Expr[] = [];
  if (site.evP) ev.push(site.evP);
  if (site.evI) ev.push(site.evI);
  const relax = site.relax;
  const check = (): Code => c.fn({ node: target, mode: 'check', trackP, trackI, dyn, relocatable: relocatable !== undefined, relax });
  const d = site.data;
  const o = site.o;
  const checkArgs = [d, o, ...ev];
  if (site.mode === 'check') return [ifStmt(not(call(check(), ...checkArgs)), site.stop)];
  const callee = c.callee({ node: target, mode: 'errors', trackP, trackI, dyn, relocatable: relocatable !== undefined, relax });
  const errors = callee.name;
  const path = renderPath(site.path);
  // A shared function's schema path, passed at every call: a module constant unless short (GitHub passes
  // `#/components/parameters/per-page/schema` and the like thousands of times).
  const spPath = relocatable === 'target' ? schemaPathOf(target) : site.schemaPath;
  const sp = callee.takesSchemaPath ? [c.schemaPathCode(site, spPath, 24)] : [];
  if (ev.length === 0) {
    // One helper call instead of the prefilter written out: errors mode runs only after a check failed,
    // so its size matters more than a call's cost.
    const helper = sp.length ? c.use('_refSp') : c.use('_ref');
    return [ifStmt(call(helper, d, o, ...splitPath(site.path), E, ...sp, check(), errors), site.stop)];
  }
  const direct = [d, o, path, E, ...sp, ...ev];
  const after = [d, binary(o, '|', O.skipCheck), path, E, ...sp, ...ev];
  const stopsHere = binary(binary(o, '&', O.allErrors), '===', lit(0));
  return [
    ifStmt(
      binary(binary(o, '&', O.skipCheck), '!==', lit(0)),
      [ifStmt(and(not(call(errors, ...direct)), stopsHere), site.stop)],
      ifStmt(and(not(call(check(), ...checkArgs)), not(call(errors, ...after)), stopsHere), site.stop),
    ),
  ];
}

/** The target of a `$dynamicRef`: the outermost dynamic anchor in scope when the static target is one. */
function dynamicTarget(c: KeywordContext, ref: string, site: Site): NodeInfo {
  const target = c.registry.resolve(ref, site.node);
  const fragment = decodeFragment(splitFragment(resolveUri(ref, site.node.base)).fragment);
  if (!fragment || fragment.startsWith('/')) return target;
  const schema = target.schema;
  if (typeof schema !== 'object' || schema === null || schema.$dynamicAnchor !== fragment) return target;
  return site.dyn.bindings.get(fragment) ?? target;
}

export function refs(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  const out: Stmt[] = [];
  if (typeof s.$ref === 'string') {
    const shared = c.sharedRef(s.$ref) ? 'target' : undefined;
    const target = c.registry.resolve(s.$ref, site.node);
    // The target is a part of this schema's shape: it gets the relaxation of `required` it needs.
    out.push(...applyNode(c, target, { ...site, schemaPath: `${site.schemaPath}/$ref`, relax: relaxationFor(c.shape, target.schema, site.relax) }, shared));
  }
  if (typeof s.$dynamicRef === 'string') {
    out.push(...applyNode(c, dynamicTarget(c, s.$dynamicRef, site), { ...site, schemaPath: `${site.schemaPath}/$dynamicRef`, relax: undefined }));
  }
  return out;
}
