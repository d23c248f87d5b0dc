/** The programmatic API of socialgen (the CLI is a thin layer over it). */
import { loadSpec, type LoadOptions, type LoadedSpec } from './load/index.ts';
import { buildModel } from './model/build.ts';
import type { ApiModel } from './model/types.ts';
import type { Diagnostic } from './load/diagnostics.ts';

export * from './model/types.ts';
export { loadSpec, type LoadedSpec, type LoadOptions } from './load/index.ts';
export { SpecError, isSpecError, formatDiagnostic, type Diagnostic } from './load/diagnostics.ts';
export { buildModel } from './model/build.ts';
export { indexModel, schemaRef, refKey } from './model/index.ts';

export interface LoadedModel {
  model: ApiModel;
  spec: LoadedSpec;
  /** Load and model warnings together. */
  warnings: Diagnostic[];
}

/** Load, bundle, validate and normalize a spec. Throws SpecError with every problem found. */
export async function loadModel(specPath: string, options: LoadOptions = {}): Promise<LoadedModel> {
  const spec = await loadSpec(specPath, options);
  const { model, warnings } = buildModel(spec);
  return { model, spec, warnings: [...spec.warnings, ...warnings] };
}
