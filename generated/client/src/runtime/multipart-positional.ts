/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * Positional multipart bodies (OpenAPI 3.2 `prefixEncoding` / `itemEncoding`): an array written as one
 * part per item, in order (`multipart/mixed` and its relatives, RFC 2046 section 5.1), each part with the
 * `Content-Type` the spec gives its position and the part headers it fixes. The parts carry no names:
 * their position tells them apart. JSON parts are JSON text, files their bytes, anything else its text.
 */
import type { BodyEncoder } from './form.js';
import { isBlob, isJsonType, valueText } from './form-fields.js';
import { concreteType, extraHeaders, randomBoundary } from './multipart.js';
import type { PartSpec } from './types.js';

export const encodeParts: BodyEncoder = (op, body, _call, headers) => {
  if (!Array.isArray(body)) throw new TypeError(`${op.id}: a ${op.body} body is the array of its parts`);
  const boundary = randomBoundary();
  const chunks: BlobPart[] = [];
  body.forEach((item, i) => {
    const spec: PartSpec | undefined = op.parts?.prefix[i] ?? op.parts?.items;
    if (!spec)
      throw new TypeError(
        `${op.id}: the body has ${body.length} parts; the spec allows ${op.parts?.prefix.length ?? 0}`,
      );
    const declared = concreteType(spec.type);
    const type = isBlob(item) ? item.type || declared || 'application/octet-stream' : (declared ?? 'text/plain');
    const data = isBlob(item) ? item : valueText(item, isJsonType(type) ? 'application/json' : type);
    chunks.push(
      `--${boundary}\r\nContent-Type: ${type}\r\n${extraHeaders(op, spec.headers, undefined)}\r\n`,
      data,
      '\r\n',
    );
  });
  chunks.push(`--${boundary}--\r\n`);
  const essence = (op.body ?? 'multipart/mixed').split(';')[0]!.trim();
  headers['content-type'] = `${essence}; boundary=${boundary}`;
  return { body: new Blob(chunks) };
};
