/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * Request bodies of the form media types, written as the Encoding Object says (OpenAPI 3.1.1 §4.8.15):
 * `application/x-www-form-urlencoded` here, `multipart/form-data` in ./multipart.js. The generated client
 * passes this encoder to the runtime only when the spec has such a body, so clients of JSON-only APIs do
 * not carry it.
 *
 * A member is written one of two ways. Styled (the spec wrote `style`, `explode` or `allowReserved`): like
 * a `query` parameter — arrays and objects per style × explode, `deepObject` as `a[b]=c` (nested objects as
 * `a[b][c]=d`). By content type (the default): each value (each item of an array) by its media type —
 * JSON text for `application/json` (objects by default), the value as text otherwise.
 */
import { fieldsOf, isBlob, isJsonType, plainObject, styledPairs, valueText, type Delimiters } from './form-fields.js';
import { encodeBody } from './body.js';
import { encodeMultipart } from './multipart.js';
import { encode, type HeaderRecord } from './serialize.js';
import type { CallOptions, OperationSpec } from './types.js';

/** A request body ready to send, and (urlencoded) the fields OAuth 1.0a signs. */
export interface EncodedBody {
  body: BodyInit;
  /** OAuth 1.0a signs the fields of a urlencoded body. */
  form?: URLSearchParams;
}

/**
 * An entry's request body encoder (`OperationSpec.encode`): the body to send; it sets the `Content-Type`
 * in `headers` (the request's, the client's and the call's already in) as the body needs.
 */
export type BodyEncoder = (op: OperationSpec, body: unknown, call: CallOptions, headers: HeaderRecord) => EncodedBody;

/** A form body and its `Content-Type`, replacing the caller's (a multipart boundary); empty: none is set. */
type FormBody = EncodedBody & { contentType: string };

/** Text of a field name or value: the application/x-www-form-urlencoded byte serializer (URLSearchParams'). */
export const formEncode = (s: string): string =>
  encodeURIComponent(s)
    .replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, '+');

/**
 * `allowReserved` in a form body: RFC 3986 reserved characters and percent-encoded triples stay as they
 * are, except those the form syntax or the query string cannot carry raw (`&`, `=`, `+`, `#`, `[`, `]`).
 */
const encodeFormReserved = (s: string): string =>
  s.replace(/%[0-9A-Fa-f]{2}|[^%]+|%/g, (piece) =>
    /^%[0-9A-Fa-f]{2}$/.test(piece) ? piece : encode(piece).replace(/%(2[147-9ACF]|3[ABF]|40)/g, decodeURIComponent),
  );

const URLENCODED_DELIMS: Delimiters = { form: ',', spaceDelimited: '%20', pipeDelimited: '|' };

/** An object as an `application/x-www-form-urlencoded` body. */
export function encodeUrlencoded(op: OperationSpec, body: Record<string, unknown>): string {
  const fields = fieldsOf(op);
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    const field = fields.get(name);
    if (field?.style !== undefined) {
      for (const [k, v] of styledPairs(field, value, field.reserved ? encodeFormReserved : encode, URLENCODED_DELIMS))
        pairs.push(k + '=' + v);
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || (item === null && !isJsonType(field?.type))) continue;
      if (isBlob(item))
        throw new TypeError(
          `${op.id}: the form member ${name} is a file; application/x-www-form-urlencoded bodies carry text only`,
        );
      pairs.push(formEncode(name) + '=' + formEncode(valueText(item, field?.type)));
    }
  }
  return pairs.join('&');
}

export const encodeForm: BodyEncoder = (op, body, call, headers) => {
  const type = op.body ?? '';
  const multipart = /^\s*multipart\/form-data\b/i.test(type);
  if (!multipart && !/^\s*application\/x-www-form-urlencoded\b/i.test(type)) return encodeBody(op, body, call, headers);
  const out = formBody(op, body, call, multipart);
  if (out.contentType) headers['content-type'] = out.contentType;
  return out;
};

function formBody(op: OperationSpec, body: unknown, call: CallOptions, multipart: boolean): FormBody {
  // A caller's own FormData / URLSearchParams / encoded text goes out as given (fetch writes a FormData's type).
  if (multipart && typeof FormData !== 'undefined' && body instanceof FormData) return { body, contentType: '' };
  if (!multipart && body instanceof URLSearchParams) return { body, contentType: '', form: body };
  if (!multipart && typeof body === 'string')
    return { body, contentType: 'application/x-www-form-urlencoded', form: new URLSearchParams(body) };
  if (!plainObject(body))
    throw new TypeError(
      `${op.id}: a ${multipart ? 'multipart/form-data' : 'form'} body must be an object of its members`,
    );
  if (multipart) return encodeMultipart(op, body, call.partHeaders);
  const text = encodeUrlencoded(op, body);
  return { body: text, contentType: 'application/x-www-form-urlencoded', form: new URLSearchParams(text) };
}
