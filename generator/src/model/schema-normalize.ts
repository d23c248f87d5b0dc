/**
 * Normalizing one schema from the bundled document into the model's JSON Schema 2020-12 form (see the
 * invariants in types.ts). Pure apart from the `SchemaContext` it reports to: references to anything but a
 * component schema are hoisted there, and problems become diagnostics.
 */
import { appendPointer, parsePointer, toPointer } from '../load/pointer.ts';
import type { Diagnostic } from '../load/diagnostics.ts';
import type { Discriminator, JsonValue, Schema, SchemaObject } from './types.ts';
import { schemaRef } from './refs.ts';
import { defineOwn } from './own.ts';
import { dropBranchesContradictingType, dropValuesContradictingType } from './schema-contradictions.ts';

export interface SchemaContext {
  version: '3.0' | '3.1';
  document: Record<string, unknown>;
  /** Returns the component key for a `$ref` target (hoisting it when it is not a component schema). */
  keyForTarget(targetPointer: string, fromPointer: string): string | undefined;
  /** Resolves a reference written in the file that holds `pointer` (relative file refs) to a bundled pointer. */
  resolveRelative(ref: string, fromPointer: string): string | undefined;
  /** The hoisted key when `pointer` is the definition site of a hoisted schema. */
  hoistedAt(pointer: string): string | undefined;
  report(diagnostic: Omit<Diagnostic, 'severity'> & { severity?: Diagnostic['severity'] }): void;
  /** Called with each normalized discriminator and the pointer of its definition (checked once the model is whole). */
  discriminatorWritten?(discriminator: Discriminator, pointer: string): void;
}

/** Keywords whose value is a schema. */
const SCHEMA_KEYWORDS = ['additionalProperties', 'unevaluatedProperties', 'propertyNames', 'items', 'contains', 'not', 'if', 'then', 'else', 'unevaluatedItems', 'contentSchema'] as const;
/** Keywords whose value is an array of schemas. */
const SCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
/** Keywords whose value is a map of schemas. */
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'dependentSchemas', '$defs'] as const;

/**
 * Annotation keywords and the kind of value JSON Schema requires of them. The 3.1 meta-schema checks a Schema
 * Object only for being an object, so a wrong kind reaches the model (codat.io's assess description writes an
 * OpenAPI Examples map as a schema's `examples`); an annotation changes no verdict, so it is dropped with a
 * warning rather than refused.
 */
const ANNOTATION_KINDS: Record<string, { name: string; is(value: unknown): boolean }> = {
  title: { name: 'a string', is: (v) => typeof v === 'string' },
  description: { name: 'a string', is: (v) => typeof v === 'string' },
  deprecated: { name: 'a boolean', is: (v) => typeof v === 'boolean' },
  readOnly: { name: 'a boolean', is: (v) => typeof v === 'boolean' },
  writeOnly: { name: 'a boolean', is: (v) => typeof v === 'boolean' },
  examples: { name: 'an array', is: Array.isArray },
};

/**
 * `root` marks the definition site of a component or hoisted schema: there the schema is expanded even
 * though its pointer is a hoist target.
 */
