/**
 * Comparing two schemas by meaning, in a direction: what the client sends (request) breaks when the
 * accepted set narrows; what it receives (response) breaks when it widens. Component references become
 * shared scopes compared once per direction (a change inside is reported once, with every operation that
 * reaches it); a visited set of pairs stops recursion.
 */
import { appendPointer } from '../../load/pointer.ts';
import type { JsonType, Schema } from '../../model/types.ts';
import { joinPath, type DiffContext, type SchemaCtx, type SharedScope } from '../context.ts';
import { parseSunset, sunsetText } from '../sunset.ts';
import { canonical, show } from './canonical.ts';
import { keywordPointer, typesSubset, viewOf, type View } from './view.ts';
import { compareEnums, compareFormat, compareNumberBounds, compareStringExtras, bound } from './scalars.ts';
import { compareArrays } from './arrays.ts';
import { compareObjects } from './objects.ts';
import { compareAllOfResidue, compareDiscriminator, compareNotAndConditionals, compareUnion, unionOf } from './composition.ts';

const MAX_DEPTH = 200;

/** Compares `a` (base, at `aPtr`) with `b` (head, at `bPtr`). */
export function compareSchemas(dc: DiffContext, a: Schema, aPtr: string, b: Schema, bPtr: string, ctx: SchemaCtx): void {
  if (ctx.depth > MAX_DEPTH) return;
  if (ctx.path === '' && dc.identical(a, b)) return;
  const va = viewOf(a, aPtr, dc.base);
  const vb = viewOf(b, bPtr, dc.head);
  if (va.refKey === undefined && vb.refKey === undefined) {
    compareViews(dc, va, vb, ctx);
    return;
  }
  // A reference on at least one side (possibly under a nullable wrapper or an annotation-only allOf).
  // The referenced schema is compared once per direction, whoever reaches it.
  const ka = va.refKey;
  const kb = vb.refKey;
  // Located where the reference is written, not at the component.
  const here = (v: View, ptr: string): View => ({ ...v, ptr });
  if (ka !== undefined && ka === kb && !dc.dirty.has(ka)) {
    if (va.nullable !== vb.nullable) compareNullability(dc, here(va, aPtr), here(vb, bPtr), ctx);
    return;
  }
  let ta = ka !== undefined ? componentView(dc, 'base', ka) ?? va : va;
  let tb = kb !== undefined ? componentView(dc, 'head', kb) ?? vb : vb;
  if ((ka === undefined) !== (kb === undefined)) {
    // Inline on one side, a reference on the other (a schema moved into a component, or back): the inline
    // side's nullability belongs to the referrer, so nullability is judged there alone — `anyOf: [X, null]`
    // with X moved into a component is as nullable as before.
    if (va.nullable !== vb.nullable) compareNullability(dc, here(va, aPtr), here(vb, bPtr), ctx);
    if (ka === undefined) ta = { ...ta, nullable: tb.nullable };
    else tb = { ...tb, nullable: ta.nullable };
  }
  // Nullability added by the referrer (a nullable wrapper) is the referrer's change.
  else if (va.nullable !== vb.nullable && ta.nullable === tb.nullable) compareNullability(dc, here(va, aPtr), here(vb, bPtr), ctx);
  const idA = ka !== undefined ? `#${ka}` : `@${va.ptr}`;
  const idB = kb !== undefined ? `#${kb}` : `@${vb.ptr}`;
  // Text-serialized parameters judge types differently: their comparison of a component is its own.
  const mode = ctx.text ? `${ctx.dir}/text${ctx.text.repeatable ? '+' : ''}` : ctx.dir;
  const key = `${mode}|${idA}|${idB}`;
  const existing = dc.shared.get(key);
  if (existing) {
    existing.parents.add(ctx.scope);
    return;
  }
  const shown = kb ?? ka!;
  const label = ka !== undefined && kb !== undefined && ka !== kb ? `schema \`${kb}\` (was \`${ka}\`)` : `schema \`${shown}\``;
  const typeName = (kb !== undefined ? dc.head.schemas.get(kb) : undefined)?.typeName ?? (ka !== undefined ? dc.base.schemas.get(ka)?.typeName : undefined);
  // The fingerprint owner: component keys, or for an inline side where it sits (not its pointer, which moves when lists are reordered).
  const owner = `${ctx.scope.key}|${ctx.label}|${ctx.path}`;
  const scope: SharedScope = { kind: 'shared', key: `schema:${mode}:${ka ?? owner}:${kb ?? owner}`, label, component: shown, parents: new Set([ctx.scope]), typeNames: typeName ? [typeName] : [] };
  dc.shared.set(key, scope);
  compareViews(dc, ta, tb, { ...ctx, scope, label, path: '', typeNames: scope.typeNames, depth: ctx.depth + 1 });
}

