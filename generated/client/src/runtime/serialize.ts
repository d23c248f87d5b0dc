/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * Parameter serialization as OpenAPI 3.x describes it (style × explode, RFC 6570 underneath): path
 * parameters percent-encoded into the template, query parameters into the query string, header and
 * cookie parameters into headers. Dates are sent as RFC 3339 (`toISOString`).
 */
import type { QueryWriter } from './extra-query.js';
import type { ExtraQuery, OperationSpec, ParamSpec } from './types.js';

export type Encode = (text: string) => string;

/** RFC 3986 `unreserved` stays, everything else is percent-encoded (also `!'()*`). */
export const encode: Encode = (s) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

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
 * OpenAPI's default styles, `simple` (path) and `form` (query), percent-encoded: all most operations use.
 * The others come with the operations whose parameters use them (`OperationSpec.styles`, styles.ts).
 */
export function serializeDefault(style: string, explode: boolean, name: string, value: unknown): string {
  const form = style === 'form';
  const s = (v: unknown) => encode(scalar(v));
  const kv = (v: string) => (form ? encode(name) + '=' + v : v);
  const sep = form ? '&' : ',';
  if (Array.isArray(value)) return explode ? value.map((v) => kv(s(v))).join(sep) : kv(value.map(s).join());
  if (!value || typeof value !== 'object' || value instanceof Date) return kv(s(value));
  const pairs = Object.entries(value).flatMap(([k, v]) =>
    v === undefined ? [] : encode(k) + (explode ? '=' : ',') + s(v),
  );
  return explode ? pairs.join(sep) : kv(pairs.join());
}

/** Header name (lower case) → value, in a null-prototype object. */
export type HeaderRecord = Record<string, string>;

/** Any `HeadersInit` as a `HeaderRecord` (names lower-cased, values validated by `Headers`). */
export function headerRecord(init: HeadersInit | undefined): HeaderRecord {
  const out: HeaderRecord = Object.create(null);
  if (init) new Headers(init).forEach((v, k) => (out[k] = v));
  return out;
}

/** Where a call's parameters go: path segments by name, query fragments in order, headers (cookies too). */
export interface ParamSink {
  path: Record<string, string>;
  query: string[];
  headers: HeaderRecord;
}

/** Writes one declared parameter with a defined value to its place. */
export type ParamWriter = (p: ParamSpec, value: unknown, to: ParamSink) => void;

/**
 * The core's writer: path and query parameters in OpenAPI's default styles (`simple`, `form`), as most
 * operations have them. An operation with a header or cookie parameter, another style, `allowReserved`,
 * JSON content or a `format: date` parameter carries the writer of everything (`OperationSpec.styles`,
 * styles.ts); the generated table gives it to every entry that needs it.
 */
export const writeDefault: ParamWriter = (p, v, to) => {
  const path = p.in === 'path';
  const style = path ? 'simple' : 'form';
  // A hand-made entry without the writer it needs fails rather than sending something else.
  if ((p.style ?? style) !== style || !(path || p.in === 'query'))
    throw new TypeError(`${p.in} parameters need OperationSpec.styles (style ${p.style})`);
  const text = serializeDefault(style, p.explode ?? !path, p.name, v);
  if (path) to.path[p.name] = text;
  else to.query.push(text);
};

export interface BuiltRequest {
  url: string;
  headers: HeaderRecord;
}

const own = (o: object | undefined, k: string): o is Record<string, unknown> => !!o && Object.hasOwn(o, k);

/**
 * Builds the URL and the parameter headers of a call. Undefined arguments are left out. `callQuery` (the
 * call's `query` option) is sent after the operation's parameters by `writeQuery` (the `extraQuery`
 * feature, extra-query.ts); a declared query parameter it names is left to it. Without the writer the
 * option is not read.
 */
export function buildRequest(
  baseUrl: string,
  op: OperationSpec,
  args: Record<string, unknown> | undefined,
  callQuery?: ExtraQuery,
  writeQuery?: QueryWriter,
): BuiltRequest {
  if (!writeQuery) callQuery = undefined;
  // Null-prototype: a parameter named `__proto__` stays an ordinary entry.
  const to: ParamSink = { path: Object.create(null), query: [], headers: Object.create(null) };
  for (const p of op.params ?? []) {
    const key = p.key ?? p.name;
    const v = own(args, key) ? args[key] : undefined;
    if (v !== undefined && !(p.in === 'query' && own(callQuery, p.name))) (op.styles ?? writeDefault)(p, v, to);
  }
  op.openQuery?.(args?.extraQuery, 'extraQuery', to);
  writeQuery?.(callQuery, 'the query option', to);
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (to.path[name] === undefined) throw new TypeError(`${op.id}: missing path parameter ${name}`);
    return to.path[name];
  });
  // URL parsers remove `.` and `..` segments, so such a value would reach another path (servers refuse them).
  if (/\/\.\.?(?:\/|$)/.test(path)) throw new TypeError(`${op.id}: a path parameter makes a \`.\` or \`..\` segment`);
  const q = to.query.filter(Boolean).join('&');
  return { url: baseUrl.replace(/\/+$/, '') + path + (q ? '?' + q : ''), headers: to.headers };
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
