/* Copied by socialgen 0.1.0: the server runtime, identical for every spec. */
/**
 * Form bodies read back into typed values, by the same Encoding Object rules the client writes them with
 * (OpenAPI 3.1.1 §4.8.15): `application/x-www-form-urlencoded` through `URLSearchParams`, multipart through
 * the platform's `Response.formData()` (files arrive as `File`s with their names). Styled members are
 * parsed like `query` parameters (`deepObject` bracket keys back to nested objects and arrays, brackets.ts; delimited lists back to
 * arrays); members by content type are JSON-parsed (JSON types) or coerced by their schema like query
 * parameters (numbers, booleans); a key given more than once becomes an array. The generated server passes
 * `decodeForm` to the pipeline only when the spec has form bodies.
 */
import { decodeUtf8, parseJson } from './body.js';
import { BracketError, bracketPath, decodeBrackets } from './brackets.js';
import { decodeParts } from './multipart-positional.js';
import { coerceScalar } from './params.js';
import type { Coercion, TableForm, TableFormField } from './types.js';

export type FormParsed = { ok: true; value: unknown } | { ok: false; message: string };
export type FormDecoder = (
  bytes: Uint8Array,
  contentType: string,
  form: TableForm,
  maxDepth: number,
) => Promise<FormParsed>;

type Entry = string | File;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const DELIMITERS = { form: ',', spaceDelimited: ' ', pipeDelimited: '|' } as Record<string, string>;

class FormError extends Error {}

/** Sets an own data property (a member named `__proto__` stays an ordinary key, never the prototype). */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

async function entriesOf(bytes: Uint8Array, contentType: string, form: TableForm): Promise<Map<string, Entry[]>> {
  const out = new Map<string, Entry[]>();
  const add = (name: string, value: Entry) => {
    const list = out.get(name);
    if (list) list.push(value);
    else out.set(name, [value]);
  };
  if (form.multipart) {
    let data: FormData;
    try {
      data = await new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: { 'content-type': contentType },
      }).formData();
    } catch {
      throw new FormError('The request body is not valid multipart/form-data');
    }
    data.forEach((value, name) => add(name, value));
  } else {
    const text = decodeUtf8(bytes);
    if (text === undefined) throw new FormError('The request body is not valid UTF-8');
    for (const [name, value] of new URLSearchParams(text)) add(name, value);
  }
  return out;
}

const textOf = (name: string, v: Entry): string => {
  if (typeof v === 'string') return v;
  throw new FormError(`The \`${name}\` member must be text, not a file`);
};

/** Whether a part's media type is one the encoding allows (exact, or a `type/*` or any-type wildcard). */
function accepts(allowed: string[], type: string): boolean {
  const essence = type.split(';')[0]!.trim().toLowerCase();
  return allowed.some((a) => a === essence || a === '*/*' || (a.endsWith('/*') && essence.startsWith(a.slice(0, -1))));
}

/** One value by content type: a file, JSON text, or text coerced by the schema. */
function contentValue(field: TableFormField, coerce: Coercion, v: Entry, maxDepth: number): unknown {
  if (field.file) {
    if (typeof v === 'string') return new Blob([v]);
    // No type, or application/octet-stream (what senders write when they do not know it), is not checked.
    if (field.accept && v.type && v.type !== 'application/octet-stream' && !accepts(field.accept, v.type))
      throw new FormError(`The \`${field.name}\` part must be ${field.accept.join(' or ')}, not ${v.type}`);
    return v;
  }
  const text = textOf(field.name, v);
  if (!field.json) return coerceScalar(text, coerce);
  const parsed = parseJson(text, maxDepth);
  if (!parsed.ok)
    throw new FormError(
      `The \`${field.name}\` member is not valid JSON: ${parsed.message.replace(/^The request body (is not valid JSON: )?/, '')}`,
    );
  return parsed.value;
}

function byContent(field: TableFormField, values: Entry[], maxDepth: number): unknown {
  const c = field.coerce;
  if (c.type === 'array') return values.map((v) => contentValue(field, c.items, v, maxDepth));
  const one = values.map((v) => contentValue(field, c, v, maxDepth));
  // A key given more than once is an array (the validator says whether the member may be one).
  return one.length === 1 ? one[0] : one;
}

