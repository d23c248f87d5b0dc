/**
 * Parameter serialization as OpenAPI 3.x describes it (style × explode, RFC 6570 underneath): path
 * parameters percent-encoded into the template, query parameters into the query string, header and
 * cookie parameters into headers. Dates are sent as RFC 3339 (`toISOString`).
 */
import type { ExtraQuery, OperationSpec } from './types.js';

export type Encode = (text: string) => string;

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

/** One parameter in one style: the text for its place (a path segment, `name=value` pairs, a header value). */
export type Serializer = (
  style: string,
  explode: boolean,
  name: string,
  value: unknown,
  e: Encode,
  dateOnly?: boolean,
) => string;

/**
 * OpenAPI's default styles, `simple` (path, header) and `form` (query, cookie): all most operations use.
 * The others come with the operations whose parameters use them (`OperationSpec.styles`, styles.ts).
 */
export const serializeDefault: Serializer = (style, explode, name, value, e, dateOnly) => {
  if (style !== 'form' && style !== 'simple') throw new TypeError(`style ${style} needs OperationSpec.styles`);
  const s = (v: unknown) => e(scalar(v, dateOnly));
  const n = e(name);
  const sep = style === 'form' ? '&' : ',';
  const kv = (v: string) => (style === 'form' ? n + '=' + v : v);
  if (Array.isArray(value)) return explode ? value.map((v) => kv(s(v))).join(sep) : kv(value.map(s).join(','));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return explode
      ? entries.map(([k, v]) => e(k) + '=' + s(v)).join(sep)
      : kv(entries.map(([k, v]) => e(k) + ',' + s(v)).join(','));
  }
  return kv(s(value));
};

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
  // Null-prototype: a header parameter named `__proto__` stays an ordinary entry.
  const headers: HeaderRecord = Object.create(null);
  const query: string[] = [];
  const cookies: string[] = [];
  const path = new Map<string, string>();
  const serializeParam = op.styles ?? serializeDefault;
  for (const p of op.params ?? []) {
    const key = p.key ?? p.name;
    let v = args && Object.prototype.hasOwnProperty.call(args, key) ? args[key] : undefined;
    if (v === undefined || (p.in === 'query' && callQuery && Object.prototype.hasOwnProperty.call(callQuery, p.name)))
      continue;
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
  return { url: baseUrl.replace(/\/+$/, '') + resolved + (q ? '?' + q : ''), headers };
}

/** The `extraQuery` of a call to an operation open to unlisted parameters: `form`, exploded, in the given order. */
function extraQuery(extra: unknown, label: string): string[] {
  if (extra === undefined || extra === null) return [];
  if (typeof extra !== 'object' || Array.isArray(extra))
    throw new TypeError(`${label} must be an object of query parameters`);
  const out: string[] = [];
  for (const [name, value] of Object.entries(extra)) {
    if (value !== undefined) out.push(serializeDefault('form', true, name, value, encode));
  }
  return out;
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
