/**
 * Schema-valid sample data for the mock server: a deterministic walk over JSON Schema 2020-12 (as the
 * model normalizes it) driven by a seeded generator, with a small regular-expression sampler for
 * `pattern`. Examples given in the spec win over generated values.
 */

export type Random = () => number;

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

export interface SampleOptions {
  /** Component schemas by `$ref` (`#/components/schemas/<key>`). */
  schemas: Record<string, unknown>;
  random: Random;
  /** Optional object members are filled in down to this object depth (default 1). */
  optionalDepth?: number;
  /** Fixed "now" for date-times, so output is deterministic (default 2025-01-01T00:00:00Z). */
  now?: number;
  /** Ignore examples and defaults (used to find distinct values for `uniqueItems`). */
  fresh?: boolean;
}

type S = Record<string, any>;

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

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length) % items.length]!;
}

function int(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function resolve(schema: unknown, schemas: Record<string, unknown>, seen = 0): unknown {
  let node = schema;
  while (typeof node === 'object' && node !== null && typeof (node as S).$ref === 'string' && seen++ < 50) {
    const target = schemas[(node as S).$ref];
    if (target === undefined) return true;
    const { $ref: _ref, ...rest } = node as S;
    node = Object.keys(rest).length ? { allOf: [target, rest] } : target;
  }
  return node;
}

/** Flattens `allOf` into one schema (properties and required merged, other keywords: first wins). */
export function mergeAllOf(schema: S, schemas: Record<string, unknown>, depth = 0): S {
  if (!Array.isArray(schema.allOf) || depth > MAX_DEPTH) return schema;
  const { allOf, ...own } = schema;
  let merged: S = {};
  for (const member of [...(allOf as unknown[]), own]) {
    const m = resolve(member, schemas);
    if (typeof m !== 'object' || m === null) continue;
    const flat = mergeAllOf(m as S, schemas, depth + 1);
    const properties = { ...(merged.properties ?? {}), ...(flat.properties ?? {}) };
    const required = [...new Set([...(merged.required ?? []), ...(flat.required ?? [])])];
    merged = { ...flat, ...merged, properties, required };
    for (const key of ['minimum', 'minLength', 'minItems'] as const)
      if (flat[key] !== undefined) merged[key] = Math.max(merged[key] ?? -Infinity, flat[key]);
    for (const key of ['maximum', 'maxLength', 'maxItems'] as const)
      if (flat[key] !== undefined) merged[key] = Math.min(merged[key] ?? Infinity, flat[key]);
  }
  if (Object.keys(merged.properties).length === 0) delete merged.properties;
  if (merged.required.length === 0) delete merged.required;
  return merged;
}

function fitsString(s: S, value: unknown): boolean {
  if (typeof value !== 'string') return true;
  const length = [...value].length;
  if (typeof s.minLength === 'number' && length < s.minLength) return false;
  if (typeof s.maxLength === 'number' && length > s.maxLength) return false;
  if (typeof s.pattern === 'string') {
    try {
      if (!new RegExp(s.pattern, 'u').test(value)) return false;
    } catch {
      return true;
    }
  }
  return true;
}

function typesOf(schema: S): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties || schema.additionalProperties || schema.required) return ['object'];
  if (schema.items || schema.prefixItems) return ['array'];
  if (schema.pattern || schema.format || schema.minLength !== undefined) return ['string'];
  if (schema.minimum !== undefined || schema.maximum !== undefined) return ['number'];
  return ['string'];
}

function clone<T>(value: T): T {
  return value === undefined ? value : JSON.parse(JSON.stringify(value));
}