export function componentView(dc: DiffContext, side: 'base' | 'head', key: string): View | undefined {
  const model = side === 'base' ? dc.base : dc.head;
  const named = model.schemas.get(key);
  return named ? viewOf(named.schema, named.pointer, model) : undefined;
}

/** Pointer of keyword `key` of `v` (the schema's own pointer when the keyword is absent). */
export function kw(v: View, key: string): string {
  return v.s[key] !== undefined ? appendPointer(keywordPointer(v, key), key) : v.ptr;
}

function constrained(v: View): boolean {
  return v.types !== undefined || Array.isArray(v.s.enum) || v.s.const !== undefined;
}

export function compareNullability(dc: DiffContext, A: View, B: View, ctx: SchemaCtx): void {
  if (!constrained(A) || !constrained(B) || A.nullable === B.nullable) return;
  if (B.nullable) dc.facet(ctx, 'became-nullable', A.ptr, B.ptr, 'became nullable (`null` is now a valid value)');
  else dc.facet(ctx, 'became-not-nullable', A.ptr, B.ptr, 'is no longer nullable (`null` is no longer valid)');
}

export function compareViews(dc: DiffContext, A: View, B: View, ctx: SchemaCtx): void {
  if (ctx.depth > MAX_DEPTH) return;
  const next = { ...ctx, depth: ctx.depth + 1 };
  if (A.never || B.never) {
    if (A.never && !B.never) dc.facet(ctx, 'type-widened', A.ptr, B.ptr, 'accepted no value before and now accepts values');
    else if (!A.never && B.never) dc.facet(ctx, 'type-narrowed', A.ptr, B.ptr, 'accepts no value any more (`false` or contradictory constraints)');
    return;
  }
  // One side is a union and the other is not: the other is a union of one (wrapping in oneOf is a widening).
  const ka = unionOf(A);
  const kb = unionOf(B);
  if ((ka === undefined) !== (kb === undefined)) {
    compareUnion(dc, A, B, (kb ?? ka)!, next);
    compareNullability(dc, A, B, ctx);
    return;
  }

  if (ctx.text?.repeatable && ctx.path === '' && compareRepeatable(dc, A, B, ctx)) return;
  if (!compareTypes(dc, A, B, ctx)) return;
  compareNullability(dc, A, B, ctx);
  compareEnums(dc, A, B, ctx);
  compareFormat(dc, A, B, ctx);
  compareNumberBounds(dc, A, B, ctx);
  bound(dc, ctx, A, B, 'max', 'length', 'maxLength');
  bound(dc, ctx, A, B, 'min', 'length', 'minLength');
  compareStringExtras(dc, A, B, ctx);
  compareArrays(dc, A, B, next);
  compareObjects(dc, A, B, next);
  if (ka && kb) compareUnion(dc, A, B, kb, next);
  compareAllOfResidue(dc, A, B, ctx);
  compareNotAndConditionals(dc, A, B, ctx);
  compareDiscriminator(dc, A, B, ctx);
  compareAnnotations(dc, A, B, ctx);
}

const SCALARS: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * `a` ⊆ `b` for the text a parameter carries: every scalar's text is a valid string, an integer's a valid
 * number; arrays and objects are serialized structures and compare as types.
 */
function textSubset(a: Set<string>, b: Set<string>): boolean {
  for (const t of a) if (!b.has(t) && !(t === 'integer' && b.has('number')) && !(SCALARS.has(t) && b.has('string'))) return false;
  return true;
}

/**
 * An exploded form query parameter sends an array as repeated keys, so one value on the wire is both a
 * scalar and a one-element array: scalar → array whose items accept the scalar is a widening (and the
 * scalar is compared with the items), array → scalar a narrowing (several values are no longer accepted).
 * Returns true when it handled the pair.
 */
function compareRepeatable(dc: DiffContext, A: View, B: View, ctx: SchemaCtx): boolean {
  const isArray = (v: View): boolean => v.types !== undefined && v.types.size === 1 && v.types.has('array');
  const isScalar = (v: View): boolean => v.types !== undefined && v.types.size > 0 && [...v.types].every((t) => SCALARS.has(t));
  const toArray = isScalar(A) && isArray(B);
  if (!toArray && !(isArray(A) && isScalar(B))) return false;
  const array = toArray ? B : A;
  const items = array.s.items ?? true;
  const itemsPtr = array.s.items !== undefined ? appendPointer(keywordPointer(array, 'items'), 'items') : array.ptr;
  if (toArray) {
    dc.facet(ctx, 'type-widened', A.ptr, B.ptr, `now an array: one value is still sent as before (exploded form), and more may be repeated`);
    compareSchemas(dc, { ...A.s, type: [...A.types!] } as Schema, A.ptr, items, itemsPtr, { ...ctx, path: joinPath(ctx.path, '[]') });
  } else {
    dc.facet(ctx, 'type-narrowed', A.ptr, B.ptr, 'no longer an array: requests repeating the parameter are rejected');
    compareSchemas(dc, items, itemsPtr, { ...B.s, type: [...B.types!] } as Schema, B.ptr, { ...ctx, path: joinPath(ctx.path, '[]') });
  }
  return true;
}

