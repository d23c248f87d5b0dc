/** Loading a spec into the model: load, bundle, validate, normalize — with every problem in one run. */
import { loadSpec, type LoadOptions, type LoadedSpec } from './load/index.ts';
import { buildModel } from './model/build.ts';
import type { ApiModel } from './model/types.ts';
import { isSpecError, SpecError, sortDiagnostics, type Diagnostic } from './load/diagnostics.ts';

export interface LoadedModel {
  model: ApiModel;
  spec: LoadedSpec;
  /** Load and model warnings together. */
  warnings: Diagnostic[];
}

/** Load, bundle, validate and normalize a spec. Throws SpecError with every problem found. */
export async function loadModel(specPath: string, options: LoadOptions = {}): Promise<LoadedModel> {
  const spec = await loadSpec(specPath, { deferMetaSchemaErrors: true, ...options });
  if (!spec.metaSchemaErrors.length) {
    const { model, warnings } = buildModel(spec);
    return { model, spec, warnings: [...spec.warnings, ...warnings] };
  }
  // The document breaks the meta-schema: model it anyway so its own problems (duplicate operationIds,
  // untypable cycles, bad extensions) are reported in the same run. A document too malformed for the
  // model builder reports its meta-schema problems alone.
  let modelProblems: Diagnostic[] = [];
  try {
    buildModel(spec);
  } catch (error) {
    if (isSpecError(error)) modelProblems = error.diagnostics.filter((d) => d.severity === 'error');
  }
  throw new SpecError(sortDiagnostics([...spec.metaSchemaErrors, ...modelProblems]));
}