/** A value valid against `schema` (best effort for keywords beyond the common ones). */
export function sample(schema: unknown, options: SampleOptions, depth = 0, objectDepth = 0): unknown {
  const fresh = options.fresh === true;
  const node = resolve(schema, options.schemas);
  if (node === true || node === undefined) return 'sample';
  if (node === false || typeof node !== 'object' || node === null) return null;
  let s = node as S;
  if (s.allOf) s = mergeAllOf(s, options.schemas);
  const r = options.random;
  if (s.const !== undefined) return clone(s.const);
  if (Array.isArray(s.examples) && s.examples.length && depth > 0 && !fresh) return clone(s.examples[0]);
  if (Array.isArray(s.enum) && s.enum.length) {
    // Only values that also meet the other keywords (a spec may list one its own pattern refuses).
    const fitting = s.enum.filter((v: unknown) => fitsString(s, v));
    return clone(pick(r, fitting.length ? fitting : s.enum));
  }
  if (s.default !== undefined && depth > 0 && !fresh && typeof s.default !== 'object') return clone(s.default);
  const alternatives = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length) {
    const nonNull = alternatives.filter((a) => (resolve(a, options.schemas) as S)?.type !== 'null');
    const choices = nonNull.length ? nonNull : alternatives;
    const disc = s.discriminator as { propertyName: string; mapping?: Record<string, string> } | undefined;
    if (depth >= MAX_DEPTH) return sample(choices[0], options, depth + 1, objectDepth);
    const index = disc ? Math.floor(r() * choices.length) % choices.length : 0;
    const { oneOf: _o, anyOf: _a, discriminator: _d, ...base } = s;
    const chosen =
      Object.keys(base).length > 0 && !base.type
        ? { allOf: [base, choices[index]] }
        : Object.keys(base).length
          ? { ...base, allOf: [choices[index]] }
          : choices[index];
    const value = sample(chosen, options, depth + 1, objectDepth);
    if (disc && value && typeof value === 'object' && !Array.isArray(value)) {
      const ref = (choices[index] as S)?.$ref as string | undefined;
      const mapped = disc.mapping ? Object.keys(disc.mapping).find((k) => disc.mapping![k] === ref) : undefined;
      const fallback = ref ? ref.slice(ref.lastIndexOf('/') + 1) : undefined;
      const current = (value as S)[disc.propertyName];
      if (mapped ?? (current === undefined ? fallback : undefined))
        (value as S)[disc.propertyName] = mapped ?? fallback;
    }
    return value;
  }
  const types = typesOf(s).filter((t) => t !== 'null');
  const type = types[0] ?? 'null';
  switch (type) {
    case 'object':
      return sampleObject(s, options, depth, objectDepth);
    case 'array':
      return sampleArray(s, options, depth, objectDepth);
    case 'integer':
    case 'number':
      return sampleNumber(s, r, type === 'integer');
    case 'boolean':
      return r() < 0.5;
    case 'null':
      return null;
    default:
      return sampleString(s, options);
  }
}

function sampleObject(s: S, options: SampleOptions, depth: number, objectDepth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  const required = new Set<string>(Array.isArray(s.required) ? s.required : []);
  const includeOptional = depth < MAX_DEPTH && objectDepth <= (options.optionalDepth ?? 1);
  for (const key of Object.keys(properties)) {
    if (!required.has(key) && !includeOptional) continue;
    const prop = resolve(properties[key], options.schemas) as S;
    if (!required.has(key) && (prop?.deprecated || prop?.writeOnly)) continue;
    if (key === '__proto__') continue;
    out[key] = sample(properties[key], options, depth + 1, objectDepth + 1);
  }
  for (const key of required) {
    if (!(key in out) && key !== '__proto__') {
      out[key] =
        s.additionalProperties && typeof s.additionalProperties === 'object'
          ? sample(s.additionalProperties, options, depth + 1, objectDepth + 1)
          : 'sample';
    }
  }
  return out;
}

