/**
 * Every parameter style OpenAPI 3.x describes (style × explode, RFC 6570 underneath): `simple`, `form`,
 * `label`, `matrix`, `spaceDelimited`, `pipeDelimited`, `deepObject`. The core serializes the default
 * styles (`simple`, `form`) itself; the generated table gives an operation whose parameters use another
 * style this serializer (`OperationSpec.styles`), so only bundles calling such an operation carry it.
 */
import { scalar, type Serializer } from './serialize.js';

/**
 * One parameter in one style. Returns the text for its place: a path segment (`simple`, `label`,
 * `matrix`), a query fragment (`form`, `spaceDelimited`, `pipeDelimited`, `deepObject`: `name=value`
 * pairs joined with `&`) or a header value.
 */
export const serializeParam: Serializer = (style, explode, name, value, e, dateOnly) => {
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
};
