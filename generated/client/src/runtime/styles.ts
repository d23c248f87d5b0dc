/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
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
  if (p.querystring) {
    to.query.push(p.querystring === 'json' ? encode(JSON.stringify(value)) : formQuery(value, p.date));
    return;
  }
  const v = p.json ? JSON.stringify(value) : value;
  const style = p.style ?? DEFAULT_STYLE[p.in];
  const explode = p.explode ?? (style === 'form' || style === 'cookie');
  const e = p.reserved ? encodeReserved : encode;
  if (p.in === 'path') to.path[p.name] = serializeParam(style, explode, p.name, v, e, p.date);
  else if (p.in === 'query') to.query.push(serializeParam(style, explode, p.name, v, e, p.date));
  else if (p.in === 'header')
    to.headers[p.name.toLowerCase()] = serializeParam(style, explode, p.name, v, plain, p.date);
  else {
    const cookie =
      style === 'cookie'
        ? cookiePairs(explode, p.name, v, p.date)
        : serializeParam(style, explode, p.name, v, encode, p.date).replace(/&/g, '; ');
    to.headers.cookie = to.headers.cookie ? to.headers.cookie + '; ' + cookie : cookie;
  }
};

/**
 * OAS 3.2 `style: cookie`: `name=value` pairs joined by `; ` (RFC 6265), values as they are: not
 * percent-encoded (the spec's MUST; a value must already be valid cookie text). Exploded: a list repeats
 * the name, an object is one cookie per member; otherwise members are joined by `,`.
 */
function cookiePairs(explode: boolean, name: string, value: unknown, dateOnly?: boolean): string {
  const s = (v: unknown) => scalar(v, dateOnly);
  if (Array.isArray(value))
    return explode ? value.map((v) => name + '=' + s(v)).join('; ') : name + '=' + value.map(s).join(',');
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return explode
      ? entries.map(([k, v]) => k + '=' + s(v)).join('; ')
      : name + '=' + entries.map(([k, v]) => k + ',' + s(v)).join(',');
  }
  return name + '=' + s(value);
}

/**
 * OAS 3.2 `in: querystring` with `application/x-www-form-urlencoded`: the object's members as the query
 * string's pairs, by the Encoding Object's defaults: a list repeats the name, an object member is JSON text.
 */
function formQuery(value: unknown, dateOnly?: boolean): string {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new TypeError('a querystring parameter in application/x-www-form-urlencoded is an object of its members');
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      const text =
        item && typeof item === 'object' && !(item instanceof Date) ? JSON.stringify(item) : scalar(item, dateOnly);
      pairs.push(encode(k) + '=' + encode(text));
    }
  }
  return pairs.join('&');
}

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
