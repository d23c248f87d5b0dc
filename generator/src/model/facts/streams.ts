/**
 * Whether an operation's success answer is a stream, and how: the streamed success media types with their
 * framing (from the media type, or from `x-streaming`, which overrides the framing of a JSON success body),
 * the media types answered as one value, and, when the operation answers both, the request-body member
 * that chooses (`stream: true`, the convention several public APIs follow).
 */
import type { MediaTypeModel, OperationModel, Schema } from '../types.ts';
import type { Direction } from './access.ts';
import type { TypeSet } from './json-types.ts';
import type { MediaFact } from './media.ts';
import type { ShapeFact } from './shape.ts';
import type { StreamMedia, StreamFact } from '../fact-types.ts';
export type { StreamMedia, StreamFact } from '../fact-types.ts';

export interface StreamDeps {
  media(media: MediaTypeModel, direction: Direction): MediaFact;
  types(schema: Schema): TypeSet;
  shape(schema: Schema, direction: Direction): ShapeFact;
}

/** The request-body member that selects streaming, by convention. */
export const STREAM_SELECTOR = 'stream';

/** The operation's stream fact, or undefined when no success answer is a stream. */
export function streamFact(op: OperationModel, deps: StreamDeps): StreamFact | undefined {
  const streams: StreamMedia[] = [];
  const single: StreamFact['single'] = [];
  for (const res of op.responses) {
    if (!/^2/.test(res.status)) continue;
    for (const m of res.content) {
      const fact = deps.media(m, 'response');
      // `x-streaming` names the framing of a success body whose media type does not (e.g. application/json).
      const format = fact.stream ?? (op.streaming && (fact.kind === 'json' || fact.kind === 'text' || fact.kind === 'other') ? op.streaming.format : undefined);
      if (format === undefined) {
        single.push({ status: res.status, mediaType: m.mediaType });
        continue;
      }
      const types = deps.types(m.schema);
      const jsonData = format !== 'sse' || ([...types].every((t) => t === 'object' || t === 'array') && types.size > 0);
      streams.push({ status: res.status, mediaType: m.mediaType, essence: fact.essence, format, schema: m.schema, jsonData });
    }
  }
  if (streams.length === 0) return undefined;
  const fact: StreamFact = { streams, single: [] };
  if (single.length) {
    // Both kinds of answer: only a boolean `stream` member of the JSON request body says which one comes.
    const selector = selectorOf(op, deps);
    if (selector === undefined) return undefined;
    fact.single = single;
    fact.selector = selector;
  }
  if (op.streaming?.problems) fact.problems = op.streaming.problems;
  if (op.streaming?.reconnectUnless) fact.reconnectUnless = op.streaming.reconnectUnless;
  return fact;
}

function selectorOf(op: OperationModel, deps: StreamDeps): string | undefined {
  const body = op.requestBody?.content.find((m) => deps.media(m, 'request').kind === 'json');
  if (!body) return undefined;
  const member = deps.shape(body.schema, 'request').members.find((m) => m.name === STREAM_SELECTOR);
  if (!member?.schema) return undefined;
  const types = deps.types(member.schema);
  return types.has('boolean') && [...types].every((t) => t === 'boolean' || t === 'null') ? member.name : undefined;
}
