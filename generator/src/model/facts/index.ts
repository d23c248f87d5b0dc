/**
 * Schema facts: what a schema means, worked out once per model so every target and the diff read the same
 * answer instead of re-deriving it (following `$ref`s, readOnly/writeOnly, admitted types, `allOf`
 * merging, discriminators, the shape of an object per direction, what a body is on the wire).
 *
 * `factsOf(model)` builds the facts for a model once (later calls return the same object); each fact is
 * computed lazily, at most once per schema node. Schema nodes are the model's own objects: ask about a node
 * of `model.schemas`, an operation's parameter or body schema, or any subschema inside them.
 */
import type { ApiModel, MediaTypeModel, OperationModel } from '../types.ts';
import { accessFact, presentIn, type Access, type Direction } from './access.ts';
import { mergedFact } from './all-of.ts';
import { directionalSchemas } from './directional.ts';
import { discriminatorFact, type DiscriminatorFact } from './discriminator.ts';
import { jsonTypesFact, type TypeSet } from './json-types.ts';
import { mediaFact, type MediaFact } from './media.ts';
import { createResolver } from './resolve.ts';
import { shapeOf, type ShapeFact } from './shape.ts';
import { streamFact, type StreamFact } from './streams.ts';
import { enumeratedFact } from './values.ts';
import type { SchemaFacts } from '../fact-types.ts';
export type { SchemaFacts } from '../fact-types.ts';

const built = new WeakMap<ApiModel, SchemaFacts>();

export function factsOf(model: ApiModel): SchemaFacts {
  let facts = built.get(model);
  if (!facts) {
    facts = buildFacts(model);
    built.set(model, facts);
  }
  return facts;
}

function buildFacts(model: ApiModel): SchemaFacts {
  const resolver = createResolver(model.schemas);
  const access = accessFact(resolver);
  const jsonTypes = jsonTypesFact(resolver);
  const merged = mergedFact(resolver);
  const shape = shapeOf(merged, access);
  const discriminator = discriminatorFact(resolver);
  let directional: Set<string> | undefined;
  const streams = new WeakMap<OperationModel, StreamFact | undefined>();
  const mediaCache = { request: new WeakMap<MediaTypeModel, MediaFact>(), response: new WeakMap<MediaTypeModel, MediaFact>() };
  const media = (m: MediaTypeModel, direction: Direction): MediaFact => {
    let fact = mediaCache[direction].get(m);
    if (!fact) {
      fact = mediaFact(m, direction, { types: jsonTypes, target: resolver.target, shape });
      mediaCache[direction].set(m, fact);
    }
    return fact;
  };
  return {
    resolveRef: resolver.byRef,
    namedTarget: resolver.named,
    target: resolver.target,
    access,
    sentIn: (schema, direction) => presentIn(access(schema), direction),
    jsonTypes,
    merged,
    enumerated: enumeratedFact(merged),
    discriminator,
    shape,
    get directional() {
      return (directional ??= directionalSchemas(model.schemas, access));
    },
    media,
    requestMedia: (op) => (op.requestBody?.content ?? []).map((m) => media(m, 'request')),
    responseMedia: (response) => response.content.map((m) => media(m, 'response')),
    stream: (op) => {
      if (!streams.has(op)) streams.set(op, streamFact(op, { media, types: jsonTypes, shape }));
      return streams.get(op);
    },
  };
}

export type { Access, Direction, DiscriminatorFact, MediaFact, ShapeFact, TypeSet };
export type { MemberFact } from './shape.ts';
export type { MediaKind, PartEncoding, PositionalPart, PositionalParts } from './media.ts';
export type { StreamFact, StreamMedia } from './streams.ts';
export { STREAM_SELECTOR } from './streams.ts';
export { admitsEveryType, ANY_TYPE } from './json-types.ts';
export { mergeKeywords, canonicalJson, type MergeOptions } from './all-of.ts';
export { valuesSelecting } from './discriminator.ts';
export { sameValues } from './values.ts';
