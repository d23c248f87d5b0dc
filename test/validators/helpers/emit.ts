/** Emitting the types and validators targets for a spec in memory (no prettier), for the validators tests. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { typesEmitter } from '../../../generator/src/emit/types/index.ts';
import { validatorsEmitter } from '../../../generator/src/emit/validators/index.ts';
import type { EmitContext, EmittedFile } from '../../../generator/src/emit/emitter.ts';
import { createEmitContext } from '../../../generator/src/emit/emitter.ts';
import { loadModel } from '../../../generator/src/index.ts';
import type { ApiModel } from '../../../generator/src/model/types.ts';
import { corpusDir, fixtureSpecsDir, projectSpec } from '../../helpers/paths.ts';

export function context(typesPackage = '@social-posting/types'): EmitContext {
  return createEmitContext({
    packages: { scope: 'social-posting', names: { types: typesPackage, validators: '@social-posting/validators', client: '@social-posting/client', server: '@social-posting/server' }, version: '0.0.0-test' },
    options: {},
    generatorVersion: '0.0.0-test',
  });
}

export interface EmittedSpec {
  spec: string;
  model: ApiModel;
  types: EmittedFile[];
  validators: EmittedFile[];
}

export async function emitSpec(spec: string, typesPackage?: string): Promise<EmittedSpec> {
  const { model } = await loadModel(spec);
  const ctx = context(typesPackage);
  return { spec, model, types: typesEmitter.emit(model, ctx), validators: validatorsEmitter.emit(model, ctx) };
}

/** The project spec, the feature fixtures and the petstore corpus specs. */
export function specsUnderTest(): string[] {
  const fixtures = readdirSync(fixtureSpecsDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => path.join(fixtureSpecsDir, f));
  const petstore = readdirSync(path.join(corpusDir, 'petstore'))
    .filter((f) => /\.(ya?ml|json)$/.test(f))
    .sort()
    .map((f) => path.join(corpusDir, 'petstore', f));
  return [projectSpec, ...fixtures, path.join(fixtureSpecsDir, 'split/openapi.yaml'), ...petstore];
}
