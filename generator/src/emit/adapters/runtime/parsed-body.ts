/**
 * The bytes of a request body that a framework's body parser read before the adapter (Express's
 * `express.json()`, Koa's `@koa/bodyparser`): the stream is drained by then, so the generated handler
 * gets the parser's result back as bytes. A `Buffer` (`express.raw()`) or the parser's raw text is the body
 * as sent; a parsed value is serialised again — JSON with `JSON.stringify`, a URL-encoded form with
 * `URLSearchParams` — which keeps its meaning but not necessarily its bytes (spacing, escapes, number
 * spelling). Mounting the adapter before any body parser keeps the bytes.
 */
import type { IncomingMessage } from 'node:http';

const encoder = new TextEncoder();

/** `true` when something read the request's body stream to its end before the adapter. */
export function bodyConsumed(req: IncomingMessage): boolean {
  return req.readableEnded;
}

function formBytes(value: Record<string, unknown>): Uint8Array {
  const form = new URLSearchParams();
  for (const [name, member] of Object.entries(value)) {
    for (const item of Array.isArray(member) ? member : [member]) {
      form.append(name, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  return encoder.encode(form.toString());
}

/**
 * The body's bytes from what a parser left: `raw` (its unparsed text or buffer) when it kept one, else
 * the parsed `value` serialised again by the request's media type. `null`: no body.
 */
export function parsedBodyBytes(value: unknown, raw: unknown, contentType: string | undefined): Uint8Array | null {
  for (const candidate of [raw, value]) {
    if (candidate instanceof Uint8Array) return candidate.byteLength ? candidate : null;
    if (typeof candidate === 'string') return candidate ? encoder.encode(candidate) : null;
  }
  if (value === undefined || value === null) return null;
  const media = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (media === 'application/x-www-form-urlencoded' && typeof value === 'object') {
    return formBytes(value as Record<string, unknown>);
  }
  return encoder.encode(JSON.stringify(value));
}
