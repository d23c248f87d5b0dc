export * from './types.ts';
export { buildModel, type BuildResult } from './build.ts';
export { schemaRef, refKey } from './refs.ts';
export { indexModel } from './model-index.ts';
export { factsOf, type SchemaFacts } from './facts/index.ts';
