import { z } from 'zod';
import { _dup, _eq, _inc, _int32, _len, _mul } from './checks.js';

/**
 * What Zod has no schema for, written as refinements with the validators' own semantics (the checks in
 * `./checks.js` are copied from the validators package: code-point lengths, multipleOf, JSON equality).
 * A refinement runs only once the value has the type its schema starts from.
 */

/** The JSON type of a value as JSON Schema names it (`integer` is reported as `number`). */
function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** Values of none of the given JSON types (what a schema without `type` lets through untouched). */
export function otherThan(types: readonly string[]): z.ZodType<unknown> {
  return z
    .unknown()
    .refine((v) => v !== undefined && !types.includes(jsonType(v)) && (typeof v !== 'number' || Number.isFinite(v)));
}

/** A JSON number that is an integer (any magnitude, as `type: integer` means). */
export const integer = (x: number): boolean => Number.isInteger(x);

/** `format: int32`. */
export const int32 = (x: number): boolean => _int32(x);

/** `multipleOf`, exact for integer divisors and within binary rounding for decimal ones. */
export function multipleOf(m: number): (x: number) => boolean {
  return Number.isInteger(m) ? (x) => x % m === 0 : (x) => _mul(x, m);
}

/** `minLength` / `maxLength`, counted in code points. */
export function length(min: number, max: number = Infinity): (s: string) => boolean {
  return (s) => {
    const n = _len(s);
    return n >= min && n <= max;
  };
}

/** `enum` / `const` with object or array values: JSON equality. */
export function oneOfValues(values: readonly unknown[]): (v: unknown) => boolean {
  return (v) => _inc(values, v);
}

/** `const` with an object or array value. */
export function equals(value: unknown): (v: unknown) => boolean {
  return (v) => _eq(value, v);
}

/** `uniqueItems: true`. */
export const unique = (a: readonly unknown[]): boolean => _dup(a) === null;

/** `prefixItems` (a shorter array is fine) with `items` for the rest (`false`: no more items). */
export function prefixItems(
  prefix: readonly z.ZodType[],
  rest?: z.ZodType | false,
): (a: readonly unknown[]) => boolean {
  return (a) =>
    a.every((x, i) =>
      i < prefix.length
        ? prefix[i]!.safeParse(x).success
        : rest === undefined || (rest !== false && rest.safeParse(x).success),
    );
}

/** `contains` with `minContains` (default 1) and `maxContains`. */
export function contains(schema: z.ZodType, min = 1, max = Infinity): (a: readonly unknown[]) => boolean {
  return (a) => {
    const n = a.filter((x) => schema.safeParse(x).success).length;
    return n >= min && n <= max;
  };
}

/** The own enumerable members of an object value. */
function entries(o: object): [string, unknown][] {
  return Object.entries(o).filter(([, v]) => v !== undefined);
}

/**
 * `patternProperties` and `additionalProperties` beside them: a member matching a pattern is checked
 * against each matching pattern's schema; one that neither is a declared property nor matches a pattern
 * against `additional` (`false`: not allowed).
 */
export function patternMembers(
  declared: readonly string[],
  patterns: readonly (readonly [RegExp, z.ZodType])[],
  additional?: z.ZodType | false,
): (o: object) => boolean {
  return (o) =>
    entries(o).every(([k, v]) => {
      let matched = declared.includes(k);
      for (const [re, schema] of patterns) {
        if (!re.test(k)) continue;
        matched = true;
        if (!schema.safeParse(v).success) return false;
      }
      return matched || additional === undefined || (additional !== false && additional.safeParse(v).success);
    });
}

/**
 * An object schema with the checks Zod has no method for (`patternMembers`, `propertyNames`, …), run on the
 * input before `schema` parses it. On the input, not as refinements of `schema`: those see its output, and
 * Zod's objects and records drop an own `__proto__` member (`JSON.parse('{"__proto__": 1}')` makes one;
 * copying it to the output would replace the output's prototype), which JSON Schema counts and checks like
 * any other. For the same reason the member itself is checked here against what `schema` gives it: its
 * declared member (read when checking: it may be a getter), else the catch-all (`additionalProperties`).
 */
