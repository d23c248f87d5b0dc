/* Copied by socialgen 0.1.0: the server runtime, identical for every spec. */
/**
 * The Web-standard host of the pipeline: a `Request` as `Incoming`, an `Outgoing` as a `Response`, and
 * `createWebHandler`, marked so the Node adapter can use the pipeline directly.
 */
import type { Incoming, Outgoing } from './stages.js';

/** Runs one request through the pipeline. */
export interface Pipeline {
  handle(incoming: Incoming): Promise<Outgoing>;
}

export type WebHandler = ((request: Request) => Promise<Response>) & { readonly [PIPELINE]?: Pipeline };

/** Marks handlers made here, so the Node adapter can skip `Request`/`Response` entirely. */
export const PIPELINE = Symbol.for('socialgen.server.pipeline');

async function readStream(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array | 'too-large' | 'aborted'> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      return 'aborted';
    }
    const { done, value } = step;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** Origin-form target of an absolute URL (`http://h/p?q` → `/p?q`). */
export function originForm(url: string): string {
  const scheme = url.indexOf('://');
  if (scheme === -1) return url.startsWith('/') ? url : '/' + url;
  const slash = url.indexOf('/', scheme + 3);
  const hash = url.indexOf('#');
  const end = hash === -1 ? url.length : hash;
  if (slash === -1 || slash > end) {
    const q = url.indexOf('?', scheme + 3);
    return q === -1 || q > end ? '/' : '/' + url.slice(q, end);
  }
  return url.slice(slash, end);
}

/** A field name as HTTP writes it (RFC 9110 section 5.1: a token). */
const HTTP_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function fromRequest(request: Request): Incoming {
  return {
    method: request.method,
    target: originForm(request.url),
    // A name that is no HTTP token (a spec may declare one) is in no request; `Headers.get` would throw on it.
    header: (name) => (HTTP_TOKEN.test(name) ? request.headers.get(name) : null),
    hasBody: () => request.body !== null,
    readBody: (limit) => (request.body ? readStream(request.body, limit) : Promise.resolve(null)),
    request: () => request,
  };
}

export function toResponse(out: Outgoing): Response {
  const headers = new Headers();
  for (const name of Object.keys(out.headers)) {
    const value = out.headers[name]!;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const nullBody = out.status === 204 || out.status === 205 || out.status === 304;
  return new Response(nullBody ? null : (out.body as BodyInit | null), { status: out.status, headers });
}

/** `(request: Request) => Promise<Response>`, marked so the Node adapter can use the pipeline directly. */
export function createWebHandler(pipeline: Pipeline): WebHandler {
  const handler = async (request: Request): Promise<Response> =>
    toResponse(await pipeline.handle(fromRequest(request)));
  Object.defineProperty(handler, PIPELINE, { value: pipeline });
  return handler as WebHandler;
}
