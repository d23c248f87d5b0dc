/**
 * fast-check arbitraries of instances for a schema: values built to be valid (following type, properties,
 * required, enum/const, bounds, patterns, formats from a sample pool), and near-valid ones (one mutation of
 * a valid value: a replaced, removed, added or retyped member, a duplicated item, a bound crossed, a
 * hostile key such as `__proto__`). Instances are plain JSON values (objects as JSON.parse makes them).
 */
import fc from 'fast-check';
import type { Schema, SchemaObject } from '../../../generator/src/model/types.ts';

export interface GenContext {
  resolve(ref: string): Schema | undefined;
  /** Format name → sample strings (valid and invalid ones). */
  formats: Record<string, readonly string[]>;
}

type Arb = fc.Arbitrary<unknown>;

const HOSTILE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '', 'a/b~c', 'x'];

function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

const smallJson: Arb = fc.jsonValue({ maxDepth: 2 });

function stringArb(s: SchemaObject, ctx: GenContext): Arb {
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Math.max(min + 8, 8);
  const options: Arb[] = [];
  if (typeof s.format === 'string' && ctx.formats[s.format]?.length) options.push(fc.constantFrom(...ctx.formats[s.format]));
  if (typeof s.pattern === 'string') {
    let re: RegExp | undefined;
    try {
      re = new RegExp(s.pattern, 'u');
    } catch {
      re = undefined;
    }
    const lo = typeof s.minLength === 'number' ? s.minLength : 0;
    const hi = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
    if (re) options.push(fc.stringMatching(re).map((x) => ([...x].length < lo ? x.padEnd(lo, x.slice(-1) || 'a') : [...x].length > hi ? [...x].slice(0, hi).join('') : x)));
  }
  if (!options.length) {
    options.push(
      fc.string({ minLength: min, maxLength: max }),
      fc.string({ minLength: min, maxLength: max, unit: 'binary' }),
      fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }),
    );
  }
  return fc.oneof(...options);
}

function numberArb(s: SchemaObject, integer: boolean): Arb {
  const lo = Math.max(typeof s.minimum === 'number' ? s.minimum : -1e6, typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : -1e6);
  const hi = Math.min(typeof s.maximum === 'number' ? s.maximum : 1e6, typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : 1e6);
  const m = typeof s.multipleOf === 'number' ? s.multipleOf : undefined;
  if (m) return fc.integer({ min: Math.ceil(lo / m), max: Math.max(Math.ceil(lo / m), Math.floor(hi / m)) }).map((k) => k * m);
  const ints = fc.integer({ min: Math.ceil(lo), max: Math.max(Math.ceil(lo), Math.floor(hi)) });
  if (integer || s.format === 'int32' || s.format === 'int64') return ints;
  return fc.oneof(ints, fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }));
}

function typesOf(s: SchemaObject): string[] {
  if (typeof s.type === 'string') return [s.type];
  if (Array.isArray(s.type)) return s.type;
  if (s.properties || s.required || s.additionalProperties !== undefined) return ['object'];
  if (s.items !== undefined || s.prefixItems) return ['array'];
  if (s.pattern || s.format || s.minLength !== undefined || s.maxLength !== undefined) return ['string'];
  if (s.minimum !== undefined || s.maximum !== undefined) return ['number'];
  return [];
}

function mergeValues(values: unknown[]): unknown {
  const objects = values.filter((v) => typeof v === 'object' && v !== null && !Array.isArray(v)) as Record<string, unknown>[];
  if (objects.length !== values.length || objects.length === 0) return values[values.length - 1];
  const out: Record<string, unknown> = {};
  for (const o of objects) for (const k of Object.keys(o)) setOwn(out, k, o[k]);
  return out;
}

const caches = new WeakMap<GenContext, WeakMap<object, Map<number, Arb>>>();

