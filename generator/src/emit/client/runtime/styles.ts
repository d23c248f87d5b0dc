/**
 * Every parameter style OpenAPI 3.x describes (style × explode, RFC 6570 underneath): `simple`, `form`,
 * `label`, `matrix`, `spaceDelimited`, `pipeDelimited`, `deepObject` (with arrays and nested objects in the
 * qs/Rails bracket convention, brackets.ts). The core serializes the default
 * styles (`simple`, `form`) itself; the generated table gives an operation whose parameters use another
 * style this serializer (`OperationSpec.styles`), so only bundles calling such an operation carry it.
 */
import { bracketPairs } from './brackets.js';
import { encode, scalar, type Encode, type ParamWriter, type Serializer } from './serialize.js';

/** `allowReserved`: RFC 3986 reserved characters stay as they are. */
const encodeReserved: Encode = (s) => encode(s).replace(/%(2[1346-9ABCF]|3[ABDF]|40|5[BD])/gi, decodeURIComponent);

const plain: Encode = (s) => s;

const DEFAULT_STYLE = { path: 'simple', query: 'form', header: 'simple', cookie: 'form' } as const;

/**
 * The writer of every parameter (`OperationSpec.styles`): any location, any style, `allowReserved`, JSON
 * content, `format: date` (a `Date` as `YYYY-MM-DD`).
 */
export const writeParam: ParamWriter = (p, value, to) => {
  const v = p.json ? JSON.stringify(value) : value;
  const style = p.style ?? DEFAULT_STYLE[p.in];
  const explode = p.explode ?? style === 'form';
  const e = p.reserved ? encodeReserved : encode;
  if (p.in === 'path') to.path[p.name] = serializeParam(style, explode, p.name, v, e, p.date);
  else if (p.in === 'query') to.query.push(serializeParam(style, explode, p.name, v, e, p.date));
  else if (p.in === 'header')
    to.headers[p.name.toLowerCase()] = serializeParam(style, explode, p.name, v, plain, p.date);
  else {
    const cookie = serializeParam(style, explode, p.name, v, encode, p.date).replace(/&/g, '; ');
    to.headers.cookie = to.headers.cookie ? to.headers.cookie + '; ' + cookie : cookie;
  }
};

/**
 * One parameter in one style. Returns the text for its place: a path segment (`simple`, `label`,
 * `matrix`), a query fragment (`form`, `spaceDelimited`, `pipeDelimited`, `deepObject`: `name=value`
 * pairs joined with `&`) or a header value.
 */
export const serializeParam: Serializer = (style, explode, name, value, e, dateOnly) => {
  const s = (v: unknown) => e(scalar(v, dateOnly));
  const n = e(name);
  // Arrays and nested objects too, by the qs/Rails bracket convention (brackets.ts).
  if (style === 'deepObject' && typeof value === 'object' && value !== null && !(value instanceof Date))
    return bracketPairs(n, value, e, s)
      .map(([k, v]) => k + '=' + v)
      .join('&');
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
    if (explode) return prefix + entries.map(([k, v]) => e(k) + '=' + s(v)).join(sep);
    return prefix + kv(n, entries.map(([k, v]) => e(k) + delim + s(v)).join(delim));
  }
  return prefix + kv(n, s(value));
};
