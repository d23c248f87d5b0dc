/**
 * Response bodies as the caller asked for them. By default JSON is parsed, the media types the model
 * calls binary (`OperationSpec.binary`) come back as a `Blob`, anything else as text; `parseAs` picks
 * `arrayBuffer`, the unread byte `stream` or the raw `response` instead (large downloads in constant
 * memory). Error bodies are always read the default way, so `ApiError.body` stays typed.
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

/** Whether a response of this content type is bytes for this operation (declared binary, wildcards too). */
export function isBinaryResponse(op: OperationSpec, contentType: string | null): boolean {
  const e = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return !!op.binary?.some((d) => d === e || d === '*/*' || (d.endsWith('/*') && e.startsWith(d.slice(0, -1))));
}

/** The body the default way: JSON for JSON media types, anything else as text (empty: `undefined`); or as `parseAs` says. */
export async function decodeBody(_op: OperationSpec, res: Response, parseAs: ParseAs | undefined): Promise<unknown> {
  if (res.ok && parseAs) return parseAs === 'response' ? res : parseAs === 'stream' ? res.body : res[parseAs]();
  const text = await res.text();
  if (!text) return undefined;
  if (!/[/+]json\b/i.test(res.headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch (e) {
    if (res.ok) throw e;
    return text;
  }
}

/**
 * The decoder of operations with binary success media types (`OperationSpec.decode`): such a success body
 * comes back as a `Blob`, the rest as `decodeBody` reads it.
 */
export function decodeBinary(op: OperationSpec, res: Response, parseAs: ParseAs | undefined): Promise<unknown> {
  return decodeBody(
    op,
    res,
    parseAs ?? (res.ok && isBinaryResponse(op, res.headers.get('content-type')) ? 'blob' : undefined),
  );
}
