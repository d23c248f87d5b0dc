/** The one form a schema `$ref` takes in the model: `#/components/schemas/<key>`. */
import { escapeSegment, parsePointer } from '../load/pointer.ts';

const PREFIX = '#/components/schemas/';

export function schemaRef(key: string): string {
  return PREFIX + escapeSegment(key);
}

/** refKey's answers: every fact that follows a reference asks again, for the same few thousand strings. */
const keys = new Map<string, string | undefined>();

/** The component key a model `$ref` names, or undefined for anything else. */
export function refKey(ref: string): string | undefined {
  if (!ref.startsWith(PREFIX)) return undefined;
  if (keys.has(ref)) return keys.get(ref);
  const segments = parsePointer(ref);
  const key = segments.length === 3 ? segments[2] : undefined;
  keys.set(ref, key);
  return key;
}
