/**
 * Loading OpenAPI 3.2 (issue 31, part A): validated against the 3.2 meta-schema with positions, no "read as
 * 3.1" warning; `$self` as the base URI of references (test/oas32/a-self: the root file is `root.yaml`, its
 * `$self` is `https://example.com/api/openapi`, and the documents name each other by their `$self`);
 * `components.mediaTypes` and `$ref` to them, resolved before the model reads them.
 *
 * Oracle for validity: Ajv 2020 with the OAI's 3.2 meta-schema as published in the shared corpus (not the
 * npm copy the loader uses).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isSpecError, loadSpec } from '../../generator/src/load/index.ts';
import { buildModel } from '../../generator/src/model/index.ts';
import { repoRoot, sharedCorpusDir, tempDir } from '../helpers/paths.ts';
import { oai32Validator } from './a-oai-schema.ts';

const here = path.join(repoRoot, 'test/oas32');
const tmp = tempDir('socialgen-oas32a-load-');
afterAll(() => tmp.remove());

describe('OpenAPI 3.2 load', () => {
  it('reads a 3.2 document with $self, components.mediaTypes and documents naming each other, without warnings', async () => {
    const validate = oai32Validator();
    for (const file of ['a-self/root.yaml', 'a-self/shared.yaml']) expect(validate(parse(readFileSync(path.join(here, file), 'utf8'))), file).toBe(true);
    const loaded = await loadSpec(path.join(here, 'a-self/root.yaml'));
    expect(loaded.warnings).toEqual([]);
    expect(loaded.files.map((f) => path.relative(here, f))).toEqual(['a-self/root.yaml', 'a-self/schemas/pet.yaml', 'a-self/shared.yaml']);
    const { model, warnings } = buildModel(loaded);
    expect(warnings).toEqual([]);
    const op = model.operations[0]!;
    // `$ref: https://example.com/api/openapi#/components/schemas/Id` names this document: the component.
    expect(op.parameters[0]!.schema).toMatchObject({ $ref: '#/components/schemas/Id' });
    // The response's Media Type Object is a `$ref` to components.mediaTypes; the model reads its schema
    // (schemas/pet.yaml, relative to $self), whose owner comes from shared.yaml, whose id names the root back.
    const media = op.responses[0]!.content[0]!;
    expect(media.mediaType).toBe('application/json');
    expect(media.pointer).toBe('/components/mediaTypes/Pet');
    expect(JSON.stringify(media.schema)).toContain('"owner"');
    expect(JSON.stringify(media.schema)).toContain('#/components/schemas/Id');
  });

  it('reports 3.2 meta-schema violations at their place (exit-2 errors), and the oracle agrees they are invalid', async () => {
    const validate = oai32Validator();
    const text = [
      'openapi: 3.2.0',
      'info: {title: t, version: "1"}',
      'paths:',
      '  /a:',
      '    additionalOperations:',
      '      POST:',
      '        responses: {"200": {description: ok}}',
      '    get:',
      '      parameters:',
      '        - {name: q, in: querystring, schema: {type: string}}',
      '      responses: {"200": {description: ok}}',
      '',
    ].join('\n');
    expect(validate(parse(text))).toBe(false);
    const file = path.join(tmp.dir, 'bad.yaml');
    writeFileSync(file, text);
    const error = await loadSpec(file).then(() => undefined, (e: unknown) => e);
    expect(isSpecError(error)).toBe(true);
    const places = (error as { diagnostics: Array<{ line?: number; column?: number; message: string }> }).diagnostics.map((d) => `${d.line}:${d.column}: ${d.message}`);
    expect(places.some((p) => p.startsWith('6:7: ') && p.includes('OpenAPI 3.2 schema'))).toBe(true);
    expect(places.some((p) => p.startsWith('10:11: ') && p.includes('OpenAPI 3.2 schema'))).toBe(true);
  });

  it('refuses what the 3.2 text forbids and the meta-schema lets through, at its place', async () => {
    const text = [
      'openapi: 3.2.0',
      'info: {title: t, version: "1"}',
      'paths:',
      '  /a:',
      '    parameters:',
      '      - {name: page, in: query, schema: {type: integer}}',
      '    get:',
      '      parameters:',
      '        - name: all',
      '          in: querystring',
      '          content: {application/json: {schema: {type: object}}}',
      '      responses: {"200": {description: ok}}',
      '    additionalOperations:',
      '      post:',
      '        responses: {"200": {description: ok}}',
      '',
    ].join('\n');
    // The oracle: valid for the meta-schema (lower-case `post` is another token to it; querystring beside query is its prose's rule).
    expect(oai32Validator()(parse(text))).toBe(true);
    const file = path.join(tmp.dir, 'forbidden.yaml');
    writeFileSync(file, text);
    const loaded = await loadSpec(file);
    const error = (() => {
      try {
        buildModel(loaded);
      } catch (e) {
        return e;
      }
    })();
    expect(isSpecError(error)).toBe(true);
    const found = (error as { diagnostics: Array<{ line?: number; column?: number; message: string }> }).diagnostics.map((d) => `${d.line}:${d.column}: ${d.message}`);
    expect(found).toEqual([
      expect.stringMatching(/^9:11: an `in: querystring` parameter describes the whole query string, so the operation cannot also have `in: query` parameters \("page"\)$/),
      expect.stringMatching(/^14:7: additionalOperations must not name "post"/),
    ]);
  });

  it('warns when a file reached through the $self tree names another $self', async () => {
    const root = path.join(tmp.dir, 'mirror', 'root.yaml');
    mkdirSync(path.dirname(root), { recursive: true });
    writeFileSync(root, ['openapi: 3.2.0', '$self: https://example.com/api/openapi', 'info: {title: t, version: "1"}', 'components:', '  schemas:', '    A:', '      $ref: other#/components/schemas/B', ''].join('\n'));
    writeFileSync(path.join(tmp.dir, 'mirror', 'other.yaml'), ['openapi: 3.2.0', '$self: https://example.com/elsewhere', 'info: {title: o, version: "1"}', 'components:', '  schemas:', '    B: {type: string}', ''].join('\n'));
    const loaded = await loadSpec(root);
    expect(loaded.warnings.map((w) => `${path.basename(w.file!)}:${w.line}:${w.column}: ${w.message}`)).toEqual([
      expect.stringMatching(/^root\.yaml:7:7: \$ref resolves to https:\/\/example\.com\/api\/other, read from .*other\.yaml, whose \$self is https:\/\/example\.com\/elsewhere$/),
    ]);
  });

  it('loads the OpenAPI Initiative 3.2 example without the 3.1 warning', async () => {
    const loaded = await loadSpec(path.join(sharedCorpusDir, 'specs/oai-examples/v3.2/3.2-tags-example.yaml'));
    expect(loaded.openapi).toMatch(/^3\.2\./);
    expect(loaded.warnings).toEqual([]);
  });
});
