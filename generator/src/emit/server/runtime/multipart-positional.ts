/**
 * Positional multipart bodies (OpenAPI 3.2 `prefixEncoding` / `itemEncoding`) read back into the array the
 * client sent: the parts of a `multipart/mixed` (or other `multipart/*`) body in order (RFC 2046 section
 * 5.1.1), each by the kind its position declares: JSON text parsed, a file as a `Blob` of its bytes with
 * its `Content-Type`, anything else as UTF-8 text. The array is then checked by the body's validator.
 */
import { decodeUtf8, parseJson } from './body.js';
import type { TablePart, TableParts } from './types.js';

export type PartsParsed = { ok: true; value: unknown[] } | { ok: false; message: string };

const encoder = new TextEncoder();
const latin1 = new TextDecoder('latin1');
const CRLF = encoder.encode('\r\n');

function indexOf(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let i = from; i <= bytes.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** The `boundary` parameter of a multipart `Content-Type` (quoted or not). */
function boundaryOf(contentType: string): string | undefined {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : undefined;
}

interface RawPart {
  type: string | undefined;
  body: Uint8Array;
}

/** The parts between the boundaries (preamble and epilogue dropped); undefined when the framing is broken. */
export function splitParts(bytes: Uint8Array, boundary: string): RawPart[] | undefined {
  const dash = encoder.encode(`--${boundary}`);
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  // The first delimiter opens the body, or ends a preamble.
  const first = indexOf(bytes.subarray(0, dash.length), dash, 0) === 0 ? 0 : indexOf(bytes, delimiter, 0);
  if (first < 0) return undefined;
  let at = first === 0 ? 0 : first + 2;
  const parts: RawPart[] = [];
  for (;;) {
    at += dash.length;
    if (bytes[at] === 0x2d && bytes[at + 1] === 0x2d) return parts; // the close delimiter
    const lineEnd = indexOf(bytes, CRLF, at);
    if (lineEnd < 0 || !/^[ \t]*$/.test(latin1.decode(bytes.subarray(at, lineEnd)))) return undefined;
    const start = lineEnd + 2;
    const end = indexOf(bytes, delimiter, start);
    if (end < 0) return undefined;
    const part = bytes.subarray(start, end);
    const blank = part[0] === 0x0d && part[1] === 0x0a ? 0 : indexOf(part, encoder.encode('\r\n\r\n'), 0);
    if (blank < 0) return undefined;
    let type: string | undefined;
    for (const line of latin1.decode(part.subarray(0, blank)).split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === 'content-type')
        type = line.slice(colon + 1).trim();
    }
    parts.push({ type, body: part.subarray(blank === 0 ? 2 : blank + 4) });
    at = end + 2;
  }
}

function partValue(part: RawPart, spec: TablePart, index: number, maxDepth: number): unknown {
  if (spec.file) return new Blob([part.body as Uint8Array<ArrayBuffer>], part.type ? { type: part.type } : {});
  const text = decodeUtf8(part.body);
  if (text === undefined) throw new PartError(`Part ${index} of the request body is not valid UTF-8`);
  if (!spec.json) return text;
  const parsed = parseJson(text, maxDepth);
  if (!parsed.ok)
    throw new PartError(
      `Part ${index} of the request body is not valid JSON: ${parsed.message.replace(/^The request body (is not valid JSON: )?/, '')}`,
    );
  return parsed.value;
}

class PartError extends Error {}

export function decodeParts(bytes: Uint8Array, contentType: string, spec: TableParts, maxDepth: number): PartsParsed {
  const boundary = boundaryOf(contentType);
  const parts = boundary === undefined ? undefined : splitParts(bytes, boundary);
  if (!parts)
    return { ok: false, message: `The request body is not a valid ${contentType.split(';')[0]!.trim()} body` };
  try {
    // Parts beyond what the spec describes are read as text: the validator says whether they may be there.
    return {
      ok: true,
      value: parts.map((part, i) => partValue(part, spec.prefix[i] ?? spec.items ?? {}, i, maxDepth)),
    };
  } catch (e) {
    if (e instanceof PartError) return { ok: false, message: e.message };
    throw e;
  }
}
