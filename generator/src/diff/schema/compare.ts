/**
 * Comparing two schemas by meaning, in a direction: what the client sends (request) breaks when the
 * accepted set narrows; what it receives (response) breaks when it widens. Component references become
 * shared scopes compared once per direction (a change inside is reported once, with every operation that
 * reaches it); a visited set of pairs stops recursion.
 */
import { appendPointer } from '../../load/pointer.ts';
import type { JsonType, Schema } from '../../model/types.ts';
import { joinPath, type DiffContext, type SchemaCtx, type SharedScope } from '../context.ts';
import type { ApiVerdict } from '../types.ts';
import { parseSunset, sunsetText } from '../sunset.ts';
import { canonical, show } from './canonical.ts';
import { keywordPointer, typesSubset, viewOf, type View } from './view.ts';
import { compareEnums, compareFormat, compareNumberBounds, compareStringExtras, bound, enumWithinBase } from './scalars.ts';
import { compareArrays } from './arrays.ts';
import { compareObjects } from './objects.ts';
import { compareAllOfResidue, compareDiscriminator, compareNotAndConditionals, compareUnion, unionOf } from './composition.ts';

const MAX_DEPTH = 200;

/** Compares `baseSchema` (written at `basePtr` in the base) with `headSchema` (at `headPtr` in the head). */
export function compareSchemas(dc: DiffContext, baseSchema: Schema, basePtr: string, headSchema: Schema, headPtr: string, ctx: SchemaCtx): void {
  if (ctx.depth > MAX_DEPTH) return;
  if (ctx.path === '' && dc.identical(baseSchema, headSchema)) return;
  const va = viewOf(baseSchema, basePtr, dc.base);
  const vb = viewOf(headSchema, headPtr, dc.head);
  if (va.refKey === undefined && vb.refKey === undefined) {
    compareViews(dc, va, vb, ctx);
    return;
  }
  // A reference on at least one side (possibly under a nullable wrapper or an annotation-only allOf).
  // The referenced schema is compared once per direction, whoever reaches it.
  const ka = va.refKey;
  const kb = vb.refKey;
  // Located where the reference is written, not at the component.
  const here = (view: View, ptr: string): View => ({ ...view, ptr });
  if (ka !== undefined && ka === kb && !dc.dirty.has(ka)) {
    if (va.nullable !== vb.nullable) compareNullability(dc, here(va, basePtr), here(vb, headPtr), ctx);
    return;
  }
  let ta = ka !== undefined ? componentView(dc, 'base', ka) ?? va : va;
  let tb = kb !== undefined ? componentView(dc, 'head', kb) ?? vb : vb;
  if ((ka === undefined) !== (kb === undefined)) {
    // Inline on one side, a reference on the other (a schema moved into a component, or back, or a property
    // that stopped referencing one): the change belongs to the referrer, so it is compared and named there —
    // not under the component's name, which the other side does not use. The inline side's nullability
    // belongs to the referrer too: `anyOf: [X, null]` with X moved into a component is as nullable as before.
    if (va.nullable !== vb.nullable) compareNullability(dc, here(va, basePtr), here(vb, headPtr), ctx);
    if (ka === undefined) ta = { ...ta, nullable: tb.nullable };
    else tb = { ...tb, nullable: ta.nullable };
    compareViews(dc, ta, tb, { ...ctx, covered: undefined, depth: ctx.depth + 1 });
    return;
  }
  // Nullability added by the referrer (a nullable wrapper) is the referrer's change.
  if (va.nullable !== vb.nullable && ta.nullable === tb.nullable) compareNullability(dc, here(va, basePtr), here(vb, headPtr), ctx);
  const idA = `#${ka}`;
  const idB = `#${kb}`;
  // Text-serialized parameters judge types differently: their comparison of a component is its own. Only
  // the parameter's own value can be a repeated key; a component reached below it cannot.
  const text = ctx.text && ctx.path !== '' ? { ...ctx.text, repeatable: false } : ctx.text;
  const mode = text ? `${ctx.dir}/text${text.repeatable ? '+' : ''}` : ctx.dir;
  // Properties an extending schema compares itself (ctx.covered) make a comparison of their own; the
  // changes it shares with the full one have the same fingerprint and are reported once.
  const covered = ctx.path === '' && ctx.covered?.size ? ctx.covered : undefined;
  const key = `${mode}|${idA}|${idB}${covered ? `|-${[...covered].sort().join(',')}` : ''}`;
  const existing = dc.shared.get(key);
  if (existing) {
    existing.parents.add(ctx.scope);
    return;
  }
  const shown = kb!;
  const label = ka !== kb ? `schema \`${kb}\` (was \`${ka}\`)` : `schema \`${shown}\``;
  const typeName = dc.head.schemas.get(kb!)?.typeName ?? dc.base.schemas.get(ka!)?.typeName;
  const scope: SharedScope = { kind: 'shared', key: `schema:${mode}:${ka}:${kb}`, label, component: shown, parents: new Set([ctx.scope]), typeNames: typeName ? [typeName] : [] };
  dc.shared.set(key, scope);
  // A component reached below the root (a property, an item) is a property wherever it is reported.
  const role = ctx.path !== '' ? 'property' : ctx.role;
  compareViews(dc, ta, tb, { ...ctx, ...(text ? { text } : {}), covered, scope, label, role, path: '', typeNames: scope.typeNames, depth: ctx.depth + 1 });
}

