/** Compiling a raw JSON Schema into a loaded standalone validators module (validateRoot / isRoot). */
import { emitStandalone, type StandaloneOptions } from '../../../generator/src/emit/validators/module/standalone.ts';
import { filesOf, loadModule } from './load-module.ts';

export interface Compiled {
  validate(value: unknown, options?: { allErrors?: boolean; direction?: 'request' | 'response'; formats?: boolean }): { valid: boolean; errors?: Array<{ instancePath: string; schemaPath: string; keyword: string; message: string; params: Record<string, unknown> }> };
  is(value: unknown): boolean;
  files: Map<string, string>;
}

export async function compileSchema(schema: unknown, options: StandaloneOptions = {}): Promise<Compiled> {
  const files = filesOf(emitStandalone(schema, options));
  const mod = await loadModule(files);
  return { validate: mod.validateRoot, is: mod.isRoot, files };
}