/** Texts of one key: an array when the schema says so or the key came more than once. */
function coerceAll(c: Coercion | undefined, texts: string[]): unknown {
  const items = c?.type === 'array' ? c.items : c;
  const out = texts.map((t) => (items ? coerceScalar(t, items) : t));
  return c?.type === 'array' || out.length > 1 ? out : out[0];
}

function coercionAt(c: Coercion | undefined, key: string): Coercion | undefined {
  if (c?.type !== 'object') return undefined;
  return Object.prototype.hasOwnProperty.call(c.properties, key) ? c.properties[key] : undefined;
}

/** `deepObject`: every bracket spelling of the member's name back into one value (brackets.ts). */
function deepObject(field: TableFormField, entries: Map<string, Entry[]>, maxDepth: number): unknown {
  const keys: [string[], string[]][] = [];
  for (const [key, values] of entries) {
    let path: string[] | undefined;
    try {
      path = bracketPath(key, field.name, maxDepth);
    } catch (e) {
      if (e instanceof BracketError) throw new FormError(`The \`${field.name}\` member is ${e.message}`);
      throw e;
    }
    if (!path) continue;
    entries.delete(key);
    keys.push([path, values.map((v) => textOf(field.name, v))]);
  }
  return decodeBrackets(keys, field.coerce, coerceScalar);
}

/** A styled member other than deepObject, from the values of its name (and, form+explode objects, its keys). */
function styled(field: TableFormField, entries: Map<string, Entry[]>): unknown {
  const c = field.coerce;
  const delim = DELIMITERS[field.style ?? 'form'] ?? ',';
  const explode = field.explode ?? field.style === 'form';
  if (c.type === 'object') {
    const obj: Record<string, unknown> = {};
    if (explode) {
      // form + explode: the object's members are fields of their own.
      let found = false;
      for (const key of Object.keys(c.properties)) {
        const values = entries.get(key);
        if (!values) continue;
        entries.delete(key);
        found = true;
        put(
          obj,
          key,
          coerceAll(
            c.properties[key],
            values.map((v) => textOf(field.name, v)),
          ),
        );
      }
      return found ? obj : undefined;
    }
    const values = entries.get(field.name);
    if (!values) return undefined;
    entries.delete(field.name);
    const parts = textOf(field.name, values[0]!).split(delim);
    for (let i = 0; i + 1 < parts.length; i += 2) {
      const key = parts[i]!;
      if (FORBIDDEN.has(key)) continue;
      const pc = coercionAt(c, key);
      put(obj, key, pc ? coerceScalar(parts[i + 1]!, pc) : parts[i + 1]);
    }
    return obj;
  }
  const values = entries.get(field.name);
  if (!values) return undefined;
  entries.delete(field.name);
  const texts = values.map((v) => textOf(field.name, v));
  if (c.type === 'array') {
    const list = explode ? texts : texts[0] === '' ? [] : texts[0]!.split(delim);
    return list.map((t) => coerceScalar(t, c.items));
  }
  return coerceAll(c, texts);
}

export const decodeForm: FormDecoder = async (bytes, contentType, form, maxDepth) => {
  if (form.parts) return decodeParts(bytes, contentType, form.parts, maxDepth);
  try {
    const entries = await entriesOf(bytes, contentType, form);
    const value: Record<string, unknown> = {};
    for (const field of form.fields) {
      let v: unknown;
      if (field.style === 'deepObject') v = deepObject(field, entries, maxDepth);
      else if (field.style !== undefined) v = styled(field, entries);
      else {
        const values = entries.get(field.name);
        if (values) {
          entries.delete(field.name);
          v = byContent(field, values, maxDepth);
        }
      }
      if (v !== undefined) put(value, field.name, v);
    }
    // Members the spec does not name: text as sent (repeated keys as arrays); the validator decides.
    for (const [name, values] of entries) {
      if (FORBIDDEN.has(name)) continue;
      put(value, name, values.length === 1 ? values[0] : values);
    }
    return { ok: true, value };
  } catch (e) {
    if (e instanceof FormError) return { ok: false, message: e.message };
    throw e;
  }
};
