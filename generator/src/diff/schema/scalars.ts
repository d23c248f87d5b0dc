/** Keywords of single values: enum / const / x-extensible-enum, format, numeric bounds, length bounds, pattern, content. */
import type { JsonValue } from '../../model/types.ts';
import type { DiffContext, SchemaCtx } from '../context.ts';
import { canonical, show } from './canonical.ts';
import { kw } from './compare.ts';
import type { View } from './view.ts';

function valueSet(list: unknown): Map<string, JsonValue> | undefined {
  if (!Array.isArray(list)) return undefined;
  return new Map(list.filter((v) => v !== null).map((v) => [canonical(v), v as JsonValue]));
}

export function compareEnums(dc: DiffContext, A: View, B: View, ctx: SchemaCtx): void {
  const ea = valueSet(A.s.enum);
  const eb = valueSet(B.s.enum);
  const pa = kw(A, 'enum');
  const pb = kw(B, 'enum');
  if (ea && eb) {
    for (const [k, v] of eb) if (!ea.has(k)) dc.facet(ctx, 'enum-value-added', pa, pb, `enum value ${show(v)} was added`, k);
    for (const [k, v] of ea) if (!eb.has(k)) dc.facet(ctx, 'enum-value-removed', pa, pb, `enum value ${show(v)} was removed`, k);
  } else if (!ea && eb) {
    dc.facet(ctx, 'became-enum', A.ptr, pb, `is now restricted to the enum ${show([...eb.values()], 120)}`);
  } else if (ea && !eb) {
    dc.facet(ctx, 'enum-removed', pa, B.ptr, `is no longer restricted to the enum ${show([...ea.values()], 120)}`);
  }
  const xa = valueSet(A.s['x-extensible-enum']);
  const xb = valueSet(B.s['x-extensible-enum']);
  if (xa || xb) {
    for (const [k, v] of xb ?? []) if (!xa?.has(k)) dc.facet(ctx, 'extensible-enum-value-added', kw(A, 'x-extensible-enum'), kw(B, 'x-extensible-enum'), `x-extensible-enum value ${show(v)} was added`, k);
    for (const [k, v] of xa ?? []) if (!xb?.has(k)) dc.facet(ctx, 'extensible-enum-value-removed', kw(A, 'x-extensible-enum'), kw(B, 'x-extensible-enum'), `x-extensible-enum value ${show(v)} was removed`, k);
  }
  const ca = A.s.const;
  const cb = B.s.const;
  if (ca === undefined && cb !== undefined) dc.facet(ctx, 'const-added', A.ptr, kw(B, 'const'), `must now be exactly ${show(cb)}`);
  else if (ca !== undefined && cb === undefined) dc.facet(ctx, 'const-removed', kw(A, 'const'), B.ptr, `is no longer fixed to ${show(ca)}`);
  else if (ca !== undefined && canonical(ca) !== canonical(cb)) dc.facet(ctx, 'const-changed', kw(A, 'const'), kw(B, 'const'), `const changed from ${show(ca)} to ${show(cb)}`);
}

const FORMAT_WIDENINGS = new Set(['int32>int64', 'float>double']);

export function compareFormat(dc: DiffContext, A: View, B: View, ctx: SchemaCtx): void {
  const fa = typeof A.s.format === 'string' ? A.s.format : undefined;
  const fb = typeof B.s.format === 'string' ? B.s.format : undefined;
  if (fa === fb) return;
  const pa = kw(A, 'format');
  const pb = kw(B, 'format');
  if (fa === undefined) dc.facet(ctx, 'format-added', A.ptr, pb, `format \`${fb}\` was added`);
  else if (fb === undefined) dc.facet(ctx, 'format-removed', pa, B.ptr, `format \`${fa}\` was removed`);
  else if (FORMAT_WIDENINGS.has(`${fa}>${fb}`)) dc.facet(ctx, 'format-widened', pa, pb, `format widened from \`${fa}\` to \`${fb}\``);
  else if (FORMAT_WIDENINGS.has(`${fb}>${fa}`)) dc.facet(ctx, 'format-narrowed', pa, pb, `format narrowed from \`${fa}\` to \`${fb}\``);
  else dc.facet(ctx, 'format-changed', pa, pb, `format changed from \`${fa}\` to \`${fb}\``);
}

interface Bound {
  value: number;
  exclusive: boolean;
  key: string;
}

function lowerBound(v: View): Bound | undefined {
  const min = typeof v.s.minimum === 'number' ? v.s.minimum : undefined;
  const ex = typeof v.s.exclusiveMinimum === 'number' ? v.s.exclusiveMinimum : undefined;
  if (ex !== undefined && (min === undefined || ex >= min)) return { value: ex, exclusive: true, key: 'exclusiveMinimum' };
  return min !== undefined ? { value: min, exclusive: false, key: 'minimum' } : undefined;
}

function upperBound(v: View): Bound | undefined {
  const max = typeof v.s.maximum === 'number' ? v.s.maximum : undefined;
  const ex = typeof v.s.exclusiveMaximum === 'number' ? v.s.exclusiveMaximum : undefined;
  if (ex !== undefined && (max === undefined || ex <= max)) return { value: ex, exclusive: true, key: 'exclusiveMaximum' };
  return max !== undefined ? { value: max, exclusive: false, key: 'maximum' } : undefined;
}

function showBound(b: Bound, kind: 'min' | 'max'): string {
  return b.exclusive ? `${kind === 'min' ? '>' : '<'} ${b.value}` : String(b.value);
}

