/**
 * Request bodies other than JSON: `application/x-www-form-urlencoded` and `multipart/form-data`. The
 * generated client passes this encoder to the runtime only when the spec has such a body, so clients of
 * JSON-only APIs do not carry it. Arrays become repeated fields, objects JSON text, dates RFC 3339.
 */
import { scalar } from './serialize.js';

export type BodyEncoder = (type: string, body: unknown) => BodyInit | undefined;

export const encodeForm: BodyEncoder = (type, body) => {
  const multipart = /multipart\/form-data/i.test(type);
  if (!multipart && !/x-www-form-urlencoded/i.test(type)) return undefined;
  if (multipart && body instanceof FormData) return body;
  const form = multipart ? new FormData() : new URLSearchParams();
  for (const [k, v] of Object.entries(body as object)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      if (item === undefined) continue;
      if (typeof Blob !== 'undefined' && item instanceof Blob) (form as FormData).append(k, item);
      else
        form.append(
          k,
          item && typeof item === 'object' && !(item instanceof Date) ? JSON.stringify(item) : scalar(item),
        );
    }
  }
  return form;
};
