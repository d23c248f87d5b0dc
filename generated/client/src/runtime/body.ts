/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * Response bodies as the caller asked for them. By default the media type the answer actually carries
 * decides, not the one the spec declares (an API declaring `application/octet-stream` may answer
 * `audio/mpeg`): JSON (`application/json`, `*+json`) is parsed, text (`text/*`, XML) is decoded by its
 * `charset`, everything else — and a body without a Content-Type (RFC 9110 §8.3: octet-stream) — comes back
 * as the bytes in a `Blob`. Nothing is decoded lossily: text that is not valid in its charset is an error for
 * a success and the bytes for an error body. `parseAs` picks `blob`, `arrayBuffer`, the unread byte `stream`
 * or the raw `response` instead (large downloads in constant memory); error bodies are always read the
 * default way, so `ApiError.body` stays typed.
 */
import type { BodyEncoder } from './form.js';
import type { OperationSpec, ParseAs } from './types.js';

/**
 * The request body of an operation whose media type is not a form: JSON text for JSON media types, else
 * passed through as given (bytes, a stream, text). On the table entries of the operations that take a body
 * (`OperationSpec.encode`), so operations without one carry no body code.
 */
export const encodeBody: BodyEncoder = (op, body, _call, headers) => {
  headers['content-type'] ??= op.body!;
  return { body: /json/i.test(op.body!) ? JSON.stringify(body) : (body as BodyInit) };
};

/** How a body is read by default: parsed as JSON, decoded as text, or kept as bytes. */
export type Reading = 'json' | 'text' | 'bytes';

/** The default reading of a body by its Content-Type (the lower-cased essence decides; none: bytes). */
export function readingOf(contentType: string | null): Reading {
  const e = essence(contentType);
  if (isJson(e)) return 'json';
  if (e.startsWith('text/') || /^application\/(?:[^/]+\+)?xml$/.test(e)) return 'text';
  return 'bytes';
}

/** Whether a Content-Type (or its essence) is JSON: `application/json`, `application/*+json`, `text/json`. */
const isJson = (contentType: string | null) =>
  /^\s*(?:application\/(?:[^/;]+\+)?|text\/)json\s*(?:;|$)/i.test(contentType ?? '');

const essence = (contentType: string | null) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** Whether a response of this content type is bytes for this operation (declared binary, wildcards too). */
export function isBinaryResponse(op: OperationSpec, contentType: string | null): boolean {
  const e = essence(contentType);
  return !!op.binary?.some((d) => d === e || d === '*/*' || (d.endsWith('/*') && e.startsWith(d.slice(0, -1))));
}

/**
 * The body the default way (by the answer's Content-Type; empty: `undefined`), or as `parseAs` says for a
 * success: text (`text/*`, XML) decoded by its charset (UTF-8 by default) here, the rest as `decodeJson`
 * reads it.
 */
export async function decodeBody(op: OperationSpec, res: Response, parseAs: ParseAs | undefined): Promise<unknown> {
  const type = res.headers.get('content-type');
  if ((res.ok && parseAs) || readingOf(type) !== 'text') return decodeJson(op, res, parseAs);
  const bytes = await res.arrayBuffer();
  if (!bytes.byteLength) return undefined;
  try {
    return new TextDecoder(charset(type) ?? 'utf-8', { fatal: true }).decode(bytes);
  } catch (e) {
    if (res.ok)
      throw new TypeError(`the ${essence(type)} body is not valid text in its charset (${(e as Error).message})`);
    return new Blob([bytes], { type: type! });
  }
}

/**
 * The core's reading of a body, for operations whose declared responses are all JSON (or bodiless): as
 * `decodeBody` reads JSON, `text/*` in UTF-8 and everything else, but text in another charset fails like
 * invalid text (a success rejects, an error body stays bytes) and XML is bytes. The table entries of
 * operations that declare other media types carry `decodeBody` itself (`OperationSpec.decode`).
 */
export async function decodeJson(_op: OperationSpec, res: Response, parseAs: ParseAs | undefined): Promise<unknown> {
  const { ok } = res;
  if (ok && parseAs) return parseAs === 'response' ? res : parseAs === 'stream' ? res.body : res[parseAs]();
  const type = res.headers.get('content-type');
  const json = isJson(type);
  if (!json && !/^\s*text\//i.test(type ?? '')) {
    const blob = await res.blob();
    // Bytes: an empty body without a media type (a 204, a bare error) is no body.
    return blob.size || type !== null ? blob : undefined;
  }
  // Read as an ArrayBuffer: a Blob first would cost a copy on every JSON answer.
  const bytes = await res.arrayBuffer();
  if (!bytes.byteLength) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (e) {
    if (ok) throw new TypeError(`the ${type} body is not valid UTF-8 (${(e as Error).message})`);
    return new Blob([bytes], { type: type! });
  }
  if (!json) return text;
  try {
    return JSON.parse(text);
  } catch (e) {
    // An error body that is not JSON stays text.
    if (ok) throw e;
    return text;
  }
}

/** The `charset` parameter of a Content-Type (RFC 9110 §8.3.1: case-insensitive, possibly quoted). */
function charset(contentType: string | null): string | undefined {
  const m = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2]) || undefined : undefined;
}

/**
 * The decoder of operations with binary success media types (`OperationSpec.decode`): a success body of a
 * media type the spec declares binary comes back as a `Blob` even where its type alone would be text (a
 * `text/csv` file declared `format: binary`), the rest as `decodeBody` reads it.
 */
export function decodeBinary(op: OperationSpec, res: Response, parseAs: ParseAs | undefined): Promise<unknown> {
  return decodeBody(
    op,
    res,
    parseAs ?? (res.ok && isBinaryResponse(op, res.headers.get('content-type')) ? 'blob' : undefined),
  );
}