export function compareNumberBounds(dc: DiffContext, A: View, B: View, ctx: SchemaCtx): void {
  for (const kind of ['max', 'min'] as const) {
    const get = kind === 'max' ? upperBound : lowerBound;
    const a = applies(A, 'number') ? get(A) : undefined;
    const b = applies(B, 'number') ? get(B) : undefined;
    const word = kind === 'max' ? 'maximum' : 'minimum';
    if (!a && !b) continue;
    const pa = a ? kw(A, a.key) : A.ptr;
    const pb = b ? kw(B, b.key) : B.ptr;
    if (!a) {
      dc.facet(ctx, `${kind}-set`, pa, pb, `${word} ${showBound(b!, kind)} was set`);
      continue;
    }
    if (!b) {
      dc.facet(ctx, `${kind}-removed`, pa, pb, `${word} ${showBound(a, kind)} was removed`);
      continue;
    }
    if (a.value === b.value && a.exclusive === b.exclusive) continue;
    // Tighter: a smaller maximum / larger minimum, or the same value made exclusive.
    const sign = kind === 'max' ? -1 : 1;
    const tighter = sign * (b.value - a.value) > 0 || (a.value === b.value && b.exclusive);
    const facet = kind === 'max' ? (tighter ? 'max-decreased' : 'max-increased') : tighter ? 'min-increased' : 'min-decreased';
    dc.facet(ctx, facet, pa, pb, `${word} changed from ${showBound(a, kind)} to ${showBound(b, kind)}`);
  }
  const ma = typeof A.s.multipleOf === 'number' ? A.s.multipleOf : undefined;
  const mb = typeof B.s.multipleOf === 'number' ? B.s.multipleOf : undefined;
  if (ma === mb) return;
  if (ma === undefined) dc.facet(ctx, 'multiple-of-set', A.ptr, kw(B, 'multipleOf'), `multipleOf ${mb} was set`);
  else if (mb === undefined) dc.facet(ctx, 'multiple-of-removed', kw(A, 'multipleOf'), B.ptr, `multipleOf ${ma} was removed`);
  else dc.facet(ctx, 'multiple-of-changed', kw(A, 'multipleOf'), kw(B, 'multipleOf'), `multipleOf changed from ${ma} to ${mb}`);
}

const BOUND_WORDS: Record<string, string> = { length: 'length', items: 'number of items', properties: 'number of properties' };

/** min/max length, items, properties. */
/** The JSON type a bound constrains: a bound on a value of another type constrains nothing. */
const BOUND_TYPE = { length: 'string', items: 'array', properties: 'object' } as const;

/** True when keywords for JSON type `type` can constrain values of `view` (its types allow it, or any type). */
export function applies(view: View, type: 'string' | 'array' | 'object' | 'number'): boolean {
  if (!view.types) return true;
  return view.types.has(type) || (type === 'number' && view.types.has('integer'));
}

export function bound(dc: DiffContext, ctx: SchemaCtx, A: View, B: View, kind: 'min' | 'max', name: 'length' | 'items' | 'properties', key: string): void {
  const a = typeof A.s[key] === 'number' && applies(A, BOUND_TYPE[name]) ? (A.s[key] as number) : undefined;
  const b = typeof B.s[key] === 'number' && applies(B, BOUND_TYPE[name]) ? (B.s[key] as number) : undefined;
  // minLength 0 / minItems 0 say nothing.
  const na = kind === 'min' && a === 0 ? undefined : a;
  const nb = kind === 'min' && b === 0 ? undefined : b;
  if (na === nb) return;
  const facet = `${kind}-${name}`;
  const what = `${kind === 'max' ? 'maximum' : 'minimum'} ${BOUND_WORDS[name]} (${key})`;
  const pa = na !== undefined ? kw(A, key) : A.ptr;
  const pb = nb !== undefined ? kw(B, key) : B.ptr;
  if (na === undefined) dc.facet(ctx, `${facet}-set`, pa, pb, `${what} ${nb} was set`);
  else if (nb === undefined) dc.facet(ctx, `${facet}-removed`, pa, pb, `${what} ${na} was removed`);
  else if (kind === 'max') dc.facet(ctx, `${facet}-${nb < na ? 'decreased' : 'increased'}`, pa, pb, `${what} changed from ${na} to ${nb}`);
  else dc.facet(ctx, `${facet}-${nb > na ? 'increased' : 'decreased'}`, pa, pb, `${what} changed from ${na} to ${nb}`);
}

export function compareStringExtras(dc: DiffContext, A: View, B: View, ctx: SchemaCtx): void {
  // An empty pattern matches everything: the same as none.
  const pa = typeof A.s.pattern === 'string' && A.s.pattern !== '' && applies(A, 'string') ? A.s.pattern : undefined;
  const pb = typeof B.s.pattern === 'string' && B.s.pattern !== '' && applies(B, 'string') ? B.s.pattern : undefined;
  if (pa !== pb) {
    if (pa === undefined) dc.facet(ctx, 'pattern-added', A.ptr, kw(B, 'pattern'), `pattern \`${pb}\` was added — values that do not match will be rejected`);
    else if (pb === undefined) dc.facet(ctx, 'pattern-removed', kw(A, 'pattern'), B.ptr, `pattern \`${pa}\` was removed`);
    else dc.facet(ctx, 'pattern-changed', kw(A, 'pattern'), kw(B, 'pattern'), `pattern changed from \`${pa}\` to \`${pb}\``);
  }
  for (const [key, facet] of [['contentMediaType', 'content-media-type-changed'], ['contentEncoding', 'content-encoding-changed']] as const) {
    const a = A.s[key];
    const b = B.s[key];
    if (a !== b) dc.facet(ctx, facet, kw(A, key), kw(B, key), `${key} changed from ${show(a)} to ${show(b)}`);
  }
}