export function objectChecks<T extends z.ZodObject>(
  schema: T,
  ...checks: readonly ((o: object) => boolean)[]
): z.ZodPipe<z.ZodTransform<unknown, unknown>, T> {
  const protoMember = (o: object): boolean => {
    const value = Object.getOwnPropertyDescriptor(o, '__proto__')?.value;
    const declared = Object.hasOwn(schema.shape, '__proto__') ? (schema.shape['__proto__'] as z.ZodType) : undefined;
    if (declared) return declared.safeParse(value).success;
    const catchall = schema.def.catchall as z.ZodType | undefined;
    return value === undefined || !catchall || catchall.safeParse(value).success;
  };
  const passes = (o: unknown): boolean =>
    typeof o !== 'object' || o === null || Array.isArray(o) || (protoMember(o) && checks.every((check) => check(o)));
  // A transform in front (returning the input as is), not `z.unknown()`: JSON Schema of the input side
  // (`z.toJSONSchema(…, { io: 'input' })`, what the MCP SDK advertises) is then the object's, not `{}`.
  return z
    .transform((input: unknown, ctx) => {
      if (!passes(input)) ctx.issues.push({ code: 'custom', message: 'Invalid object', input });
      return input;
    })
    .pipe(schema);
}

/** Required members named like Object.prototype ones (`toString`, `__proto__`): the object's own. */
export function ownMembers(names: readonly string[]): (o: object) => boolean {
  return (o) => names.every((k) => Object.getOwnPropertyDescriptor(o, k)?.value !== undefined);
}

/** `propertyNames`. */
export function propertyNames(schema: z.ZodType): (o: object) => boolean {
  return (o) => entries(o).every(([k]) => schema.safeParse(k).success);
}

/** `minProperties` / `maxProperties`. */
export function memberCount(min: number, max: number = Infinity): (o: object) => boolean {
  return (o) => {
    const n = entries(o).length;
    return n >= min && n <= max;
  };
}

/** `dependentRequired`: when a member is present, so are the listed ones. */
export function dependentRequired(map: Readonly<Record<string, readonly string[]>>): (o: object) => boolean {
  return (o) => {
    const has = (k: string) => Object.hasOwn(o, k) && (o as Record<string, unknown>)[k] !== undefined;
    return Object.entries(map).every(([k, names]) => !has(k) || names.every(has));
  };
}

/** `dependentSchemas`: when a member is present, the whole object matches the schema. */
export function dependentSchemas(map: Readonly<Record<string, z.ZodType>>): (o: object) => boolean {
  return (o) =>
    Object.entries(map).every(
      ([k, schema]) =>
        !Object.hasOwn(o, k) || (o as Record<string, unknown>)[k] === undefined || schema.safeParse(o).success,
    );
}

/** `not`. */
export function not(schema: z.ZodType): z.ZodType<unknown> {
  return z.unknown().refine((v) => !schema.safeParse(v).success);
}

/** `if` / `then` / `else`. */
export function conditional(test: z.ZodType, then?: z.ZodType, otherwise?: z.ZodType): z.ZodType<unknown> {
  return z.unknown().refine((v) => {
    const branch = test.safeParse(v).success ? then : otherwise;
    return branch === undefined || branch.safeParse(v).success;
  });
}

/**
 * The OAS 3.2 `defaultMapping` option of a discriminated union: an object whose tag is absent or none of the
 * mapped values, then the default schema (a mapped tag is the discriminated union's to judge).
 */
export function untagged<T extends z.ZodType>(
  key: string,
  mapped: readonly string[],
  schema: T,
): z.ZodPipe<z.ZodObject<{}, z.core.$loose>, T> {
  const tag = z
    .looseObject({})
    .refine((o) => !(Object.hasOwn(o, key) && mapped.includes((o as Record<string, unknown>)[key] as string)), {
      message: `a ${JSON.stringify(key)} that another branch maps`,
    });
  return tag.pipe(schema as never) as never;
}

/** Every schema on its own (`allOf` with a closed object among the parts, where `z.intersection` is looser). */
export function allOf(...schemas: readonly z.ZodType[]): z.ZodType<unknown> {
  return z.unknown().refine((v) => schemas.every((s) => s.safeParse(v).success));
}

/** Members a closed object must not carry in this direction (readOnly ones in a request, writeOnly ones in a response). */
export function absent(names: readonly string[]): (v: unknown) => boolean {
  return (v) =>
    typeof v !== 'object' ||
    v === null ||
    Array.isArray(v) ||
    names.every((k) => !Object.hasOwn(v, k) || (v as Record<string, unknown>)[k] === undefined);
}

/**
 * A discriminated union's option: the tag checked as a literal (what `z.discriminatedUnion` selects by),
 * then the schema the tag selects. Typed as that schema's output (Zod's `pipe` would want the schema's
 * input to be the tagged object).
 */
export function tagged<K extends string, V extends string, T extends z.ZodType>(
  key: K,
  value: V,
  schema: T,
): z.ZodPipe<z.ZodObject<{ [P in K]: z.ZodLiteral<V> }, z.core.$loose>, T> {
  const tag = z.looseObject({ [key]: z.literal(value) } as { [P in K]: z.ZodLiteral<V> });
  return tag.pipe(schema as never) as never;
}
