/**
 * Sample values from the model: for a schema and a direction, one value the schema accepts, built from the
 * model's schema facts (`$ref`s followed, `allOf` merged, members per direction, admitted types), never from
 * the generated code. `undefined` when the sampler cannot build one (a recursion it cannot close, a
 * contradiction); the suite counts those.
 */
import fc from 'fast-check';
import type { Direction, SchemaFacts } from '../../generator/src/model/facts/index.ts';
import { isBinaryString } from '../../generator/src/model/facts/media.ts';
import type { JsonType, JsonValue, Schema, SchemaObject } from '../../generator/src/model/types.ts';

const FORMATS: Record<string, string> = {
  'date-time': '2024-01-02T03:04:05Z',
  date: '2024-01-02',
  time: '03:04:05Z',
  duration: 'P1D',
  email: 'ada@example.com',
  'idn-email': 'ada@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uri: 'https://example.com/a',
  'uri-reference': '/a',
  iri: 'https://example.com/a',
  'iri-reference': '/a',
  'uri-template': 'https://example.com/{a}',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
  'json-pointer': '/a',
  'relative-json-pointer': '0/a',
  regex: 'a+',
  byte: 'aGVsbG8=',
  password: 'secret-12',
};

/** Order in which a type is picked when a schema admits several (structured first, to exercise more). */
const PREFERENCE: JsonType[] = ['object', 'array', 'string', 'integer', 'number', 'boolean', 'null'];
const MAX_DEPTH = 6;

export interface SampleOptions {
  /** Include optional members down to this depth (deeper, only required ones). */
  optionalDepth: number;
}