export function normalizeSchema(node: unknown, pointer: string, ctx: SchemaContext, root = false): Schema {
  if (typeof node === 'boolean') return node;
  if (node === null || typeof node !== 'object' || Array.isArray(node)) {
    ctx.report({ code: 'schema-invalid', pointer, message: `a schema must be an object or a boolean, found ${node === null ? 'null' : Array.isArray(node) ? 'an array' : typeof node}` });
    return {};
  }
  if (!root) {
    const hoisted = ctx.hoistedAt(pointer);
    if (hoisted !== undefined) return { $ref: schemaRef(hoisted) };
  }
  const input = node as Record<string, unknown>;
  const out: SchemaObject = {};

  if ('$ref' in input) {
    const ref = input.$ref;
    if (typeof ref !== 'string') {
      ctx.report({ code: 'ref-invalid', severity: 'warning', pointer: appendPointer(pointer, '$ref'), message: `$ref must be a string, found ${ref === null ? 'null (an unquoted `#` starts a YAML comment)' : typeof ref}; the schema is treated as unconstrained` });
    } else if (!ref.startsWith('#')) {
      ctx.report({ code: 'ref-unresolved', pointer: appendPointer(pointer, '$ref'), message: `unresolvable $ref ${JSON.stringify(ref)}` });
    } else {
      const key = ctx.keyForTarget(toPointer(parsePointer(ref)), pointer);
      if (key !== undefined) out.$ref = schemaRef(key);
    }
    if (ctx.version === '3.0') {
      // OpenAPI 3.0: siblings of `$ref` are ignored — except `nullable`, which authors write next to a $ref
      // and mean; honoring it is what users expect.
      if (input.description !== undefined && typeof input.description === 'string') out.description = input.description;
      if (input.nullable === true && out.$ref) return { anyOf: [{ $ref: out.$ref }, { type: 'null' }], ...(out.description ? { description: out.description } : {}) };
      return out;
    }
  }

  for (const key of Object.keys(input)) {
    if (key === '$ref') continue;
    const value = input[key];
    const at = appendPointer(pointer, key);
    if ((SCHEMA_KEYWORDS as readonly string[]).includes(key)) {
      if (key === 'items' && Array.isArray(value)) {
        // Draft 4–2019 tuple form, seen in 3.0 documents: it means prefixItems.
        out.prefixItems = value.map((v, i) => normalizeSchema(v, appendPointer(at, i), ctx));
        if ('additionalItems' in input) out.items = normalizeSchema(input.additionalItems, appendPointer(pointer, 'additionalItems'), ctx);
        continue;
      }
      out[key] = normalizeSchema(value, at, ctx);
    } else if ((SCHEMA_ARRAY_KEYWORDS as readonly string[]).includes(key)) {
      if (!Array.isArray(value)) {
        ctx.report({ code: 'schema-invalid', pointer: at, message: `${key} must be an array of schemas` });
        continue;
      }
      out[key] = value.map((v, i) => normalizeSchema(v, appendPointer(at, i), ctx));
    } else if ((SCHEMA_MAP_KEYWORDS as readonly string[]).includes(key) || key === 'definitions') {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        ctx.report({ code: 'schema-invalid', pointer: at, message: `${key} must be a map of schemas` });
        continue;
      }
      const map: Record<string, Schema> = {};
      for (const name of Object.keys(value)) defineOwn(map, name, normalizeSchema((value as Record<string, unknown>)[name], appendPointer(at, name), ctx));
      out[key === 'definitions' ? '$defs' : key] = map;
    } else if (key === 'additionalItems') {
      if (!Array.isArray(input.items)) out.additionalItems = normalizeSchema(value, at, ctx);
    } else if (Object.hasOwn(ANNOTATION_KINDS, key) && !ANNOTATION_KINDS[key]!.is(value)) {
      ctx.report({ code: 'schema-invalid', severity: 'warning', pointer: at, message: `${key} must be ${ANNOTATION_KINDS[key]!.name}, found ${kindOf(value)}; it is ignored` });
    } else if (key === 'example') {
      if (!('examples' in input)) out.examples = [value as JsonValue];
    } else if (key === 'nullable') {
      // handled below
    } else if (key === 'discriminator') {
      out.discriminator = normalizeDiscriminator(value, at, input, ctx);
      if (out.discriminator) ctx.discriminatorWritten?.(out.discriminator, at);
    } else if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') {
      if (typeof value === 'boolean') {
        // OpenAPI 3.0 (draft 4): a flag on minimum/maximum.
        const bound = key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
        if (value && typeof input[bound] === 'number') out[key] = input[bound] as number;
      } else out[key] = value as number;
    } else if (key === 'minimum' || key === 'maximum') {
      const flag = input[key === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum'];
      if (flag !== true) out[key] = value as number;
    } else {
      out[key] = value;
    }
  }

  const schema = input.nullable === true ? applyNullable(out) : out;
  dropValuesContradictingType(schema, pointer, ctx);
  dropBranchesContradictingType(schema, pointer, ctx);
  return schema;
}

function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** OpenAPI 3.0 `nullable: true` as 2020-12: `null` joins `type` (and `enum`), or the schema becomes a union with null. */
function applyNullable(schema: SchemaObject): SchemaObject {
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.includes('null')) schema.type = [...types, 'null'];
    if (schema.enum && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
    return schema;
  }
  if (schema.enum) {
    if (!schema.enum.includes(null)) schema.enum = [...schema.enum, null];
    return schema;
  }
  const { description, title, deprecated, readOnly, writeOnly, default: def, examples, ...rest } = schema;
  const annotations: SchemaObject = {};
  if (description !== undefined) annotations.description = description;
  if (title !== undefined) annotations.title = title;
  if (deprecated !== undefined) annotations.deprecated = deprecated;
  if (readOnly !== undefined) annotations.readOnly = readOnly;
  if (writeOnly !== undefined) annotations.writeOnly = writeOnly;
  if (def !== undefined) annotations.default = def;
  if (examples !== undefined) annotations.examples = examples;
  return { ...annotations, anyOf: [rest, { type: 'null' }] };
}

