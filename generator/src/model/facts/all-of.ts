/**
 * `allOf` semantics as one schema: the keywords of every member merged where JSON Schema lets them merge
 * (bounds take the tighter value, `required` and `properties` unite, `enum`s intersect, booleans or), the
 * rest kept as residual `allOf` members (two different patterns both apply). `mergeKeywords` is the one
 * merge; the model's merged view and the spec diff's schema view both build on it.
 */
import type { JsonValue, Schema, SchemaObject } from '../types.ts';
import { memoPerNode } from './memo.ts';
import type { Resolver } from './resolve.ts';
import { defineOwn, own } from '../own.ts';

/** Keywords where the tighter of two values wins. */
const TAKE_MAX = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains']);
const TAKE_MIN = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains']);
/** Keywords kept from the first schema that has them (annotations and the like). */
const FIRST_WINS = new Set(['description', 'title', 'examples', 'example', '$comment', 'default', 'externalDocs', 'xml']);
const SINGLE_SUBSCHEMA = new Set(['items', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'propertyNames', 'contains']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas']);
const FLAGS = new Set(['uniqueItems', 'deprecated', 'readOnly', 'writeOnly']);

export interface MergeOptions {
  /** Keywords to leave out of the result (the caller merges them its own way, e.g. `type`). */
  ignore?: ReadonlySet<string>;
  /** Called when the result's `key` is taken from `parts[index]` (first sight, or a tighter bound). */
  onTake?: (key: string, index: number) => void;
}

export interface Merged {
  schema: SchemaObject;
  /** The parts contradict each other (two different `const`s): nothing satisfies them all. */
  never: boolean;
}

/** Stable text of a JSON value (object keys sorted) to compare keyword values. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
}

/** The keywords of all `parts` as one schema that accepts what all of them accept (as far as keywords allow). */
export function mergeKeywords(parts: readonly SchemaObject[], options: MergeOptions = {}): Merged {
  const s: Record<string, unknown> = {};
  const residual: Schema[] = [];
  let never = false;
  parts.forEach((part, index) => {
    for (const [key, value] of Object.entries(part)) {
      if (options.ignore?.has(key)) continue;
      if (key === 'allOf') {
        residual.push(...(value as Schema[]));
        continue;
      }
      const existing = own(s, key);
      if (existing === undefined) {
        defineOwn(s, key, value);
        options.onTake?.(key, index);
        continue;
      }
      if (FIRST_WINS.has(key) || key.startsWith('x-')) continue;
      if (TAKE_MAX.has(key)) {
        if ((value as number) > (existing as number)) (s[key] = value), options.onTake?.(key, index);
      } else if (TAKE_MIN.has(key)) {
        if ((value as number) < (existing as number)) (s[key] = value), options.onTake?.(key, index);
      } else if (key === 'required') s.required = [...new Set([...(existing as string[]), ...(value as string[])])];
      else if (SCHEMA_MAPS.has(key)) {
        const out: Record<string, Schema> = { ...(existing as Record<string, Schema>) };
        for (const [name, sub] of Object.entries(value as Record<string, Schema>)) {
          const before = own(out, name);
          defineOwn(out, name, before === undefined ? sub : { allOf: [before, sub] });
        }
        s[key] = out;
      } else if (key === 'dependentRequired') {
        const out: Record<string, string[]> = { ...(existing as Record<string, string[]>) };
        for (const [name, list] of Object.entries(value as Record<string, string[]>)) defineOwn(out, name, [...new Set([...(own(out, name) ?? []), ...list])]);
        s[key] = out;
      } else if (key === 'enum') {
        const keep = new Set((value as JsonValue[]).map(canonicalJson));
        s.enum = (existing as JsonValue[]).filter((x) => keep.has(canonicalJson(x)));
      } else if (SINGLE_SUBSCHEMA.has(key)) {
        if (existing === false || value === false) s[key] = false;
        else if (canonicalJson(existing) !== canonicalJson(value)) s[key] = { allOf: [existing as Schema, value as Schema] };
      } else if (FLAGS.has(key)) {
        s[key] = Boolean(existing) || Boolean(value);
      } else if (canonicalJson(existing) !== canonicalJson(value)) {
        if (key === 'const') never = true;
        residual.push({ [key]: value } as SchemaObject);
      }
    }
  });
  if (residual.length) s.allOf = residual;
  return { schema: s as SchemaObject, never };
}

/**
 * The merged view of a schema: its own keywords, its `$ref` target's and every `allOf` member's, merged
 * (recursively, so a member that is itself an `allOf` or a reference contributes its merged view). `type`
 * is left to the JSON-types fact; `anyOf`/`oneOf` stay as written (they are alternatives, not parts).
 */
export function mergedFact(resolver: Resolver): (schema: Schema) => SchemaObject {
  const merged: (schema: Schema) => SchemaObject = memoPerNode<SchemaObject>(
    (schema) => {
      const { $ref, allOf, ...own } = schema;
      const parts: SchemaObject[] = [own];
      if (typeof $ref === 'string') {
        const target = resolver.byRef($ref);
        if (target) parts.push(merged(target.schema));
        else parts[0] = schema;
      }
      for (const member of allOf ?? []) {
        if (typeof member === 'boolean') {
          if (!member) parts.push({ not: {} });
          continue;
        }
        parts.push(merged(member));
      }
      return parts.length === 1 ? parts[0] : mergeKeywords(parts).schema;
    },
    (value) => (value ? {} : { not: {} }),
    // A schema that is part of itself adds nothing new on the way round.
    () => ({}),
  );
  return merged;
}
