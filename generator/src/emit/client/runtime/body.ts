/**
 * Response bodies as the caller asked for them. By default JSON is parsed, the media types the model
 * calls binary (`OperationSpec.binary`) come back as a `Blob`, anything else as text; `parseAs` picks
 * `arrayBuffer`, the unread byte `stream` or the raw `response` instead (large downloads in constant
 * memory). Error bodies are always read the default way, so `ApiError.body` stays typed.
 */
import type { OperationSpec, ParseAs } from './types.js';

/** True when the call leaves the body unread (the caller consumes it). */
export function leavesBodyUnread(parseAs: ParseAs | undefined): boolean {
  return parseAs === 'stream' || parseAs === 'response';
}

/** Whether a request body is a stream (fetch then needs `duplex: 'half'`, and the body cannot be replayed). */
export function isStreamBody(payload: unknown): payload is ReadableStream {
  return typeof ReadableStream !== 'undefined' && payload instanceof ReadableStream;
}

function essence(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Whether a response of this content type is bytes for this operation (declared binary, wildcards too). */
export function isBinaryResponse(op: OperationSpec, contentType: string | null): boolean {
  if (!op.binary) return false;
  const e = essence(contentType);
  return op.binary.some((d) => d === e || d === '*/*' || (d.endsWith('/*') && e.startsWith(d.slice(0, -1))));
}

export async function decodeBody(op: OperationSpec, res: Response, parseAs: ParseAs | undefined): Promise<unknown> {
  if (res.ok) {
    if (parseAs === 'response') return res;
    if (parseAs === 'stream') return res.body;
    if (parseAs === 'arrayBuffer') return res.arrayBuffer();
    if (parseAs === 'blob' || isBinaryResponse(op, res.headers.get('content-type'))) return res.blob();
  }
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