export function componentView(dc: DiffContext, side: 'base' | 'head', key: string): View | undefined {
  const model = side === 'base' ? dc.base : dc.head;
  const named = model.schemas.get(key);
  return named ? viewOf(named.schema, named.pointer, model) : undefined;
}

/** Pointer of keyword `key` of `v` (the schema's own pointer when the keyword is absent). */
export function kw(view: View, key: string): string {
  return view.keywords[key] !== undefined ? appendPointer(keywordPointer(view, key), key) : view.ptr;
}

function constrained(view: View): boolean {
  return view.types !== undefined || Array.isArray(view.keywords.enum) || view.keywords.const !== undefined;
}

export function compareNullability(dc: DiffContext, base: View, head: View, ctx: SchemaCtx): void {
  if (!constrained(base) || !constrained(head) || base.nullable === head.nullable) return;
  if (head.nullable) dc.facet(ctx, 'became-nullable', base.ptr, head.ptr, 'became nullable (`null` is now a valid value)');
  else dc.facet(ctx, 'became-not-nullable', base.ptr, head.ptr, 'is no longer nullable (`null` is no longer valid)');
}

export function compareViews(dc: DiffContext, base: View, head: View, ctx: SchemaCtx): void {
  if (ctx.depth > MAX_DEPTH) return;
  const next = { ...ctx, depth: ctx.depth + 1 };
  if (base.never || head.never) {
    if (base.never && !head.never) dc.facet(ctx, 'type-widened', base.ptr, head.ptr, 'accepted no value before and now accepts values');
    else if (!base.never && head.never) dc.facet(ctx, 'type-narrowed', base.ptr, head.ptr, 'accepts no value any more (`false` or contradictory constraints)');
    return;
  }
  // One side is a union and the other is not: the other is a union of one (wrapping in oneOf is a widening).
  const ka = unionOf(base);
  const kb = unionOf(head);
  if ((ka === undefined) !== (kb === undefined)) {
    compareUnion(dc, base, head, (kb ?? ka)!, next);
    compareNullability(dc, base, head, ctx);
    return;
  }

  if (ctx.text?.repeatable && ctx.path === '' && compareRepeatable(dc, base, head, ctx)) return;
  if (!compareTypes(dc, base, head, ctx)) return;
  compareNullability(dc, base, head, ctx);
  compareEnums(dc, base, head, ctx);
  // A value restricted to an enum whose every value the base's constraints accepted is a narrowing (the enum
  // says so): the constraints the head dropped at the same time (maxLength, pattern...) widen nothing.
  const withinBase = enumWithinBase(base, head);
  if (!withinBase) {
    compareFormat(dc, base, head, ctx);
    compareNumberBounds(dc, base, head, ctx);
    bound(dc, ctx, base, head, 'max', 'length', 'maxLength');
    bound(dc, ctx, base, head, 'min', 'length', 'minLength');
  }
  compareStringExtras(dc, base, head, ctx, { pattern: !withinBase });
  compareArrays(dc, base, head, next);
  compareObjects(dc, base, head, next);
  if (ka && kb) compareUnion(dc, base, head, kb, next);
  compareAllOfResidue(dc, base, head, ctx);
  compareNotAndConditionals(dc, base, head, ctx);
  compareDiscriminator(dc, base, head, ctx);
  compareAnnotations(dc, base, head, ctx);
}

