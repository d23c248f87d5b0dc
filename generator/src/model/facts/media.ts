/**
 * What a request or response body is on the wire: its kind (from the media type, and for unlabelled
 * octet-ish types from the schema), and for form and multipart bodies the Encoding Object of every member
 * with OpenAPI's defaults applied (3.1 §4.8.15: `contentType` from the member's type, `style` form,
 * `explode` true for form, `allowReserved` false). Body and stream emitters read this instead of matching
 * media-type strings themselves.
 */
import type { MediaTypeModel, Schema, StreamFormat } from '../types.ts';
import type { Direction } from './access.ts';
import type { TypeSet } from './json-types.ts';
import type { ShapeFact } from './shape.ts';
import type { EncodingModel } from '../types.ts';
import type { MediaKind, PartEncoding, MediaFact, PositionalPart, PositionalParts } from '../fact-types.ts';
export type { MediaKind, PartEncoding, MediaFact, PositionalPart, PositionalParts } from '../fact-types.ts';

const JSON_STREAMS = new Set(['application/x-ndjson', 'application/ndjson', 'application/jsonl', 'application/x-jsonlines', 'application/jsonlines', 'application/json-seq']);
const BINARY_TOP = new Set(['image', 'audio', 'video', 'font']);
const BINARY_TYPES = new Set(['application/octet-stream', 'application/pdf', 'application/zip', 'application/gzip', 'application/x-gzip', 'application/x-tar', 'application/wasm']);

export function mediaEssence(mediaType: string): string {
  return mediaType.split(';')[0].trim().toLowerCase();
}

/** True when a string schema holds raw bytes rather than text (3.0 `format: binary`, 3.1 `contentMediaType`). */
export function isBinaryString(schema: Schema | undefined): boolean {
  if (schema === undefined || typeof schema !== 'object') return false;
  if (schema.format === 'binary') return true;
  return typeof schema.contentMediaType === 'string' && schema.contentEncoding === undefined && !/json|^text\//i.test(schema.contentMediaType);
}

export function mediaKind(essence: string, schema: Schema, target: (schema: Schema) => Schema): MediaKind {
  if (essence === 'application/json' || /^application\/[^/]+\+json$/.test(essence) || essence === 'text/json') return 'json';
  if (JSON_STREAMS.has(essence) || /\+json-seq$/.test(essence)) return 'json-stream';
  if (essence === 'text/event-stream') return 'event-stream';
  if (essence === 'application/x-www-form-urlencoded') return 'form-urlencoded';
  if (essence.startsWith('multipart/')) return 'multipart';
  if (BINARY_TYPES.has(essence) || BINARY_TOP.has(essence.split('/')[0])) return 'binary';
  if (isBinaryString(target(schema))) return 'binary';
  if (essence.startsWith('text/') || /^application\/(?:[^/]+\+)?xml$/.test(essence)) return 'text';
  return 'other';
}

/** OpenAPI's default `contentType` of a form or multipart member. */
export function defaultPartContentType(schema: Schema | undefined, types: (schema: Schema) => TypeSet, target: (schema: Schema) => Schema): string {
  if (schema === undefined) return 'text/plain';
  const resolved = target(schema);
  const set = types(schema);
  if (set.has('object')) return 'application/json';
  if (set.has('array') && typeof resolved === 'object' && resolved.items !== undefined) return defaultPartContentType(resolved.items, types, target);
  if (isBinaryString(resolved)) return typeof resolved === 'object' && typeof resolved.contentMediaType === 'string' ? resolved.contentMediaType : 'application/octet-stream';
  return 'text/plain';
}

/** A binary string, or an array of them (several files under one name). */
function holdsFiles(schema: Schema | undefined, deps: MediaDeps): boolean {
  if (schema === undefined) return false;
  const resolved = deps.target(schema);
  if (isBinaryString(resolved)) return true;
  return typeof resolved === 'object' && deps.types(schema).has('array') && resolved.items !== undefined && isBinaryString(deps.target(resolved.items));
}

export interface MediaDeps {
  types: (schema: Schema) => TypeSet;
  target: (schema: Schema) => Schema;
  shape: (schema: Schema, direction: Direction) => ShapeFact;
}

export function mediaFact(media: MediaTypeModel, direction: Direction, deps: MediaDeps): MediaFact {
  const essence = mediaEssence(media.mediaType);
  const kind = mediaKind(essence, media.schema, deps.target);
  const parts: PartEncoding[] = [];
  if (kind === 'form-urlencoded' || kind === 'multipart') {
    for (const member of deps.shape(media.schema, direction).members) {
      const written = media.encoding && Object.prototype.hasOwnProperty.call(media.encoding, member.name) ? media.encoding[member.name] : undefined;
      const style = written?.style ?? 'form';
      parts.push({
        name: member.name,
        contentType: written?.contentType ?? defaultPartContentType(member.schema, deps.types, deps.target),
        explicit: written?.contentType !== undefined,
        styled: written !== undefined && (written.style !== undefined || written.explode !== undefined || written.allowReserved !== undefined),
        style,
        explode: written?.explode ?? style === 'form',
        allowReserved: written?.allowReserved ?? false,
        headers: written?.headers ?? [],
        headerValues: written?.headerValues ?? [],
        binary: holdsFiles(member.schema, deps),
      });
    }
  }
  const positional = kind === 'multipart' ? positionalParts(media, deps) : undefined;
  const stream = streamFormat(essence);
  return { mediaType: media.mediaType, essence, kind, ...(positional ? { positional } : {}), streamed: stream !== undefined, ...(stream ? { stream } : {}), parts };
}

/**
 * A multipart body described by an array schema (OAS 3.2 §4.14.4): its parts in order, the `prefixItems`
 * by `prefixEncoding`, the rest by `itemEncoding`, each part's `contentType` defaulting as a named
 * member's does. Undefined for a body of named members (an object schema).
 */
function positionalParts(media: MediaTypeModel, deps: MediaDeps): PositionalParts | undefined {
  const types = deps.types(media.schema);
  const schema = deps.target(media.schema);
  if (!types.has('array') || types.has('object') || typeof schema !== 'object') return undefined;
  const part = (item: Schema | undefined, written: EncodingModel | undefined): PositionalPart => ({
    contentType: written?.contentType ?? defaultPartContentType(item, deps.types, deps.target),
    headerValues: written?.headerValues ?? [],
    binary: item !== undefined && isBinaryString(deps.target(item)),
  });
  const prefix = (schema.prefixItems ?? []).map((item, i) => part(item, media.prefixEncoding?.[i]));
  const items = schema.items === false ? undefined : part(schema.items === true ? undefined : schema.items, media.itemEncoding);
  return items ? { prefix, items } : { prefix };
}

/** The framing of a streamed media type (by its essence), undefined for one that is not a stream. */
export function streamFormat(essence: string): StreamFormat | undefined {
  if (essence === 'text/event-stream') return 'sse';
  if (essence === 'application/json-seq' || /\+json-seq$/.test(essence)) return 'json-seq';
  if (JSON_STREAMS.has(essence)) return 'ndjson';
  return undefined;
}
