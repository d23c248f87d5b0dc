/**
 * The vocabulary of schema facts (facts/): what `ApiModel.facts` answers, as types only. It lives beside
 * types.ts, not in facts/, so the model's types name the facts without importing the folder that computes
 * them (facts/ imports the model's types: the other way round would be a cycle across folders).
 */
import type { JsonType, JsonValue, MediaTypeModel, NamedSchema, OperationModel, ParameterStyle, ProblemMatcher, ResponseModel, Schema, SchemaObject, StreamFormat } from './types.ts';

export type Access = 'readOnly' | 'writeOnly' | undefined;

/** The direction a value travels in: a request (client → server) or a response. */
export type Direction = 'request' | 'response';

export interface DiscriminatorFact {
  propertyName: string;
  /** Discriminator value → the schema it selects, in mapping order; values whose target is unknown are left out. */
  mapping: ReadonlyArray<{ value: string; schema: NamedSchema }>;
  /** OAS 3.2 `defaultMapping`: the schema that applies when the property is absent or its value maps to nothing. */
  defaultSchema?: NamedSchema;
  /** The discriminator was written on the schema itself (not on a referenced or `allOf` part of it). */
  own: boolean;
}

export type TypeSet = ReadonlySet<JsonType>;

export type MediaKind = 'json' | 'json-stream' | 'event-stream' | 'form-urlencoded' | 'multipart' | 'text' | 'binary' | 'other';

export interface PartEncoding {
  name: string;
  /** The part's media type (explicit, or OpenAPI's default for the member's schema). */
  contentType: string;
  /** True when `contentType` was written in the spec. */
  explicit: boolean;
  /**
   * True when `style`, `explode` or `allowReserved` is written: the member is serialized like a `query`
   * parameter (RFC 6570) and `contentType` is ignored (3.1.1 §4.8.15.2). False: by `contentType` alone.
   */
  styled: boolean;
  style: ParameterStyle;
  explode: boolean;
  allowReserved: boolean;
  /** Header names a multipart part declares. */
  headers: string[];
  /** Declared part headers whose value the spec fixes (sent with every part of the member). */
  headerValues: { name: string; value: string }[];
  /** The member's schema (or its array's items) holds raw bytes: files, typed `Blob`. */
  binary: boolean;
}

/** One part of a positional multipart body (OAS 3.2 `prefixEncoding` / `itemEncoding`, defaults applied). */
export interface PositionalPart {
  /** The part's media type (explicit, or OpenAPI's default for the item's schema). */
  contentType: string;
  /** Declared part headers whose value the spec fixes. */
  headerValues: { name: string; value: string }[];
  /** The item holds raw bytes (a `Blob`). */
  binary: boolean;
}

/** A multipart body whose schema is an array: its parts by position, as OAS 3.2 describes them. */
export interface PositionalParts {
  /** The parts of the schema's `prefixItems`, in order (`prefixEncoding`). */
  prefix: PositionalPart[];
  /** Every further part (`items`, `itemEncoding`); absent when the schema allows none. */
  items?: PositionalPart;
}

export interface MediaFact {
  mediaType: string;
  /** Lower-cased `type/subtype` without parameters. */
  essence: string;
  kind: MediaKind;
  /** A multipart body whose schema is an array (`multipart/mixed`, …): parts by position, not by name (OAS 3.2). */
  positional?: PositionalParts;
  /** A body made of items that arrive one at a time (event streams, JSON lines / NDJSON / JSON text sequences). */
  streamed: boolean;
  /**
   * The framing of a streamed body: `sse` (text/event-stream), `ndjson` (NDJSON and JSON Lines: one JSON
   * text per line), `json-seq` (RFC 7464: each JSON text after an RS byte). The media's schema (OAS 3.2
   * `itemSchema` when given) is that of ONE item; for `sse` that of one event's `data`.
   */
  stream?: StreamFormat;
  /** For `form-urlencoded` and `multipart`: one entry per member of the body's shape, in member order. */
  parts: PartEncoding[];
}