/** Values meant to be valid against `schema` (best effort: the oracle decides). Memoized per depth. */
export function validValue(schema: Schema, ctx: GenContext, depth = 0): Arb {
  if (typeof schema !== 'object' || schema === null) return build(schema, ctx, depth);
  let perCtx = caches.get(ctx);
  if (!perCtx) caches.set(ctx, (perCtx = new WeakMap()));
  let perSchema = perCtx.get(schema);
  if (!perSchema) perCtx.set(schema, (perSchema = new Map()));
  let arb = perSchema.get(depth);
  if (!arb) perSchema.set(depth, (arb = build(schema, ctx, depth)));
  return arb;
}

function build(schema: Schema, ctx: GenContext, depth: number): Arb {
  if (schema === true || schema === undefined) return smallJson;
  if (schema === false) return fc.constant(null);
  const s = schema as SchemaObject;
  if (depth > 14) return fc.constant(null);
  const json = (v: unknown): boolean => typeof v !== 'number' || Number.isFinite(v);
  if (s.const !== undefined && json(s.const)) return fc.constant(s.const);
  const members = Array.isArray(s.enum) ? s.enum.filter(json) : [];
  if (members.length) return fc.constantFrom(...members);
  const parts: Arb[] = [];
  if (typeof s.$ref === 'string') {
    const target = ctx.resolve(s.$ref) ?? true;
    // Deferred: recursive schemas are built as far as generation goes, not ahead.
    parts.push(fc.constant(null).chain(() => validValue(target, ctx, depth + 1)));
  }
  if (Array.isArray(s.allOf)) for (const m of s.allOf) parts.push(validValue(m, ctx, depth + 1));
  const branches = s.oneOf ?? s.anyOf;
  const disc = s.discriminator;
  if (disc && typeof disc.propertyName === 'string' && disc.mapping && Object.keys(disc.mapping).length && Array.isArray(branches)) {
    parts.push(
      fc.oneof(
        ...Object.entries(disc.mapping).map(([tag, ref]) =>
          validValue(ctx.resolve(/[#/]/.test(ref) ? ref : `#/components/schemas/${ref}`) ?? true, ctx, depth + 1).map((v) => {
            if (typeof v === 'object' && v !== null && !Array.isArray(v)) setOwn(v as Record<string, unknown>, disc.propertyName, tag);
            return v;
          }),
        ),
      ),
    );
  } else if (Array.isArray(branches) && branches.length) {
    parts.push(fc.oneof(...branches.map((b) => validValue(b, ctx, depth + 1))));
  }
  const types = typesOf(s);
  if (types.length) parts.push(fc.oneof(...types.map((t) => typed(t, s, ctx, depth))));
  if (!parts.length) return smallJson;
  if (parts.length === 1) return parts[0];
  return fc.tuple(...parts).map(mergeValues);
}

function typed(type: string, s: SchemaObject, ctx: GenContext, depth: number): Arb {
  switch (type) {
    case 'null': return fc.constant(null);
    case 'boolean': return fc.boolean();
    case 'integer': return numberArb(s, true);
    case 'number': return numberArb(s, false);
    case 'string': return stringArb(s, ctx);
    case 'array': return arrayArb(s, ctx, depth);
    case 'object': return objectArb(s, ctx, depth);
    default: return smallJson;
  }
}

function arrayArb(s: SchemaObject, ctx: GenContext, depth: number): Arb {
  const min = typeof s.minItems === 'number' ? s.minItems : 0;
  const max = Math.min(typeof s.maxItems === 'number' ? s.maxItems : min + 3, min + (depth > 4 ? 0 : 3));
  const prefix = (s.prefixItems ?? []).map((p) => validValue(p, ctx, depth + 1));
  const item = s.items === false ? fc.constant(null) : validValue(s.items ?? true, ctx, depth + 1);
  const rest = s.uniqueItems
    ? fc.uniqueArray(item, { minLength: Math.max(0, min - prefix.length), maxLength: Math.max(0, max - prefix.length), selector: (v) => JSON.stringify(v) })
    : fc.array(item, { minLength: Math.max(0, min - prefix.length), maxLength: Math.max(0, max - prefix.length) });
  return fc.tuple(fc.tuple(...prefix), rest).map(([a, b]) => [...a, ...b]);
}

function objectArb(s: SchemaObject, ctx: GenContext, depth: number): Arb {
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const names = [...new Set([...Object.keys(props), ...required])];
  const entries = names.map((name) =>
    fc.tuple(
      fc.constant(name),
      validValue(Object.prototype.hasOwnProperty.call(props, name) ? props[name] : true, ctx, depth + 1),
      required.has(name) || depth > 5 ? fc.constant(required.has(name)) : fc.boolean(),
    ),
  );
  const extra = s.additionalProperties === false || depth > 5 ? fc.constant([] as [string, unknown][]) : fc.array(fc.tuple(fc.string({ maxLength: 6 }), validValue(s.additionalProperties ?? true, ctx, depth + 1)), { maxLength: 2 });
  return fc.tuple(fc.tuple(...entries), extra).map(([fields, more]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of more) if (!Object.prototype.hasOwnProperty.call(props, k)) setOwn(out, k, v);
    for (const [k, v, keep] of fields) if (keep) setOwn(out, k, v);
    return out;
  });
}

