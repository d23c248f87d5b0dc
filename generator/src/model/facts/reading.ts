/**
 * How the generated client reads a response body of a declared media type by default, so the types, the
 * client's table and the server's handler results agree with the runtime (client runtime/body.ts
 * `readingOf`, which decides by the media type the answer actually carries): JSON is parsed, text (`text/*`,
 * XML) is decoded, everything else is bytes, typed `Blob`. A declared wildcard (`application/*`, or any media
 * type) can be any of the three; a streamed body is read item by item (streams.ts) and is none of them.
 */
import type { MediaFact } from './media.ts';

export type ResponseReading = 'schema' | 'bytes' | 'any';

/**
 * `schema`: the body is the schema's value (JSON, text, a stream's items); `bytes`: a `Blob` whatever the
 * schema says (binary strings, and media types that are neither JSON nor text); `any`: a wildcard, whose
 * answers are read by the type they carry.
 */
export function responseReading(fact: MediaFact, streamed = fact.streamed): ResponseReading {
  if (fact.kind === 'binary') return 'bytes';
  if (streamed || fact.kind === 'json' || fact.kind === 'text' || fact.kind === 'json-stream' || fact.kind === 'event-stream') return 'schema';
  return fact.essence.includes('*') ? 'any' : 'bytes';
}
