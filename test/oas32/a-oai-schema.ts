/**
 * The independent oracle of the OpenAPI 3.2 tests: Ajv 2020 with the OAI's 3.2 meta-schema as published in
 * the shared corpus (not the npm copy the loader uses). Its Schema Objects are reached through
 * `$dynamicRef: "#meta"`; with no dialect in play that is the plain `#/$defs/schema`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { sharedCorpusDir } from '../helpers/paths.ts';

const require = createRequire(import.meta.url);

export function oai32Validator(): ValidateFunction {
  const Ajv2020 = require('ajv/dist/2020').default;
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const text = readFileSync(path.join(sharedCorpusDir, 'oas-schemas/spec.openapis.org/oas/3.2/schema/2025-11-23.json'), 'utf8');
  return ajv.compile(JSON.parse(text.replace(/"\$dynamicRef":\s*"#meta"/g, '"$ref": "#/$defs/schema"')));
}