function normalizeDiscriminator(value: unknown, pointer: string, schema: Record<string, unknown>, ctx: SchemaContext): SchemaObject['discriminator'] {
  if (value === null || typeof value !== 'object' || typeof (value as Record<string, unknown>).propertyName !== 'string') {
    ctx.report({ code: 'schema-invalid', pointer, message: 'discriminator must have a string propertyName' });
    return undefined;
  }
  const d = value as { propertyName: string; mapping?: Record<string, unknown>; defaultMapping?: unknown };
  const mapping: Record<string, string> = {};
  // A bare name means a component schema; anything else is a reference, relative to the file the
  // mapping is written in (the bundler does not rewrite mappings, they are not `$ref`s).
  const targetRef = (target: string, at: string, what: string): string | undefined => {
    const bare = !target.startsWith('#') && !target.includes('/') && !target.includes('.');
    const resolved = bare ? toPointer(['components', 'schemas', target]) : ctx.resolveRelative(target, pointer);
    if (resolved === undefined) {
      ctx.report({ code: 'discriminator-mapping', severity: 'warning', pointer: at, message: `discriminator ${what} ${JSON.stringify(target)} does not resolve; ${what === 'mapping' ? 'the value' : 'it'} is ignored` });
      return undefined;
    }
    const key = ctx.keyForTarget(resolved, pointer);
    return key === undefined ? undefined : schemaRef(key);
  };
  if (d.mapping && typeof d.mapping === 'object') {
    for (const [discriminatorValue, target] of Object.entries(d.mapping)) {
      if (typeof target !== 'string') continue;
      const ref = targetRef(target, appendPointer(pointer, 'mapping', discriminatorValue), 'mapping');
      if (ref !== undefined) defineOwn(mapping, discriminatorValue, ref);
    }
  }
  const defaultMapping = typeof d.defaultMapping === 'string' ? targetRef(d.defaultMapping, appendPointer(pointer, 'defaultMapping'), 'defaultMapping') : undefined;
  // Implicit values: the component name of each referenced branch that the explicit mapping does not cover.
  const branches = [...((schema.oneOf as unknown[]) ?? []), ...((schema.anyOf as unknown[]) ?? [])];
  const mapped = new Set(Object.values(mapping));
  for (const branch of branches) {
    const ref = (branch as { $ref?: unknown })?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#')) continue;
    const segments = parsePointer(ref);
    const key = ctx.keyForTarget(toPointer(segments), pointer);
    if (key === undefined) continue;
    const target = schemaRef(key);
    // The default branch is chosen by the absence of a mapped value, not by its own name.
    if (mapped.has(target) || target === defaultMapping) continue;
    const implicit = segments[segments.length - 1];
    if (!Object.prototype.hasOwnProperty.call(mapping, implicit)) defineOwn(mapping, implicit, target);
  }
  return defaultMapping === undefined ? { propertyName: d.propertyName, mapping } : { propertyName: d.propertyName, mapping, defaultMapping };
}

