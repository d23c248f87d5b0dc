/** Keywords of single values: enum / const / x-extensible-enum, format, numeric bounds, length bounds, pattern, content. */
import type { JsonValue } from '../../model/types.ts';
import type { DiffContext, SchemaCtx } from '../context.ts';
import { canonical, show } from './canonical.ts';
import { kw } from './compare.ts';
import type { View } from './view.ts';

function valueSet(list: unknown): Map<string, JsonValue> | undefined {
  if (!Array.isArray(list)) return undefined;
  return new Map(list.filter((view) => view !== null).map((view) => [canonical(view), view as JsonValue]));
}

export function compareEnums(dc: DiffContext, base: View, head: View, ctx: SchemaCtx): void {
  const ea = valueSet(base.keywords.enum);
  const eb = valueSet(head.keywords.enum);
  const pa = kw(base, 'enum');
  const pb = kw(head, 'enum');
  // `x-enum-incomplete: true`: the enum lists the values the source shows and says others exist, so it
  // restricts nothing (the validators accept other values; the type keeps an open fallback). Marking an enum
  // so opens it, unmarking closes it, and a listed value gained or lost changes what is documented only.
  const ia = ea !== undefined && base.keywords['x-enum-incomplete'] === true;
  const ib = eb !== undefined && head.keywords['x-enum-incomplete'] === true;
  if (ea && eb) {
    if (!ia && ib) dc.facet(ctx, 'enum-opened', kw(base, 'enum'), kw(head, 'x-enum-incomplete'), 'the enum is now marked incomplete (`x-enum-incomplete`): values it does not list may occur');
    else if (ia && !ib) dc.facet(ctx, 'enum-closed', kw(base, 'x-enum-incomplete'), pb, `the enum is no longer marked incomplete: only ${show([...eb.values()], 120)} are valid`);
    const open = ib;
    for (const [key, view] of eb) if (!ea.has(key)) dc.facet(ctx, open ? 'incomplete-enum-value-added' : 'enum-value-added', pa, pb, `enum value ${show(view)} was added`, key);
    for (const [key, value] of ea) if (!eb.has(key)) dc.facet(ctx, open ? 'incomplete-enum-value-removed' : 'enum-value-removed', pa, pb, `enum value ${show(value)} was removed`, key);
  } else if (!ea && eb) {
    if (ib) dc.facet(ctx, 'incomplete-enum-added', base.ptr, pb, `now lists the values ${show([...eb.values()], 120)} (incomplete: others may occur)`);
    else dc.facet(ctx, 'became-enum', base.ptr, pb, `is now restricted to the enum ${show([...eb.values()], 120)}`);
  } else if (ea && !eb) {
    if (ia) dc.facet(ctx, 'incomplete-enum-removed', pa, head.ptr, `no longer lists the values ${show([...ea.values()], 120)} (they were incomplete)`);
    else dc.facet(ctx, 'enum-removed', pa, head.ptr, `is no longer restricted to the enum ${show([...ea.values()], 120)}`);
  }
  const xa = valueSet(base.keywords['x-extensible-enum']);
  const xb = valueSet(head.keywords['x-extensible-enum']);
  if (xa || xb) {
    for (const [key, value] of xb ?? []) if (!xa?.has(key)) dc.facet(ctx, 'extensible-enum-value-added', kw(base, 'x-extensible-enum'), kw(head, 'x-extensible-enum'), `x-extensible-enum value ${show(value)} was added`, key);
    for (const [key, value] of xa ?? []) if (!xb?.has(key)) dc.facet(ctx, 'extensible-enum-value-removed', kw(base, 'x-extensible-enum'), kw(head, 'x-extensible-enum'), `x-extensible-enum value ${show(value)} was removed`, key);
  }
  const ca = base.keywords.const;
  const cb = head.keywords.const;
  if (ca === undefined && cb !== undefined) dc.facet(ctx, 'const-added', base.ptr, kw(head, 'const'), `must now be exactly ${show(cb)}`);
  else if (ca !== undefined && cb === undefined) dc.facet(ctx, 'const-removed', kw(base, 'const'), head.ptr, `is no longer fixed to ${show(ca)}`);
  else if (ca !== undefined && canonical(ca) !== canonical(cb)) dc.facet(ctx, 'const-changed', kw(base, 'const'), kw(head, 'const'), `const changed from ${show(ca)} to ${show(cb)}`);
}

const FORMAT_WIDENINGS = new Set(['int32>int64', 'float>double']);