export function sampleOf(facts: SchemaFacts, schema: Schema, direction: Direction, options: SampleOptions = { optionalDepth: 2 }): JsonValue | undefined {
  const sample = (node: Schema, depth: number): JsonValue | undefined => {
    if (node === false || depth > MAX_DEPTH) return undefined;
    if (node === true) return 'any';
    const view = facts.merged(node);
    if (view.const !== undefined) return view.const as JsonValue;
    if (Array.isArray(view.enum)) {
      // JSON has no literal for infinities and NaN (a YAML spec can list them): such members cannot be sent.
      const writable = view.enum.filter((v) => typeof v !== 'number' || Number.isFinite(v)) as JsonValue[];
      return writable.length ? (writable.find((v) => v !== null) ?? null) : undefined;
    }
    const discriminated = fromDiscriminator(node, view, depth);
    if (discriminated !== undefined) return discriminated;
    const types = facts.jsonTypes(node);
    const type = PREFERENCE.find((t) => types.has(t) && (t !== 'object' || types.size === 1 || hasObjectKeywords(view)) && (t !== 'array' || types.size === 1 || view.items !== undefined || view.prefixItems !== undefined));
    const alternatives = view.oneOf ?? view.anyOf;
    if (alternatives?.length) {
      // A value of the first alternative that is not only `null`, merged with the schema's own members.
      const branch = alternatives.find((b) => !(facts.jsonTypes(b).size === 1 && facts.jsonTypes(b).has('null'))) ?? alternatives[0];
      const value = sample(branch, depth + 1);
      if (value === undefined) return undefined;
      if (isObject(value) && hasObjectKeywords(view)) {
        const own = objectSample(node, view, depth);
        return own === undefined ? undefined : { ...own, ...value };
      }
      return value;
    }
    switch (type) {
      case 'object':
        return objectSample(node, view, depth);
      case 'array':
        return arraySample(view, depth);
      case 'string':
        return stringSample(view);
      case 'integer':
      case 'number':
        return numberSample(view, type === 'integer' || types.has('integer'));
      case 'boolean':
        return true;
      case 'null':
        return null;
      default:
        return undefined;
    }
  };

  const fromDiscriminator = (node: Schema, view: SchemaObject, depth: number): JsonValue | undefined => {
    const d = facts.discriminator(facts.target(node));
    if (!d || !d.own || !(view.oneOf ?? view.anyOf)) return undefined;
    const first = d.mapping[0];
    if (!first) return undefined;
    const value = sample(first.schema.schema, depth + 1);
    return isObject(value) ? { ...value, [d.propertyName]: first.value } : undefined;
  };

  const objectSample = (node: Schema, view: SchemaObject, depth: number): { [key: string]: JsonValue } | undefined => {
    const out: { [key: string]: JsonValue } = {};
    for (const member of facts.shape(node, direction).members) {
      if (!member.required && depth >= options.optionalDepth) continue;
      const value = member.schema === undefined ? 'any' : sample(member.schema, depth + 1);
      if (value === undefined) {
        if (member.required) return undefined;
        continue;
      }
      Object.defineProperty(out, member.name, { value, enumerable: true, writable: true, configurable: true });
    }
    if (view.minProperties !== undefined && Object.keys(out).length < view.minProperties) {
      for (let i = 0; Object.keys(out).length < view.minProperties && view.additionalProperties !== false; i++) out[`extra${i}`] = 'x';
    }
    return out;
  };

  const arraySample = (view: SchemaObject, depth: number): JsonValue[] | undefined => {
    const out: JsonValue[] = [];
    for (const item of view.prefixItems ?? []) {
      const value = sample(item, depth + 1);
      if (value === undefined) return undefined;
      out.push(value);
    }
    const min = view.minItems ?? 0;
    const want = Math.max(min, depth < options.optionalDepth && view.items !== false ? out.length + 1 : out.length);
    if (out.length < want && view.items !== undefined) {
      const value = sample(view.items, depth + 1);
      if (value === undefined) return min > out.length ? undefined : out;
      while (out.length < want) out.push(value);
      if (view.uniqueItems && out.length > 1) return undefined;
    }
    return out.length >= min ? out : undefined;
  };

  return sample(schema, 0);
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function hasObjectKeywords(view: SchemaObject): boolean {
  return view.properties !== undefined || view.required !== undefined || view.additionalProperties !== undefined;
}

function stringSample(view: SchemaObject): string | undefined {
  // Raw bytes are typed `Blob`: no JSON value stands for them.
  if (isBinaryString(view)) return undefined;
  let value: string;
  if (typeof view.pattern === 'string') {
    const example = [...(view.examples ?? []), view.default].find((e) => typeof e === 'string' && safeTest(view.pattern!, e));
    if (typeof example === 'string') value = example;
    else {
      const generated = fromPattern(view.pattern, view.minLength ?? 0, view.maxLength ?? Infinity);
      if (generated === undefined) return undefined;
      value = generated;
    }
  } else if (typeof view.format === 'string' && FORMATS[view.format]) value = FORMATS[view.format];
  else value = 'sample';
  const min = view.minLength ?? 0;
  const max = view.maxLength ?? Infinity;
  if (typeof view.pattern !== 'string' && view.format === undefined) {
    if (value.length < min) value = value.padEnd(min, 'x');
    if (value.length > max) value = value.slice(0, max);
  }
  return value.length >= min && value.length <= max ? value : undefined;
}

/** A string matching `pattern` within the length bounds (fast-check's regex arbitrary, fixed seed). */
function fromPattern(pattern: string, min: number, max: number): string | undefined {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  try {
    const candidates = fc.sample(fc.stringMatching(regex), { seed: 42, numRuns: 40 });
    return candidates.filter((c) => c.length >= min && c.length <= max).sort((a, b) => a.length - b.length)[0];
  } catch {
    return undefined;
  }
}

function safeTest(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return false;
  }
}

function numberSample(view: SchemaObject, integer: boolean): number | undefined {
  let low = view.minimum ?? (view.exclusiveMinimum !== undefined ? view.exclusiveMinimum + (integer ? 1 : 0.5) : undefined);
  const high = view.maximum ?? (view.exclusiveMaximum !== undefined ? view.exclusiveMaximum - (integer ? 1 : 0.5) : undefined);
  let value = low ?? (high !== undefined ? Math.min(high, 1) : 1);
  if (integer) value = Math.ceil(value);
  if (view.multipleOf !== undefined) {
    value = Math.ceil(value / view.multipleOf) * view.multipleOf;
    low ??= value;
  }
  if (high !== undefined && value > high) return undefined;
  return value;
}