export interface MemberFact {
  name: string;
  /** The member's schema; undefined for a name listed in `required` without a property schema. */
  schema?: Schema;
  access: Access;
  required: boolean;
}

export interface ShapeFact {
  /** Members that exist in this direction, in declaration order (properties first, then required-only names). */
  members: ReadonlyArray<MemberFact>;
  /** Names of members left out in this direction (readOnly in a request, writeOnly in a response). */
  omitted: ReadonlyArray<string>;
  /** No members beyond the declared ones are accepted (`additionalProperties` or `unevaluatedProperties` false). */
  closed: boolean;
}

export interface StreamMedia {
  /** Status as written (`200`, `2XX`). */
  status: string;
  mediaType: string;
  essence: string;
  format: StreamFormat;
  /** The schema of ONE item (for `sse`: of one event's `data`). */
  schema: Schema;
  /** `sse` only: the data is JSON text (the item schema admits only objects and arrays), else plain text. */
  jsonData: boolean;
}

export interface StreamFact {
  /** Success media types whose bodies are streams, in document order. */
  streams: StreamMedia[];
  /** Success media types answered as one value, when there are streamed ones too. */
  single: { status: string; mediaType: string }[];
  /**
   * The boolean member of the request body that asks for the stream when `true` (dual-mode operations);
   * undefined when the operation always streams.
   */
  selector?: string;
  /** From `x-streaming`: in-stream values that are problems ending the connection. */
  problems?: ProblemMatcher[];
  /** From `x-streaming`: problems after which the client does not reconnect. */
  reconnectUnless?: ProblemMatcher[];
}

export interface SchemaFacts {
  /** The named schema a `$ref` value points to (`#/components/schemas/<key>`, `~1`/`~0` and `%`-escapes decoded). */
  resolveRef(ref: string): NamedSchema | undefined;
  /** The named schema at the end of the node's `$ref` chain; undefined when the node is no reference. */
  namedTarget(schema: Schema): NamedSchema | undefined;
  /** The node with its `$ref` chain followed (the node itself when it is no reference). */
  target(schema: Schema): Schema;
  /** readOnly / writeOnly, reached through `$ref`, `allOf` and agreeing `anyOf`/`oneOf` branches. */
  access(schema: Schema): Access;
  /** True when a member with this schema is part of a value sent in `direction` (readOnly: not in requests; writeOnly: not in responses). */
  sentIn(schema: Schema, direction: Direction): boolean;
  /** The JSON types the node admits, `null` included (`number` covers `integer`). */
  jsonTypes(schema: Schema): TypeSet;
  /** The node's keywords with its `$ref` target and `allOf` parts merged in (see all-of.ts). */
  merged(schema: Schema): SchemaObject;
  /** The finite set of values the node admits (`const` or `enum`, merged through `$ref` and `allOf`); undefined for an open set. */
  enumerated(schema: Schema): readonly JsonValue[] | undefined;
  /** The node's discriminator (own, or through `$ref` / `allOf`), mapping resolved to named schemas. */
  discriminator(schema: Schema): DiscriminatorFact | undefined;
  /** Members of the object the node describes, as sent in `direction`. */
  shape(schema: Schema, direction: Direction): ShapeFact;
  /** Keys of named schemas whose request shape differs from their response shape (they get a request variant). */
  readonly directional: ReadonlySet<string>;
  /** What one body is on the wire; `direction` is `request` for request bodies, `response` for responses. */
  media(media: MediaTypeModel, direction: Direction): MediaFact;
  /** The request body's media types of an operation (empty without a body). */
  requestMedia(op: OperationModel): MediaFact[];
  /** A response's media types. */
  responseMedia(response: ResponseModel): MediaFact[];
  /** Whether the operation's success answer is a stream (by media type, or `x-streaming`), and how; see streams.ts. */
  stream(op: OperationModel): StreamFact | undefined;
}
