/** Reading raw document values safely: shared by the model builders (a leaf module, so they import no builder). */
import type { JsonValue } from './types.ts';

/** The `x-` members of a node, raw. */
export function extensionsOf(node: Record<string, unknown>): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const key of Object.keys(node)) if (key.startsWith('x-')) out[key] = node[key] as JsonValue;
  return out;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A field name as HTTP writes it (RFC 9110 section 5.1: a token), as a pattern for JSON Schema and RegExp alike. */
export const HTTP_TOKEN_PATTERN = "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$";
