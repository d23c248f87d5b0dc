/* Copied by socialgen 0.1.0: the server runtime, identical for every spec. */
/**
 * Sample data for the mock server: a deterministic walk over sample plans, driven by a seeded generator,
 * with a small regular-expression sampler for `pattern`. A plan is what a schema means for sampling,
 * worked out by the generator from the model's schema facts (`$ref`s followed, `allOf` merged, members of
 * the response side, discriminator values resolved: emit/server/sample-plan.ts) and written into
 * `mock-data.ts`; nothing here reads a JSON Schema. Examples given in the spec win over generated values.
 */

import { int, pick, sampleRegex, type Random } from './regex-sample.js';

export type { Random };

/** Mulberry32 seeded from a string (FNV-1a). */
export function seededRandom(seed: string): Random {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What to sample for one schema; JSON, so it can be written into the generated package. */
export interface SamplePlan {
  /** The plan of a named schema in `SampleOptions.plans` (recursion goes through these). */
  ref?: string;
  /** The one value (`const`, or an `enum` of one). */
  const?: unknown;
  /** Values to pick from (those that also meet the string keywords, when any do). */
  enum?: unknown[];
  /**
   * No value satisfies the schema (an empty `enum`: how the model writes a contradiction, e.g. a string
   * schema whose enum lists only numbers). An optional member is left out and an array gets no such items.
   */
  none?: true;
  /** The spec's first example: used below the root, unless sampling afresh. */
  example?: unknown;
  /** A scalar default: used below the root, unless sampling afresh. */
  default?: unknown;
  /** Alternatives (`oneOf`/`anyOf` without their `null`-only branches, the schema's own members merged in). */
  oneOf?: SamplePlan[];
  /** With a discriminator: its property, and the value that selects each alternative (null: none). */
  tag?: string;
  tags?: (string | null)[];
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'any';
  /** Object members on the sampled side: name, plan, 1 when required. */
  members?: [string, SamplePlan, 0 | 1][];
  items?: SamplePlan;
  /** `items: false`: nothing beyond `prefix`. */
  noItems?: true;
  prefix?: SamplePlan[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: true;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
}

export interface SampleOptions {
  /** Plans of named schemas, by the key a `ref` gives. */
  plans: Record<string, SamplePlan>;
  random: Random;
  /** Optional object members are filled in down to this object depth (default 1). */
  optionalDepth?: number;
  /** Fixed "now" for date-times, so output is deterministic (default 2025-01-01T00:00:00Z). */
  now?: number;
  /** Ignore examples and defaults (used to find distinct values for `uniqueItems`). */
  fresh?: boolean;
}

const MAX_DEPTH = 12;
const WORDS = [
  'lorem',
  'ipsum',
  'dolor',
  'sit',
  'amet',
  'consectetur',
  'adipiscing',
  'elit',
  'sed',
  'do',
  'eiusmod',
  'tempor',
];

function clone<T>(value: T): T {
  return value === undefined ? value : JSON.parse(JSON.stringify(value));
}

/** The plan a `ref` chain ends at (`any` when a name is missing). */
export function resolvePlan(plan: SamplePlan, plans: Record<string, SamplePlan>): SamplePlan {
  let node = plan;
  for (let hops = 0; node.ref !== undefined && hops < 50; hops++) {
    node = Object.prototype.hasOwnProperty.call(plans, node.ref) ? plans[node.ref]! : { type: 'any' };
  }
  return node;
}

/** A value the plan's schema accepts (best effort for keywords beyond the common ones). */
export function sample(plan: SamplePlan, options: SampleOptions, depth = 0, objectDepth = 0): unknown {
  const fresh = options.fresh === true;
  const p = resolvePlan(plan, options.plans);
  const r = options.random;
  if ('const' in p) return clone(p.const);
  if (p.example !== undefined && depth > 0 && !fresh) return clone(p.example);
  if (p.enum?.length) return clone(pick(r, p.enum));
  if (p.default !== undefined && depth > 0 && !fresh) return clone(p.default);
  if (p.oneOf?.length) {
    if (depth >= MAX_DEPTH) return sample(p.oneOf[0]!, options, depth + 1, objectDepth);
    const index = p.tag !== undefined ? Math.floor(r() * p.oneOf.length) % p.oneOf.length : 0;
    const value = sample(p.oneOf[index]!, options, depth + 1, objectDepth);
    const tag = p.tags?.[index];
    if (p.tag !== undefined && typeof tag === 'string' && value && typeof value === 'object' && !Array.isArray(value)) {
      Object.defineProperty(value, p.tag, { value: tag, enumerable: true, writable: true, configurable: true });
    }
    return value;
  }
  switch (p.type) {
    case 'object':
      return sampleObject(p, options, depth, objectDepth);
    case 'array':
      return sampleArray(p, options, depth, objectDepth);
    case 'integer':
    case 'number':
      return sampleNumber(p, r, p.type === 'integer');
    case 'boolean':
      return r() < 0.5;
    case 'null':
      return null;
    case 'any':
      return 'sample';
    default:
      return sampleString(p, options);
  }
}

function sampleObject(
  p: SamplePlan,
  options: SampleOptions,
  depth: number,
  objectDepth: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const includeOptional = depth < MAX_DEPTH && objectDepth <= (options.optionalDepth ?? 1);
  for (const [name, member, required] of p.members ?? []) {
    if (!required && (!includeOptional || resolvePlan(member, options.plans).none)) continue;
    // An own property even for `__proto__` (plain assignment would set the prototype instead).
    Object.defineProperty(out, name, {
      value: sample(member, options, depth + 1, objectDepth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function sampleArray(p: SamplePlan, options: SampleOptions, depth: number, objectDepth: number): unknown[] {
  const min = p.minItems ?? 0;
  const max = p.maxItems ?? Math.max(min, 3);
  const prefix = p.prefix ?? [];
  let count =
    depth >= MAX_DEPTH ? min : Math.min(max, Math.max(min, prefix.length, 1 + Math.floor(options.random() * 2)));
  if (p.noItems || (p.items !== undefined && resolvePlan(p.items, options.plans).none))
    count = Math.min(count, prefix.length);
  const out: unknown[] = [];
  const seen = new Set<string>();
  for (let i = 0; out.length < count && i < count * 4 + 4; i++) {
    const itemPlan: SamplePlan = out.length < prefix.length ? prefix[out.length]! : (p.items ?? { type: 'any' });
    // Repeated attempts for unique items sample afresh (examples and defaults would repeat themselves).
    const value = sample(
      itemPlan,
      p.uniqueItems && i > 0 ? { ...options, fresh: true } : options,
      depth + 1,
      objectDepth,
    );
    if (p.uniqueItems) {
      const key = JSON.stringify(value);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    out.push(value);
  }
  return out;
}

function sampleNumber(s: SamplePlan, random: Random, integer: boolean): number {
  let min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 0.5) : undefined);
  let max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 0.5) : undefined);
  if (min === undefined && max === undefined) {
    min = 0;
    max = 1000;
  } else if (min === undefined) min = Math.min(0, max!);
  else if (max === undefined) max = min + 1000;
  if (integer) {
    min = Math.ceil(min);
    max = Math.floor(max!);
  }
  const step = typeof s.multipleOf === 'number' && s.multipleOf > 0 ? s.multipleOf : integer ? 1 : undefined;
  if (step) {
    const lo = Math.ceil(min / step);
    const hi = Math.floor(max! / step);
    return hi < lo ? min : int(random, lo, hi) * step;
  }
  return Math.round((min + random() * (max! - min)) * 100) / 100;
}

const DEFAULT_NOW = Date.UTC(2025, 0, 1);

function sampleString(s: SamplePlan, options: SampleOptions): string {
  const r = options.random;
  const now = options.now ?? DEFAULT_NOW;
  let value: string | undefined;
  switch (s.format) {
    case 'date-time':
      value = new Date(now - int(r, 0, 30 * 86400) * 1000).toISOString().replace(/\.\d{3}Z$/, '.000Z');
      break;
    case 'date':
      value = new Date(now - int(r, 0, 365) * 86400000).toISOString().slice(0, 10);
      break;
    case 'time':
      value = '12:00:00Z';
      break;
    case 'email':
      value = `user${int(r, 1, 999)}@example.com`;
      break;
    case 'uri':
    case 'url':
    case 'uri-reference':
    case 'iri':
      value = `https://example.com/${pick(r, WORDS)}/${int(r, 1, 9999)}`;
      break;
    case 'uuid':
      value = 'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => int(r, 0, 15).toString(16));
      break;
    case 'hostname':
      value = `${pick(r, WORDS)}.example.com`;
      break;
    case 'ipv4':
      value = `192.0.2.${int(r, 1, 254)}`;
      break;
    case 'ipv6':
      value = `2001:db8::${int(r, 1, 0xffff).toString(16)}`;
      break;
    case 'byte':
      value = 'c2FtcGxl';
      break;
  }
  if (value === undefined && typeof s.pattern === 'string')
    value = sampleRegex(s.pattern, r, { min: s.minLength, max: s.maxLength });
  if (value === undefined) {
    const words: string[] = [];
    for (let i = int(r, 1, 4); i > 0; i--) words.push(pick(r, WORDS));
    value = words.join(' ');
  }
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Infinity;
  if (value.length < min && s.pattern === undefined) value = value.padEnd(min, 'x');
  if ([...value].length > max && s.pattern === undefined) value = [...value].slice(0, max).join('');
  return value;
}
