/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * What the form encoders share: how a value becomes text, and a styled (RFC 6570, `query`-like) member as
 * name/value pairs. See form.ts for the rules.
 */
import { bracketPairs } from './brackets.js';
import { scalar } from './serialize.js';
import type { FormFieldSpec, OperationSpec } from './types.js';

export const isBlob = (v: unknown): v is Blob => typeof Blob !== 'undefined' && v instanceof Blob;

export const plainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date) && !isBlob(v);

export const isJsonType = (type: string | undefined): boolean =>
  type !== undefined && /^\s*[^,;]*[/+]json\b/i.test(type);

/** One value as text: JSON for JSON media types and for structures, else the scalar's text. */
export function valueText(value: unknown, type: string | undefined): string {
  if (isJsonType(type) || (typeof value === 'object' && value !== null && !(value instanceof Date)))
    return JSON.stringify(value);
  return scalar(value);
}

/** Delimiters of non-exploded values per style, as written in the body (urlencoded: the space encoded). */
export interface Delimiters {
  form: string;
  spaceDelimited: string;
  pipeDelimited: string;
}

/**
 * A styled member as `[name, value]` pairs, names and values already passed through `e` (delimiters are
 * not: `a=x,y`). Undefined and null members are left out.
 */
export function styledPairs(
  field: FormFieldSpec,
  value: unknown,
  e: (s: string) => string,
  delims: Delimiters,
): [string, string][] {
  const style = field.style ?? 'form';
  const explode = field.explode ?? style === 'form';
  const delim = style === 'spaceDelimited' || style === 'pipeDelimited' ? delims[style] : delims.form;
  const text = (v: unknown) => e(valueText(v, undefined));
  const out: [string, string][] = [];
  const name = e(field.name);
  if (value === undefined || value === null) return out;
  if (style === 'deepObject' && (plainObject(value) || Array.isArray(value))) return bracketPairs(name, value, e, text);
  if (Array.isArray(value)) {
    const items = value.filter((v) => v !== undefined && v !== null);
    if (explode) for (const v of items) out.push([name, text(v)]);
    else out.push([name, items.map(text).join(delim)]);
  } else if (plainObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && v !== null);
    if (explode) for (const [k, v] of entries) out.push([e(k), text(v)]);
    else out.push([name, entries.map(([k, v]) => e(k) + delim + text(v)).join(delim)]);
  } else out.push([name, text(value)]);
  return out;
}

/** The spec's entry for a member (null-prototype lookup: a member named `__proto__` is an ordinary one). */
export function fieldsOf(op: OperationSpec): Map<string, FormFieldSpec> {
  return new Map((op.form ?? []).map((f) => [f.name, f]));
}