/** The types of the values an enum or const allows (so `{enum: [a]}` and `{type: string, enum: [a]}` agree). */
function valueTypes(v: View): Set<Exclude<JsonType, 'null'>> | undefined {
  if (v.types) return v.types;
  const values = v.s.const !== undefined ? [v.s.const] : Array.isArray(v.s.enum) ? v.s.enum : undefined;
  if (!values || !values.length) return undefined;
  const out = new Set<Exclude<JsonType, 'null'>>();
  for (const x of values) {
    if (x === null) continue;
    if (typeof x === 'number') out.add(Number.isInteger(x) ? 'integer' : 'number');
    else if (typeof x === 'string' || typeof x === 'boolean') out.add(typeof x as 'string' | 'boolean');
    else out.add(Array.isArray(x) ? 'array' : 'object');
  }
  return out;
}

/** False when the types are incompatible (the rest of the comparison would be noise). */
function compareTypes(dc: DiffContext, A: View, B: View, ctx: SchemaCtx): boolean {
  const ta = valueTypes(A);
  const tb = valueTypes(B);
  const describe = (v: View): string => {
    const types = valueTypes(v);
    return types ? [...types].sort().join(' | ') || 'nothing' : 'any type';
  };
  if (!ta && !tb) return true;
  if (!ta) {
    dc.facet(ctx, 'type-narrowed', A.ptr, B.ptr, `type restricted from any type to ${describe(B)}`);
    return true;
  }
  if (!tb) {
    dc.facet(ctx, 'type-widened', A.ptr, B.ptr, `type widened from ${describe(A)} to any type`);
    return true;
  }
  const sameSize = ta.size === tb.size && [...ta].every((t) => tb.has(t));
  if (sameSize) return true;
  const subset = ctx.text ? textSubset : typesSubset;
  // As text, [string, integer] and string accept the same values.
  if (subset(ta, tb) && subset(tb, ta)) return true;
  if (subset(ta, tb)) {
    dc.facet(ctx, 'type-widened', A.ptr, B.ptr, `type widened from ${describe(A)} to ${describe(B)}`);
    return true;
  }
  if (subset(tb, ta)) {
    dc.facet(ctx, 'type-narrowed', A.ptr, B.ptr, `type narrowed from ${describe(A)} to ${describe(B)}`);
    return true;
  }
  dc.facet(ctx, 'type-changed', A.ptr, B.ptr, `type changed from ${describe(A)} to ${describe(B)}`);
  return false;
}

function compareAnnotations(dc: DiffContext, A: View, B: View, ctx: SchemaCtx): void {
  const da = A.s.default;
  const db = B.s.default;
  if (da !== undefined || db !== undefined) {
    if (da === undefined) dc.facet(ctx, 'default-value-added', A.ptr, kw(B, 'default'), `default ${show(db)} was added`);
    else if (db === undefined) dc.facet(ctx, 'default-value-removed', kw(A, 'default'), B.ptr, `default ${show(da)} was removed`);
    else if (canonical(da) !== canonical(db)) dc.facet(ctx, 'default-value-changed', kw(A, 'default'), kw(B, 'default'), `default changed from ${show(da)} to ${show(db)}`);
  }
  const depA = A.s.deprecated === true;
  const depB = B.s.deprecated === true;
  if (!depA && depB) dc.facet(ctx, 'became-deprecated', A.ptr, B.ptr, `became deprecated${B.s['x-sunset'] !== undefined ? ` (x-sunset ${sunsetText(B.s['x-sunset'])})` : ''}`);
  else if (depA && !depB) dc.facet(ctx, 'deprecation-removed', A.ptr, B.ptr, 'is no longer deprecated');
  const sa = parseSunset(A.s['x-sunset']);
  const sb = parseSunset(B.s['x-sunset']);
  if (sa !== undefined && sb !== undefined && sb < sa) {
    dc.facet(ctx, 'x-sunset-moved-earlier', kw(A, 'x-sunset'), kw(B, 'x-sunset'), `x-sunset moved earlier, from ${sunsetText(A.s['x-sunset'])} to ${sunsetText(B.s['x-sunset'])}`);
  }
}

