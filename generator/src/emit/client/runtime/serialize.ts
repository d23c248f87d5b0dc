/**
 * Parameter serialization as OpenAPI 3.x describes it (style × explode, RFC 6570 underneath): path
 * parameters percent-encoded into the template, query parameters into the query string, header and
 * cookie parameters into headers. Dates are sent as RFC 3339 (`toISOString`).
 */
import type { ExtraQuery, OperationSpec } from './types.js';

type Encode = (text: string) => string;

/** RFC 3986 `unreserved` stays, everything else is percent-encoded (also `!'()*`). */
export const encode: Encode = (s) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

/** `allowReserved`: RFC 3986 reserved characters stay as they are. */
const encodeReserved: Encode = (s) => encode(s).replace(/%(2[1346-9ABCF]|3[ABDF]|40|5[BD])/gi, decodeURIComponent);

const plain: Encode = (s) => s;

/** A scalar as wire text. */
export function scalar(value: unknown, dateOnly?: boolean): string {
  if (value instanceof Date) return dateOnly ? value.toISOString().slice(0, 10) : value.toISOString();
  return String(value);
}

/**
 * One parameter in one style. Returns the text for its place: a path segment (`simple`, `label`,
 * `matrix`), a query fragment (`form`, `spaceDelimited`, `pipeDelimited`, `deepObject`: `name=value`
 * pairs joined with `&`) or a header value.
 */
export function serializeParam(
  style: string,
  explode: boolean,
  name: string,
  value: unknown,
  e: Encode,
  dateOnly?: boolean,
): string {
  const s = (v: unknown) => e(scalar(v, dateOnly));
  const n = e(name);
  const prefix = style === 'label' ? '.' : style === 'matrix' ? ';' : '';
  const named = style !== 'simple' && style !== 'label';
  // Separator between exploded members; delimiter between the members of a non-exploded value.
  const sep = prefix || (named ? '&' : ',');
  const delim = style === 'spaceDelimited' ? '%20' : style === 'pipeDelimited' ? '|' : ',';
  const kv = (k: string, v: string) => (named ? (style === 'matrix' && v === '' ? k : k + '=' + v) : v);
  if (Array.isArray(value)) {
    return prefix + (explode ? value.map((v) => kv(n, s(v))).join(sep) : kv(n, value.map(s).join(delim)));
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (explode || style === 'deepObject') {
      return prefix + entries.map(([k, v]) => (style === 'deepObject' ? `${n}[${e(k)}]` : e(k)) + '=' + s(v)).join(sep);
    }
    return prefix + kv(n, entries.map(([k, v]) => e(k) + delim + s(v)).join(delim));
  }
  return prefix + kv(n, s(value));
}

const DEFAULT_STYLE = { path: 'simple', query: 'form', header: 'simple', cookie: 'form' } as const;

/** Header name (lower case) → value, in a null-prototype object. */
export type HeaderRecord = Record<string, string>;

/** Any `HeadersInit` as a `HeaderRecord` (names lower-cased, values validated by `Headers`). */
export function headerRecord(init: HeadersInit | undefined): HeaderRecord {
  const out: HeaderRecord = Object.create(null);
  if (init) new Headers(init).forEach((v, k) => (out[k] = v));
  return out;
}

export interface BuiltRequest {
  url: string;
  headers: HeaderRecord;
  /** Parameter values by location and spec name, as the validators expect them (dates as strings). */
  values: {
    path: Record<string, unknown>;
    query: Record<string, unknown>;
    header: Record<string, unknown>;
    cookie: Record<string, unknown>;
  };
}

/**
 * Builds the URL and the parameter headers of a call. Undefined arguments are left out. `callQuery` (the
 * call's `query` option) is sent after the operation's parameters; a declared query parameter it names is
 * left to it.
 */
export function buildRequest(
  baseUrl: string,
  op: OperationSpec,
  args: Record<string, unknown> | undefined,
  callQuery?: ExtraQuery,
): BuiltRequest {
  // Null-prototype objects: a parameter named `__proto__` stays an ordinary entry.
  const values: BuiltRequest['values'] = {
    path: Object.create(null),
    query: Object.create(null),
    header: Object.create(null),
    cookie: Object.create(null),
  };
  const headers: HeaderRecord = Object.create(null);
  const query: string[] = [];
  const cookies: string[] = [];
  const path = new Map<string, string>();
  for (const p of op.params ?? []) {
    const key = p.key ?? p.name;
    let v = args && Object.prototype.hasOwnProperty.call(args, key) ? args[key] : undefined;
    if (v === undefined || (p.in === 'query' && callQuery && Object.prototype.hasOwnProperty.call(callQuery, p.name)))
      continue;
    values[p.in][p.name] = toWire(v, p.date);
    if (p.json) v = JSON.stringify(v);
    const style = p.style ?? DEFAULT_STYLE[p.in];
    const explode = p.explode ?? style === 'form';
    if (p.in === 'path')
      path.set(p.name, serializeParam(style, explode, p.name, v, p.reserved ? encodeReserved : encode, p.date));
    else if (p.in === 'query')
      query.push(serializeParam(style, explode, p.name, v, p.reserved ? encodeReserved : encode, p.date));
    else if (p.in === 'header')
      headers[p.name.toLowerCase()] = serializeParam(style, explode, p.name, v, plain, p.date);
    else cookies.push(serializeParam(style, explode, p.name, v, encode, p.date).replace(/&/g, '; '));
  }
  if (op.openQuery) query.push(...extraQuery(args?.extraQuery, 'extraQuery'));
  if (callQuery) query.push(...extraQuery(callQuery, 'the query option'));
  if (cookies.length) headers.cookie = cookies.join('; ');
  const resolved = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = path.get(name);
    if (value === undefined) throw new TypeError(`${op.id}: missing path parameter ${name}`);
    return value;
  });
  const q = query.filter(Boolean).join('&');
  return { url: baseUrl.replace(/\/+$/, '') + resolved + (q ? '?' + q : ''), headers, values };
}

/** The `extraQuery` of a call to an operation open to unlisted parameters: `form`, exploded, in the given order. */
function extraQuery(extra: unknown, label: string): string[] {
  if (extra === undefined || extra === null) return [];
  if (typeof extra !== 'object' || Array.isArray(extra))
    throw new TypeError(`${label} must be an object of query parameters`);
  const out: string[] = [];
  for (const [name, value] of Object.entries(extra)) {
    if (value !== undefined) out.push(serializeParam('form', true, name, value, encode));
  }
  return out;
}

/** A value as the validators see it after parsing from the wire: dates become strings. */
function toWire(v: unknown, dateOnly?: boolean): unknown {
  if (v instanceof Date) return scalar(v, dateOnly);
  if (Array.isArray(v)) return v.map((x) => toWire(x, dateOnly));
  return v;
}

/** Evaluates a JSON pointer (`/meta/next_token`) against a value. */
export function pointer(value: unknown, ptr: string): unknown {
  if (!ptr) return value;
  for (const raw of ptr.slice(1).split('/')) {
    if (value == null || typeof value !== 'object') return undefined;
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    value = Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}
