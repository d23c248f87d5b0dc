/**
 * Where subschemas live in a schema object (JSON Schema 2020-12 applicators, plus `$defs`/`definitions`
 * containers). The registry walks exactly these; values of any other keyword (`enum`, `const`, `examples`,
 * unknown keywords) are data, never schemas.
 */

/** Keywords whose value is one schema. */
export const SINGLE: readonly string[] = [
  'additionalProperties', 'unevaluatedProperties', 'items', 'unevaluatedItems', 'contains', 'propertyNames',
  'not', 'if', 'then', 'else', 'contentSchema',
];

/** Keywords whose value maps names to schemas. */
export const MAP: readonly string[] = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/** Keywords whose value is a list of schemas. */
export const LIST: readonly string[] = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/** True for values that can stand as a schema (objects and booleans). */
export function isSchemaValue(value: unknown): boolean {
  return typeof value === 'boolean' || (typeof value === 'object' && value !== null && !Array.isArray(value));
}

/** Calls `visit(child, tokens)` for every direct subschema, in keyword order, then key order. */
export function forEachSubschema(schema: object, visit: (child: unknown, tokens: string[]) => void): void {
  const s = schema as Record<string, unknown>;
  for (const kw of SINGLE) {
    if (Object.prototype.hasOwnProperty.call(s, kw) && isSchemaValue(s[kw])) visit(s[kw], [kw]);
  }
  for (const kw of MAP) {
    const m = s[kw];
    if (!Object.prototype.hasOwnProperty.call(s, kw) || typeof m !== 'object' || m === null || Array.isArray(m)) continue;
    for (const key of Object.keys(m)) {
      const child = (m as Record<string, unknown>)[key];
      if (isSchemaValue(child)) visit(child, [kw, key]);
    }
  }
  for (const kw of LIST) {
    const l = s[kw];
    if (!Object.prototype.hasOwnProperty.call(s, kw) || !Array.isArray(l)) continue;
    l.forEach((child, i) => {
      if (isSchemaValue(child)) visit(child, [kw, String(i)]);
    });
  }
}
