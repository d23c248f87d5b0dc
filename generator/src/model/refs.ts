/** The one form a schema `$ref` takes in the model: `#/components/schemas/<key>`. */
import { escapeSegment, parsePointer } from '../load/pointer.ts';

const PREFIX = '#/components/schemas/';

export function schemaRef(key: string): string {
  return PREFIX + escapeSegment(key);
}

/** The component key a model `$ref` names, or undefined for anything else. */
export function refKey(ref: string): string | undefined {
  if (!ref.startsWith(PREFIX)) return undefined;
  const segments = parsePointer(ref);
  return segments.length === 3 ? segments[2] : undefined;
}
