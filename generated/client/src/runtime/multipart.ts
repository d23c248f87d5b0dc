/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * `multipart/form-data` bodies (RFC 7578) written part by part, because `FormData` cannot say what the
 * Encoding Object says: a part's `Content-Type` without making it a file, and the part `headers`. Arrays
 * are repeated parts of one name (RFC 7578 §4.3); files keep their names (`File.name`, else `blob` as
 * browsers write it); JSON parts carry `Content-Type: application/json`; text parts carry none (their
 * default, text/plain). The body is a `Blob` of the parts: file contents are referenced, not copied.
 */
import type { EncodedBody } from './form.js';
import { fieldsOf, isBlob, isJsonType, styledPairs, valueText } from './form-fields.js';
import type { FormFieldSpec, OperationSpec } from './types.js';

const MULTIPART_DELIMS = { form: ',', spaceDelimited: ' ', pipeDelimited: '|' };
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A name or file name inside `Content-Disposition`: `"`, CR and LF percent-encoded (as the HTML standard does). */
export const quoteName = (s: string): string => '"' + s.replace(/[\r\n"]/g, (c) => encodeURIComponent(c)) + '"';

/** The first concrete media type of an Encoding Object `contentType` list (`image/png, image/*` → `image/png`). */
export function concreteType(type: string | undefined): string | undefined {
  for (const t of (type ?? '').split(',')) {
    const m = t.trim();
    if (m && !m.includes('*')) return m;
  }
  return undefined;
}

export function randomBoundary(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return '----socialgen' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Extra part headers: the spec's fixed values, then the caller's; never Content-Type/-Disposition. */
export function extraHeaders(
  op: OperationSpec,
  fixed: FormFieldSpec['headers'],
  given: HeadersInit | undefined,
): string {
  const out = new Map<string, [string, string]>();
  for (const [k, v] of fixed ?? []) out.set(k.toLowerCase(), [k, v]);
  if (given) new Headers(given).forEach((v, k) => out.set(k, [k, v]));
  let text = '';
  for (const [key, [name, value]] of out) {
    if (key === 'content-type' || key === 'content-disposition') continue;
    if (!TOKEN.test(name) || /[\r\n]/.test(value))
      throw new TypeError(`${op.id}: invalid part header ${JSON.stringify(name)}`);
    text += `${name}: ${value}\r\n`;
  }
  return text;
}

export function encodeMultipart(
  op: OperationSpec,
  body: Record<string, unknown>,
  partHeaders: Record<string, HeadersInit> | undefined,
): EncodedBody & { contentType: string } {
  const boundary = randomBoundary();
  const fields = fieldsOf(op);
  const chunks: BlobPart[] = [];
  const part = (name: string, head: string, data: BlobPart) => {
    chunks.push(`--${boundary}\r\nContent-Disposition: form-data; name=${quoteName(name)}${head}\r\n`, data, '\r\n');
  };
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    const field = fields.get(name);
    const own = partHeaders && Object.prototype.hasOwnProperty.call(partHeaders, name) ? partHeaders[name] : undefined;
    const extra = extraHeaders(op, field?.headers, own);
    if (field?.style !== undefined) {
      // Styled: the pairs a query string would carry, one text part each (no percent-encoding in multipart).
      for (const [k, v] of styledPairs(field, value, (s) => s, MULTIPART_DELIMS)) part(k, `\r\n${extra}`, v);
      continue;
    }
    const declared = concreteType(field?.type);
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || (item === null && !isJsonType(field?.type))) continue;
      if (isBlob(item)) {
        const file = typeof (item as File).name === 'string' && (item as File).name ? (item as File).name : 'blob';
        part(
          name,
          `; filename=${quoteName(file)}\r\nContent-Type: ${item.type || declared || 'application/octet-stream'}\r\n${extra}`,
          item,
        );
        continue;
      }
      const json = isJsonType(field?.type) || (typeof item === 'object' && item !== null && !(item instanceof Date));
      const type = declared ?? (json ? 'application/json' : undefined);
      part(
        name,
        `\r\n${type ? `Content-Type: ${type}\r\n` : ''}${extra}`,
        valueText(item, json ? 'application/json' : field?.type),
      );
    }
  }
  chunks.push(`--${boundary}--\r\n`);
  const contentType = `multipart/form-data; boundary=${boundary}`;
  return { body: new Blob(chunks, { type: contentType }), contentType };
}
