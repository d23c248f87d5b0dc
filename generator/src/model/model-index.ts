import { factsOf } from './facts/index.ts';
import { refKey } from './refs.ts';
import type { ApiModel, ModelIndex } from './types.ts';

export function indexModel(model: ApiModel): ModelIndex {
  const schemaByKey = new Map(model.schemas.map((s) => [s.key, s]));
  return {
    schemaByKey,
    resolveRef(ref) {
      const key = refKey(ref);
      return key === undefined ? undefined : schemaByKey.get(key);
    },
    operationById: new Map(model.operations.map((o) => [o.operationId, o])),
    facts: factsOf(model),
    ...(model.dates ? { dates: model.dates } : {}),
    ...(model.int64 ? { int64: model.int64 } : {}),
  };
}
