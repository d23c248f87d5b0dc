/** Schemas that assert nothing (and produce no annotations the compiler tracks) need no code at all. */
import type { Schema } from '../../../../model/types.ts';

/** Keywords that assert something or feed `unevaluated*`; everything else is an annotation or unknown. */
export const ACTIVE_KEYWORDS: ReadonlySet<string> = new Set([
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum',
  'maxLength', 'minLength', 'pattern', 'format', 'maxItems', 'minItems', 'uniqueItems', 'maxContains',
  'minContains', 'contains', 'prefixItems', 'items', 'unevaluatedItems', 'maxProperties', 'minProperties',
  'required', 'dependentRequired', 'properties', 'patternProperties', 'additionalProperties',
  'unevaluatedProperties', 'propertyNames', 'dependentSchemas', 'allOf', 'anyOf', 'oneOf', 'not', 'if',
  '$ref', '$dynamicRef', 'discriminator',
]);

/** True when the schema accepts every value and evaluates nothing. */
export function isTrivial(schema: Schema): boolean {
  if (schema === true) return true;
  if (typeof schema !== 'object' || schema === null) return false;
  for (const key of Object.keys(schema)) if (ACTIVE_KEYWORDS.has(key)) return false;
  return true;
}