export function compareFormat(dc: DiffContext, base: View, head: View, ctx: SchemaCtx): void {
  const fa = typeof base.keywords.format === 'string' ? base.keywords.format : undefined;
  const fb = typeof head.keywords.format === 'string' ? head.keywords.format : undefined;
  if (fa === fb) return;
  const pa = kw(base, 'format');
  const pb = kw(head, 'format');
  if (fa === undefined) dc.facet(ctx, 'format-added', base.ptr, pb, `format \`${fb}\` was added`);
  else if (fb === undefined) dc.facet(ctx, 'format-removed', pa, head.ptr, `format \`${fa}\` was removed`);
  else if (FORMAT_WIDENINGS.has(`${fa}>${fb}`)) dc.facet(ctx, 'format-widened', pa, pb, `format widened from \`${fa}\` to \`${fb}\``);
  else if (FORMAT_WIDENINGS.has(`${fb}>${fa}`)) dc.facet(ctx, 'format-narrowed', pa, pb, `format narrowed from \`${fa}\` to \`${fb}\``);
  else dc.facet(ctx, 'format-changed', pa, pb, `format changed from \`${fa}\` to \`${fb}\``);
}

interface Bound {
  value: number;
  exclusive: boolean;
  key: string;
}

function lowerBound(view: View): Bound | undefined {
  const min = typeof view.keywords.minimum === 'number' ? view.keywords.minimum : undefined;
  const ex = typeof view.keywords.exclusiveMinimum === 'number' ? view.keywords.exclusiveMinimum : undefined;
  if (ex !== undefined && (min === undefined || ex >= min)) return { value: ex, exclusive: true, key: 'exclusiveMinimum' };
  return min !== undefined ? { value: min, exclusive: false, key: 'minimum' } : undefined;
}

function upperBound(view: View): Bound | undefined {
  const max = typeof view.keywords.maximum === 'number' ? view.keywords.maximum : undefined;
  const ex = typeof view.keywords.exclusiveMaximum === 'number' ? view.keywords.exclusiveMaximum : undefined;
  if (ex !== undefined && (max === undefined || ex <= max)) return { value: ex, exclusive: true, key: 'exclusiveMaximum' };
  return max !== undefined ? { value: max, exclusive: false, key: 'maximum' } : undefined;
}

function showBound(after: Bound, kind: 'min' | 'max'): string {
  return after.exclusive ? `${kind === 'min' ? '>' : '<'} ${after.value}` : String(after.value);
}