const SCALARS: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * `a` ⊆ `b` for the text a parameter carries: every scalar's text is a valid string, an integer's a valid
 * number; arrays and objects are serialized structures and compare as types.
 */
function textSubset(before: Set<string>, after: Set<string>): boolean {
  for (const type of before) if (!after.has(type) && !(type === 'integer' && after.has('number')) && !(SCALARS.has(type) && after.has('string'))) return false;
  return true;
}

/**
 * An exploded form query parameter sends an array as repeated keys, so one value on the wire is both a
 * scalar and a one-element array: scalar → array whose items accept the scalar is a widening (and the
 * scalar is compared with the items), array → scalar a narrowing (several values are no longer accepted).
 * Returns true when it handled the pair.
 */
function compareRepeatable(dc: DiffContext, base: View, head: View, ctx: SchemaCtx): boolean {
  const isArray = (view: View): boolean => view.types !== undefined && view.types.size === 1 && view.types.has('array');
  const isScalar = (view: View): boolean => view.types !== undefined && view.types.size > 0 && [...view.types].every((type) => SCALARS.has(type));
  const toArray = isScalar(base) && isArray(head);
  if (!toArray && !(isArray(base) && isScalar(head))) return false;
  const array = toArray ? head : base;
  const items = array.keywords.items ?? true;
  const itemsPtr = array.keywords.items !== undefined ? appendPointer(keywordPointer(array, 'items'), 'items') : array.ptr;
  if (toArray) {
    dc.facet(ctx, 'type-widened', base.ptr, head.ptr, `now an array: one value is still sent as before (exploded form), and more may be repeated`);
    compareSchemas(dc, { ...base.keywords, type: [...base.types!] } as Schema, base.ptr, items, itemsPtr, { ...ctx, path: joinPath(ctx.path, '[]') });
  } else {
    dc.facet(ctx, 'type-narrowed', base.ptr, head.ptr, 'no longer an array: requests repeating the parameter are rejected');
    compareSchemas(dc, items, itemsPtr, { ...head.keywords, type: [...head.types!] } as Schema, head.ptr, { ...ctx, path: joinPath(ctx.path, '[]') });
  }
  return true;
}

/** The types of the values an enum or const allows (so `{enum: [a]}` and `{type: string, enum: [a]}` agree). */
function valueTypes(view: View): Set<Exclude<JsonType, 'null'>> | undefined {
  if (view.types) return view.types;
  const values = view.keywords.const !== undefined ? [view.keywords.const] : Array.isArray(view.keywords.enum) ? view.keywords.enum : undefined;
  if (!values || !values.length) return undefined;
  const out = new Set<Exclude<JsonType, 'null'>>();
  for (const first of values) {
    if (first === null) continue;
    if (typeof first === 'number') out.add(Number.isInteger(first) ? 'integer' : 'number');
    else if (typeof first === 'string' || typeof first === 'boolean') out.add(typeof first as 'string' | 'boolean');
    else out.add(Array.isArray(first) ? 'array' : 'object');
  }
  return out;
}

const TS_TYPE: Record<string, string> = { string: 'string', number: 'number', integer: 'number', boolean: 'boolean', array: 'array', object: 'object' };

/**
 * A text-serialized parameter whose wire verdict is a widening (every value sent before is still valid text)
 * can still break the generated API: its TypeScript type follows the JSON type, so `integer` → `string` turns
 * `limit: number` into `limit: string`, and `limit: 5` no longer compiles.
 */
