// Part of `npm run build` (after `tsc -b`): the OpenAPI meta-schema validators compiled to JavaScript with
// Ajv's standalone code, next to the compiled dist/load/meta-schema.js that loads them (and the config
// file's schema, next to dist/config.js). Compiling the 3.1
// meta-schema at run time costs more than reading and bundling a spec; this moves it to the build.
// Rewritten only when the compiler module is newer than the output, so a no-op build stays cheap.
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const compiler = path.join(root, 'dist/load/meta-schema.js');
const { compileMetaSchema, PRECOMPILED } = await import(compiler);
const standaloneCode = createRequire(import.meta.url)('ajv/dist/standalone').default;

for (const [version, name] of Object.entries(PRECOMPILED)) {
  const target = path.join(root, 'dist/load', name);
  if (existsSync(target) && statSync(target).mtimeMs >= statSync(compiler).mtimeMs) continue;
  const { ajv, validate } = compileMetaSchema(version, true);
  writeFileSync(target, standaloneCode(ajv, validate));
}

// The config file's schema likewise (src/config.ts): every run with a config file checks it.
const configModule = path.join(root, 'dist/config.js');
const { compileConfigSchema, PRECOMPILED_CONFIG_VALIDATOR } = await import(configModule);
const configTarget = path.join(root, 'dist', PRECOMPILED_CONFIG_VALIDATOR);
if (!existsSync(configTarget) || statSync(configTarget).mtimeMs < statSync(configModule).mtimeMs) {
  const { ajv, validate } = compileConfigSchema(true);
  writeFileSync(configTarget, standaloneCode(ajv, validate));
}