export function compareNumberBounds(dc: DiffContext, base: View, head: View, ctx: SchemaCtx): void {
  for (const kind of ['max', 'min'] as const) {
    const get = kind === 'max' ? upperBound : lowerBound;
    const before = applies(base, 'number') ? get(base) : undefined;
    const after = applies(head, 'number') ? get(head) : undefined;
    const word = kind === 'max' ? 'maximum' : 'minimum';
    if (!before && !after) continue;
    const pa = before ? kw(base, before.key) : base.ptr;
    const pb = after ? kw(head, after.key) : head.ptr;
    if (!before) {
      dc.facet(ctx, `${kind}-set`, pa, pb, `${word} ${showBound(after!, kind)} was set`);
      continue;
    }
    if (!after) {
      dc.facet(ctx, `${kind}-removed`, pa, pb, `${word} ${showBound(before, kind)} was removed`);
      continue;
    }
    if (before.value === after.value && before.exclusive === after.exclusive) continue;
    // Tighter: a smaller maximum / larger minimum, or the same value made exclusive.
    const sign = kind === 'max' ? -1 : 1;
    const tighter = sign * (after.value - before.value) > 0 || (before.value === after.value && after.exclusive);
    const facet = kind === 'max' ? (tighter ? 'max-decreased' : 'max-increased') : tighter ? 'min-increased' : 'min-decreased';
    dc.facet(ctx, facet, pa, pb, `${word} changed from ${showBound(before, kind)} to ${showBound(after, kind)}`);
  }
  const ma = typeof base.keywords.multipleOf === 'number' ? base.keywords.multipleOf : undefined;
  const mb = typeof head.keywords.multipleOf === 'number' ? head.keywords.multipleOf : undefined;
  if (ma === mb) return;
  if (ma === undefined) dc.facet(ctx, 'multiple-of-set', base.ptr, kw(head, 'multipleOf'), `multipleOf ${mb} was set`);
  else if (mb === undefined) dc.facet(ctx, 'multiple-of-removed', kw(base, 'multipleOf'), head.ptr, `multipleOf ${ma} was removed`);
  else dc.facet(ctx, 'multiple-of-changed', kw(base, 'multipleOf'), kw(head, 'multipleOf'), `multipleOf changed from ${ma} to ${mb}`);
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

export function bound(dc: DiffContext, ctx: SchemaCtx, base: View, head: View, kind: 'min' | 'max', name: 'length' | 'items' | 'properties', key: string): void {
  const before = typeof base.keywords[key] === 'number' && applies(base, BOUND_TYPE[name]) ? (base.keywords[key] as number) : undefined;
  const after = typeof head.keywords[key] === 'number' && applies(head, BOUND_TYPE[name]) ? (head.keywords[key] as number) : undefined;
  // minLength 0 / minItems 0 say nothing.
  const na = kind === 'min' && before === 0 ? undefined : before;
  const nb = kind === 'min' && after === 0 ? undefined : after;
  if (na === nb) return;
  const facet = `${kind}-${name}`;
  const what = `${kind === 'max' ? 'maximum' : 'minimum'} ${BOUND_WORDS[name]} (${key})`;
  const pa = na !== undefined ? kw(base, key) : base.ptr;
  const pb = nb !== undefined ? kw(head, key) : head.ptr;
  if (na === undefined) dc.facet(ctx, `${facet}-set`, pa, pb, `${what} ${nb} was set`);
  else if (nb === undefined) dc.facet(ctx, `${facet}-removed`, pa, pb, `${what} ${na} was removed`);
  else if (kind === 'max') dc.facet(ctx, `${facet}-${nb < na ? 'decreased' : 'increased'}`, pa, pb, `${what} changed from ${na} to ${nb}`);
  else dc.facet(ctx, `${facet}-${nb > na ? 'increased' : 'decreased'}`, pa, pb, `${what} changed from ${na} to ${nb}`);
}

/**
 * Whether every string the base accepted matches a newly added `pattern`: the base was limited to an enum or
 * a const whose strings all match, or the pattern matches every string. JSON Schema patterns are unanchored,
 * so a pattern without anchors, word boundaries or lookarounds that matches the empty string matches (an empty
 * part of) every string, e.g. `.*` or `[a-z]*`.
 */
function admitsEveryBaseValue(base: View, pattern: string): boolean {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    return false;
  }
  const limited = Array.isArray(base.keywords.enum) ? base.keywords.enum : 'const' in base.keywords ? [base.keywords.const] : undefined;
  if (limited) return limited.every((value) => typeof value !== 'string' || regex.test(value));
  return !/[\^$]|\\[bB]|\(\?<?[=!]/.test(pattern) && regex.test('');
}

/**
 * True when the head restricts the value to an enum or const the base did not have, and every one of those
 * values satisfies the base's scalar constraints (length, pattern, numeric bounds): the head accepts a subset
 * of what the base accepted, whatever else it dropped.
 */
export function enumWithinBase(base: View, head: View): boolean {
  if (Array.isArray(base.keywords.enum) || base.keywords.const !== undefined) return false;
  const values = head.keywords.const !== undefined ? [head.keywords.const] : Array.isArray(head.keywords.enum) ? head.keywords.enum : undefined;
  if (!values) return false;
  const k = base.keywords;
  let pattern: RegExp | undefined;
  try {
    pattern = typeof k.pattern === 'string' && k.pattern !== '' ? new RegExp(k.pattern, 'u') : undefined;
  } catch {
    return false;
  }
  return values.every((value) => {
    if (value === null) return true;
    if (typeof value === 'string') {
      // JSON Schema counts length in code points.
      const length = [...value].length;
      return !(typeof k.maxLength === 'number' && length > k.maxLength) && !(typeof k.minLength === 'number' && length < k.minLength) && !(pattern && !pattern.test(value));
    }
    if (typeof value === 'number') {
      return !(typeof k.maximum === 'number' && value > k.maximum) && !(typeof k.minimum === 'number' && value < k.minimum) && !(typeof k.exclusiveMaximum === 'number' && value >= k.exclusiveMaximum) && !(typeof k.exclusiveMinimum === 'number' && value <= k.exclusiveMinimum) && !(typeof k.multipleOf === 'number' && !Number.isInteger(value / k.multipleOf));
    }
    return true;
  });
}

export function compareStringExtras(dc: DiffContext, base: View, head: View, ctx: SchemaCtx, options: { pattern: boolean } = { pattern: true }): void {
  // An empty pattern matches everything: the same as none.
  const pa = typeof base.keywords.pattern === 'string' && base.keywords.pattern !== '' && applies(base, 'string') ? base.keywords.pattern : undefined;
  const pb = typeof head.keywords.pattern === 'string' && head.keywords.pattern !== '' && applies(head, 'string') ? head.keywords.pattern : undefined;
  if (pa !== pb && options.pattern) {
    // A pattern that every value the base allowed still matches narrows nothing.
    if (pa === undefined) {
      if (!admitsEveryBaseValue(base, pb!)) dc.facet(ctx, 'pattern-added', base.ptr, kw(head, 'pattern'), `pattern \`${pb}\` was added — values that do not match will be rejected`);
    } else if (pb === undefined) dc.facet(ctx, 'pattern-removed', kw(base, 'pattern'), head.ptr, `pattern \`${pa}\` was removed`);
    else dc.facet(ctx, 'pattern-changed', kw(base, 'pattern'), kw(head, 'pattern'), `pattern changed from \`${pa}\` to \`${pb}\``);
  }
  for (const [key, facet] of [['contentMediaType', 'content-media-type-changed'], ['contentEncoding', 'content-encoding-changed']] as const) {
    const before = base.keywords[key];
    const after = head.keywords[key];
    if (before !== after) dc.facet(ctx, facet, kw(base, key), kw(head, key), `${key} changed from ${show(before)} to ${show(after)}`);
  }
}