/** Every path to a value inside `root` (the root included). */
function paths(root: unknown): (string | number)[][] {
  const out: (string | number)[][] = [[]];
  const walk = (v: unknown, at: (string | number)[]): void => {
    if (Array.isArray(v)) v.forEach((x, i) => { out.push([...at, i]); walk(x, [...at, i]); });
    else if (typeof v === 'object' && v !== null) for (const k of Object.keys(v)) { out.push([...at, k]); walk((v as Record<string, unknown>)[k], [...at, k]); }
  };
  walk(root, []);
  return out;
}

function clone(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(clone);
  if (typeof v === 'object' && v !== null) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) setOwn(out, k, clone((v as Record<string, unknown>)[k]));
    return out;
  }
  return v;
}

const KINDS = ['replace', 'delete', 'add', 'retype', 'duplicate', 'empty', 'bound'] as const;

function retype(v: unknown): unknown {
  if (typeof v === 'string') return v.length ? Number.isNaN(Number(v)) ? 1 : Number(v) : 0;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 1 : 'false';
  if (v === null) return 'null';
  if (Array.isArray(v)) return Object.fromEntries(v.map((x, i) => [String(i), x]));
  return [v];
}

function bound(v: unknown): unknown {
  if (typeof v === 'number') return Number.isInteger(v) ? v + (v % 2 ? 1 : -1) * 2147483648 : v * -3;
  if (typeof v === 'string') return v.length ? v.slice(1) + '\ud800' + v : 'x'.repeat(300);
  if (Array.isArray(v)) return [...v, ...v];
  return v;
}

/** One mutation of a valid value. */
export function nearValid(valid: Arb): Arb {
  return fc.tuple(valid, fc.nat(), fc.constantFrom(...KINDS), smallJson, fc.constantFrom(...HOSTILE_KEYS)).map(([v, pick, kind, junk, key]) => {
    const root = { v: clone(v) } as Record<string, unknown>;
    const all = paths(root.v).map((p) => ['v', ...p] as (string | number)[]);
    const path = all[pick % all.length];
    const parent = path.slice(0, -1).reduce<any>((o, k) => o[k], root);
    const last = path[path.length - 1];
    const target = parent[last];
    switch (kind) {
      case 'replace': parent[last] = junk; break;
      case 'delete':
        if (path.length > 1) {
          if (Array.isArray(parent)) parent.splice(Number(last), 1);
          else delete parent[last];
        }
        break;
      case 'add':
        if (Array.isArray(target)) target.push(junk);
        else if (typeof target === 'object' && target !== null) setOwn(target, key, junk);
        break;
      case 'retype': parent[last] = retype(target); break;
      case 'duplicate': if (Array.isArray(target) && target.length) target.push(clone(target[0])); break;
      case 'empty': parent[last] = typeof target === 'string' ? '' : Array.isArray(target) ? [] : {}; break;
      case 'bound': parent[last] = bound(target); break;
    }
    return root.v;
  });
}

/** Valid-leaning and near-valid instances, mixed. */
export function instances(schema: Schema, ctx: GenContext): Arb {
  const valid = validValue(schema, ctx);
  return fc.oneof(valid, nearValid(valid));
}