function textApiVerdict(ctx: SchemaCtx, before: Set<string>, after: Set<string>): ApiVerdict | undefined {
  if (!ctx.text || ctx.dir !== 'request' || typesSubset(before, after)) return undefined;
  const ts = (types: Set<string>): string => [...new Set([...types].map((type) => TS_TYPE[type]))].sort().join(' | ');
  return { level: 'breaking', reason: `the generated parameter type changes from \`${ts(before)}\` to \`${ts(after)}\`: callers passing a ${ts(before)} no longer compile` };
}

/** False when the types are incompatible (the rest of the comparison would be noise). */
function compareTypes(dc: DiffContext, base: View, head: View, ctx: SchemaCtx): boolean {
  const ta = valueTypes(base);
  const tb = valueTypes(head);
  const describe = (view: View): string => {
    const types = valueTypes(view);
    return types ? [...types].sort().join(' | ') || 'nothing' : 'any type';
  };
  if (!ta && !tb) return true;
  if (!ta) {
    dc.facet(ctx, 'type-narrowed', base.ptr, head.ptr, `type restricted from any type to ${describe(head)}`);
    return true;
  }
  if (!tb) {
    dc.facet(ctx, 'type-widened', base.ptr, head.ptr, `type widened from ${describe(base)} to any type`);
    return true;
  }
  const sameSize = ta.size === tb.size && [...ta].every((type) => tb.has(type));
  if (sameSize) return true;
  const subset = ctx.text ? textSubset : typesSubset;
  // As text, [string, integer] and string accept the same values.
  if (subset(ta, tb) && subset(tb, ta)) return true;
  if (subset(ta, tb)) {
    dc.facet(ctx, 'type-widened', base.ptr, head.ptr, `type widened from ${describe(base)} to ${describe(head)}`, undefined, textApiVerdict(ctx, ta, tb));
    return true;
  }
  if (subset(tb, ta)) {
    dc.facet(ctx, 'type-narrowed', base.ptr, head.ptr, `type narrowed from ${describe(base)} to ${describe(head)}`);
    return true;
  }
  dc.facet(ctx, 'type-changed', base.ptr, head.ptr, `type changed from ${describe(base)} to ${describe(head)}`);
  return false;
}

function compareAnnotations(dc: DiffContext, base: View, head: View, ctx: SchemaCtx): void {
  const da = base.keywords.default;
  const db = head.keywords.default;
  if (da !== undefined || db !== undefined) {
    if (da === undefined) dc.facet(ctx, 'default-value-added', base.ptr, kw(head, 'default'), `default ${show(db)} was added`);
    else if (db === undefined) dc.facet(ctx, 'default-value-removed', kw(base, 'default'), head.ptr, `default ${show(da)} was removed`);
    else if (canonical(da) !== canonical(db)) dc.facet(ctx, 'default-value-changed', kw(base, 'default'), kw(head, 'default'), `default changed from ${show(da)} to ${show(db)}`);
  }
  const depA = base.keywords.deprecated === true;
  const depB = head.keywords.deprecated === true;
  if (!depA && depB) dc.facet(ctx, 'became-deprecated', base.ptr, head.ptr, `became deprecated${head.keywords['x-sunset'] !== undefined ? ` (x-sunset ${sunsetText(head.keywords['x-sunset'])})` : ''}`);
  else if (depA && !depB) dc.facet(ctx, 'deprecation-removed', base.ptr, head.ptr, 'is no longer deprecated');
  const sa = parseSunset(base.keywords['x-sunset']);
  const sb = parseSunset(head.keywords['x-sunset']);
  if (sa !== undefined && sb !== undefined && sb < sa) {
    dc.facet(ctx, 'x-sunset-moved-earlier', kw(base, 'x-sunset'), kw(head, 'x-sunset'), `x-sunset moved earlier, from ${sunsetText(base.keywords['x-sunset'])} to ${sunsetText(head.keywords['x-sunset'])}`);
  }
}

