/**
 * JSDoc lines for a schema: description, deprecation, format, constraints and examples. The text is
 * sanitized by codegen's comment helpers when it is written; here we only choose what to say.
 */
import { stringifyLiteral } from '../../codegen/code.ts';
import type { Schema } from '../../model/types.ts';

const CONSTRAINTS = [
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern',
  'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties',
] as const;

const MAX_EXAMPLE_LENGTH = 400;

export function schemaDocLines(schema: Schema): string[] {
  if (typeof schema !== 'object') return [];
  const lines: string[] = [];
  if (schema.title && schema.title !== schema.description) lines.push(schema.title);
  if (schema.description) lines.push(schema.description);
  if (schema.deprecated) lines.push('@deprecated');
  if (schema.format) lines.push(`@format ${schema.format}`);
  for (const keyword of CONSTRAINTS) {
    const value = schema[keyword];
    if (value !== undefined) lines.push(`@${keyword} ${typeof value === 'string' ? value : stringifyLiteral(value)}`);
  }
  if (schema.readOnly) lines.push('@readonly');
  if (schema.writeOnly) lines.push('@writeOnly');
  if (schema.default !== undefined) lines.push(`@default ${short(stringifyLiteral(schema.default))}`);
  for (const example of schema.examples ?? []) lines.push(`@example ${short(stringifyLiteral(example))}`);
  return lines;
}

function short(text: string): string {
  return text.length > MAX_EXAMPLE_LENGTH ? text.slice(0, MAX_EXAMPLE_LENGTH) + '…' : text;
}