function sampleArray(s: S, options: SampleOptions, depth: number, objectDepth: number): unknown[] {
  const min = s.minItems ?? 0;
  const max = s.maxItems ?? Math.max(min, 3);
  const prefix = Array.isArray(s.prefixItems) ? (s.prefixItems as unknown[]) : [];
  let count =
    depth >= MAX_DEPTH ? min : Math.min(max, Math.max(min, prefix.length, 1 + Math.floor(options.random() * 2)));
  if (s.items === false) count = Math.min(count, prefix.length);
  const out: unknown[] = [];
  const seen = new Set<string>();
  for (let i = 0; out.length < count && i < count * 4 + 4; i++) {
    const itemSchema = out.length < prefix.length ? prefix[out.length] : (s.items ?? true);
    // Repeated attempts for unique items sample afresh (examples and defaults would repeat themselves).
    const value = sample(
      itemSchema,
      s.uniqueItems === true && i > 0 ? { ...options, fresh: true } : options,
      depth + 1,
      objectDepth,
    );
    if (s.uniqueItems) {
      const key = JSON.stringify(value);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    out.push(value);
  }
  return out;
}

function sampleNumber(s: S, random: Random, integer: boolean): number {
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

function sampleString(s: S, options: SampleOptions): string {
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
  if (value === undefined && typeof s.pattern === 'string') value = sampleRegex(s.pattern, r);
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

// ---------------------------------------------------------------------------------------------------
// A sampler for the regular expressions found in `pattern`
// ---------------------------------------------------------------------------------------------------

type Node =
  | { k: 'chars'; set: string[] }
  | { k: 'seq'; items: Node[] }
  | { k: 'alt'; options: Node[] }
  | { k: 'repeat'; node: Node; min: number; max: number }
  | { k: 'empty' };

const DIGITS = '0123456789'.split('');
const LOWER = 'abcdefghijklmnopqrstuvwxyz'.split('');
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const WORD = [...DIGITS, ...LOWER, ...UPPER, '_'];
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));

class RegexParser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.i < this.src.length) throw new Error('unsupported');
    return node;
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.src[this.i] === '|') {
      this.i++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { k: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const atom = this.atom();
      items.push(this.quantifier(atom));
    }
    return { k: 'seq', items };
  }

  private quantifier(atom: Node): Node {
    const c = this.src[this.i];
    let min: number;
    let max: number;
    if (c === '*') [min, max] = [0, 3];
    else if (c === '+') [min, max] = [1, 4];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) return atom;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? min + 3 : Number(m[3]);
      this.i += m[0].length - 1;
    } else return atom;
    this.i++;
    if (this.src[this.i] === '?' || this.src[this.i] === '+') this.i++;
    return { k: 'repeat', node: atom, min, max };
  }

  private atom(): Node {
    const c = this.src[this.i++]!;
    switch (c) {
      case '^':
      case '$':
        return { k: 'empty' };
      case '.':
        return { k: 'chars', set: WORD };
      case '(': {
        if (this.src[this.i] === '?') {
          if (this.src[this.i + 1] !== ':') throw new Error('unsupported');
          this.i += 2;
        }
        const inner = this.alternation();
        if (this.src[this.i++] !== ')') throw new Error('unsupported');
        return inner;
      }
      case '[':
        return this.charClass();
      case '\\':
        return { k: 'chars', set: this.escape(false) };
      default:
        return { k: 'chars', set: [c] };
    }
  }

  private escape(inClass: boolean): string[] {
    const c = this.src[this.i++]!;
    switch (c) {
      case 'd':
        return DIGITS;
      case 'w':
        return WORD;
      case 's':
        return [' '];
      case 'D':
        return LOWER;
      case 'W':
      case 'S':
        return ['-'];
      case 'n':
        return ['\n'];
      case 't':
        return ['\t'];
      case 'b':
        if (inClass) return ['\b'];
        throw new Error('unsupported');
      case 'u': {
        const m = /^\{?([0-9a-fA-F]{4,6})\}?/.exec(this.src.slice(this.i));
        if (!m) throw new Error('unsupported');
        this.i += m[0].length;
        return [String.fromCodePoint(parseInt(m[1]!, 16))];
      }
      default:
        if (c === undefined || /[0-9A-Za-z]/.test(c)) throw new Error('unsupported');
        return [c];
    }
  }

  private charClass(): Node {
    let negate = false;
    if (this.src[this.i] === '^') {
      negate = true;
      this.i++;
    }
    const set: string[] = [];
    let first = true;
    while (this.i < this.src.length && (this.src[this.i] !== ']' || first)) {
      first = false;
      let chars: string[];
      if (this.src[this.i] === '\\') {
        this.i++;
        chars = this.escape(true);
      } else chars = [this.src[this.i++]!];
      if (
        chars.length === 1 &&
        this.src[this.i] === '-' &&
        this.src[this.i + 1] !== ']' &&
        this.i + 1 < this.src.length
      ) {
        this.i++;
        let end: string[];
        if (this.src[this.i] === '\\') {
          this.i++;
          end = this.escape(true);
        } else end = [this.src[this.i++]!];
        const from = chars[0]!.codePointAt(0)!;
        const to = end[0]!.codePointAt(0)!;
        for (let cp = from; cp <= to && cp - from < 512; cp++) set.push(String.fromCodePoint(cp));
      } else set.push(...chars);
    }
    if (this.src[this.i++] !== ']') throw new Error('unsupported');
    if (negate) {
      const excluded = new Set(set);
      return { k: 'chars', set: PRINTABLE.filter((ch) => !excluded.has(ch) && /[A-Za-z0-9_]/.test(ch)) };
    }
    return { k: 'chars', set };
  }
}

function generate(node: Node, random: Random): string {
  switch (node.k) {
    case 'empty':
      return '';
    case 'chars':
      return node.set.length ? pick(random, node.set) : '';
    case 'seq':
      return node.items.map((n) => generate(n, random)).join('');
    case 'alt':
      return generate(pick(random, node.options), random);
    case 'repeat': {
      const count = int(random, node.min, Math.min(node.max, node.min + 8));
      let out = '';
      for (let i = 0; i < count; i++) out += generate(node.node, random);
      return out;
    }
  }
}

/** A string matching `pattern`, or undefined when the pattern uses what the sampler does not know. */
export function sampleRegex(pattern: string, random: Random): string | undefined {
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  let tree: Node;
  try {
    tree = new RegexParser(pattern).parse();
  } catch {
    return undefined;
  }
  for (let attempt = 0; attempt < 10; attempt++) {
    const value = generate(tree, random);
    if (re.test(value)) return value;
  }
  return undefined;
}

/** The subschema found by following a JSON pointer through `properties` and `items`. */
export function schemaAt(schema: unknown, pointer: string, schemas: Record<string, unknown>): unknown {
  let node = schema;
  for (const raw of pointer.split('/').slice(1)) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    let s = resolve(node, schemas) as S;
    if (typeof s !== 'object' || s === null) return undefined;
    if (s.allOf) s = mergeAllOf(s, schemas);
    node = /^\d+$/.test(token) && s.items ? s.items : s.properties?.[token];
    if (node === undefined) return undefined;
  }
  return node;
}
